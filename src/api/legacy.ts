import { z } from "zod";
import { calendarDate } from "./primitives";

export const LEGACY_GROUP_BY = ["month", "day", "ad_unit_id", "country"] as const;
export const legacyGroupBy = z.enum(LEGACY_GROUP_BY);
export type LegacyGroupBy = z.infer<typeof legacyGroupBy>;

const DEFAULT_AD_UNIT = /^\d+_default$/;
const UUID_LIKE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Ad unit ids are `<app_key>_default` or a UUID (spec 2.3). */
export const legacyAdUnitId = z
  .string()
  .refine((id) => DEFAULT_AD_UNIT.test(id) || UUID_LIKE.test(id), { message: "must be <app_key>_default or a UUID" });

export const adUnitDetail = z.object({
  id: z.string(),
  name: z.string(),
  // Only interstitial and optin_video are documented; the full list is not, so any text.
  type: z.string(),
});

/** One application record (spec 2.3). Unknown fields are kept for the caller. */
export const application = z.looseObject({
  publisher_id: z.number().int(),
  publisher_name: z.string(),
  app_key: z.number().int(),
  // The type of a non-null error is not documented.
  error: z.unknown().optional(),
  bundle: z.string(),
  name: z.string(),
  ad_unit_ids: z.array(z.string()),
  platform: z.string(),
  ad_unit_details: z.array(adUnitDetail),
});
export type Application = z.infer<typeof application>;

export const applicationsResponse = z.object({ applications: z.array(application) });
export type ApplicationsResponse = z.infer<typeof applicationsResponse>;

/** Query of GET /reporting/v1/stats (spec 4.3). Dates are optional: the service has defaults. */
export const legacyStatsQuery = z
  .object({
    from_date: calendarDate.optional(),
    to_date: calendarDate.optional(),
    group_by: z.array(legacyGroupBy).optional(),
  })
  .refine((query) => !query.from_date || !query.to_date || query.from_date <= query.to_date, {
    message: "from_date must be on or before to_date",
    path: ["to_date"],
  })
  .refine((query) => new Set(query.group_by ?? []).size === (query.group_by ?? []).length, {
    message: "each grouping may appear once",
    path: ["group_by"],
  });
export type LegacyStatsQuery = z.infer<typeof legacyStatsQuery>;

export const legacyStats = z.object({
  impressions: z.number(),
  revenue: z.number(),
  requests: z.number(),
  ecpm: z.number(),
});
export type LegacyStats = z.infer<typeof legacyStats>;

/** A node of the nested aggregation: a leaf has `stats`, an inner node an `aggregation`. */
export type LegacyAggregationNode = {
  stats?: LegacyStats | undefined;
  aggregation?: Record<string, LegacyAggregationNode> | undefined;
};

export const legacyAggregationNode: z.ZodType<LegacyAggregationNode> = z.lazy(() =>
  z.object({
    stats: legacyStats.optional(),
    aggregation: z.record(z.string(), legacyAggregationNode).optional(),
  }),
);

/** Response of GET /reporting/v1/stats (spec 2.4). */
export const legacyStatsResponse = z.looseObject({
  info: z.string().optional(),
  fromDate: calendarDate,
  toDate: calendarDate,
  applications: z.array(z.number().int()),
  applicationInfos: z.array(z.looseObject({ apiKey: z.number().int(), platform: z.string() })),
  aggregationDescription: z.string(),
  // Without group_by the top level may carry the totals directly as `stats`.
  aggregation: z.record(z.string(), legacyAggregationNode).optional(),
  stats: legacyStats.optional(),
});
export type LegacyStatsResponse = z.infer<typeof legacyStatsResponse>;
