import type { z } from "zod";
import {
  assetTypesResponse,
  assetsResponse,
  countriesResponse,
  datesResponse,
  detailsResponse,
  deviceTypesResponse,
  formatsResponse,
  integrationTypesResponse,
} from "./reference";

/**
 * One contract for the client and the emulator: every path lives here once, with the schema
 * of its answer, so the two cannot drift apart.
 */
export const REFERENCE_ROUTES = {
  details: { path: "/details", response: detailsResponse },
  dates: { path: "/dates", response: datesResponse },
  countries: { path: "/countries", response: countriesResponse },
  formats: { path: "/formats", response: formatsResponse },
  integrationTypes: { path: "/integration-types", response: integrationTypesResponse },
  deviceTypes: { path: "/device-types", response: deviceTypesResponse },
  assetTypes: { path: "/asset-types", response: assetTypesResponse },
  assets: { path: "/assets", response: assetsResponse },
} as const satisfies Record<string, { path: string; response: z.ZodType }>;

export type ReferenceRouteName = keyof typeof REFERENCE_ROUTES;
export type ReferenceResult<Name extends ReferenceRouteName> = z.output<(typeof REFERENCE_ROUTES)[Name]["response"]>;

export const STATS_ROUTES = {
  json: "/stats",
  xlsx: "/stats/xls",
  csv: "/stats/csv",
} as const;

export const LEGACY_ROUTES = {
  applications: "/reporting/v1/applications",
  stats: "/reporting/v1/stats",
} as const;

/**
 * Limits the emulator enforces and documents; the real service's are not published, so the
 * client pages within them and copes with a 400 that names any other limit.
 */
export const SERVICE_LIMITS = {
  /** Largest `limit` of one /stats page. */
  maxLimit: 10_000,
  /**
   * Largest file of /stats/csv and /stats/xls: a file is one download, not a page, so it may
   * hold far more than one JSON page, yet stays well inside Excel's 1,048,576 rows.
   */
  maxExportRows: 500_000,
  /** Longest period of one request, in days counted inclusively (three years). */
  maxPeriodDays: 1_096,
  /** Largest request body, in bytes. */
  maxBodyBytes: 1_000_000,
} as const;
