import {
  LEGACY_ROUTES,
  REFERENCE_ROUTES,
  STATS_ROUTES,
  type ReferenceResult,
  type ReferenceRouteName,
} from "../api/routes";
import type {
  ApplicationsResponse,
  LegacyGroupBy,
  LegacyStatsResponse,
  StatsEntry,
  StatsRequest,
  StatsResponse,
} from "../api";
import type { PagesProgress } from "../client";
import type { LegacySource, ReportingConnection, StatsSource } from "./data-sources";
import { MissingCredentialsError } from "./missing-credentials";
import type { QueryCache } from "./query-cache";
import { queryKey } from "./query-key";

/**
 * Every call to the service that the formulas and the task pane share, through one QueryCache:
 * a COUNTRIES formula and the pane's country picker, or a preview and the STATS formula it
 * inserts, ask the same key, so they share one request in flight and one cached answer. The
 * keys live here only, so no surface can drift into keys of its own.
 */

export interface SharedCallOptions {
  signal?: AbortSignal | undefined;
  /** How long a cached answer counts as fresh for this call; the cache's default otherwise. */
  ttlMs?: number | undefined;
}

export type LegacyStatsParams = { from?: string; to?: string; groupBy?: LegacyGroupBy[] };

/** The bearer source of a connection, or the error that asks the user to add a token. */
export function requireBearer(connection: ReportingConnection, profile: string | undefined): StatsSource {
  if (connection.bearer) return connection.bearer;
  throw new MissingCredentialsError({ profile: profile ?? connection.profileName, needs: "bearer" });
}

/** The legacy source of a connection, or the error that asks the user to add a key and secret. */
export function requireLegacy(connection: ReportingConnection, profile: string | undefined): LegacySource {
  if (connection.legacy) return connection.legacy;
  throw new MissingCredentialsError({ profile: profile ?? connection.profileName, needs: "legacy" });
}

export class ServiceCache {
  constructor(private readonly cache: QueryCache) {}

  /**
   * Every page of a /stats answer. `onProgress` hears the pages of a listing this call starts;
   * a call that joins one already in flight, or finds it cached, hears nothing.
   */
  stats(
    connection: ReportingConnection,
    source: StatsSource,
    request: StatsRequest,
    call: SharedCallOptions & { onProgress?: (progress: PagesProgress) => void } = {},
  ): Promise<{ stats: StatsEntry[]; total: number }> {
    const { onProgress, ...shared } = call;
    return this.cache.get(
      queryKey("stats", connection.key, request),
      (signal) => source.statsAll(request, { signal, ...(onProgress ? { onProgress } : {}) }),
      { ...shared, route: STATS_ROUTES.json },
    );
  }

  /**
   * Keeps a whole answer read another way (a preview's one page that held every row) as the answer
   * to `request`, so that a formula asking the same next reuses it as it would a listing's.
   */
  rememberStats(
    connection: ReportingConnection,
    request: StatsRequest,
    answer: { stats: StatsEntry[]; total: number },
    call: SharedCallOptions = {},
  ): Promise<{ stats: StatsEntry[]; total: number }> {
    return this.cache.get(queryKey("stats", connection.key, request), async () => answer, {
      ...call,
      route: STATS_ROUTES.json,
    });
  }

  /** One page of a /stats answer (the request's own offset and limit), as the service sent it, `total` included when it did. */
  statsPage(
    connection: ReportingConnection,
    source: StatsSource,
    request: StatsRequest,
    call: SharedCallOptions = {},
  ): Promise<StatsResponse> {
    return this.cache.get(
      queryKey("stats-page", connection.key, request),
      (signal) => source.stats(request, { signal }),
      {
        ...call,
        route: STATS_ROUTES.json,
      },
    );
  }

  reference<Name extends ReferenceRouteName>(
    connection: ReportingConnection,
    source: StatsSource,
    name: Name,
    call: SharedCallOptions = {},
  ): Promise<ReferenceResult<Name>> {
    const route = REFERENCE_ROUTES[name].path;
    return this.cache.get(
      queryKey(route, connection.key, null),
      (signal) => source[name]({ signal }) as Promise<ReferenceResult<Name>>,
      {
        ...call,
        route,
      },
    );
  }

  applications(
    connection: ReportingConnection,
    source: LegacySource,
    call: SharedCallOptions = {},
  ): Promise<ApplicationsResponse> {
    const route = LEGACY_ROUTES.applications;
    return this.cache.get(queryKey(route, connection.key, null), (signal) => source.applications({ signal }), {
      ...call,
      route,
    });
  }

  legacyStats(
    connection: ReportingConnection,
    source: LegacySource,
    params: LegacyStatsParams,
    call: SharedCallOptions = {},
  ): Promise<LegacyStatsResponse> {
    const route = LEGACY_ROUTES.stats;
    return this.cache.get(queryKey(route, connection.key, params), (signal) => source.stats(params, { signal }), {
      ...call,
      route,
    });
  }

  /** Forgets every answer (Refresh all, a switch of profile). */
  clear(): void {
    this.cache.clear();
  }
}
