import type { ReferenceResult } from "../api";
import { readLegacyQuery } from "./arguments/legacy-query";
import { readOptions, REFERENCE_OPTIONS, type HeaderStyle } from "./arguments/options";
import { readStatsQuery, type StatsQuery } from "./arguments/stats-query";
import { readValueQuery } from "./arguments/value-query";
import type { CellInput } from "./cell-values";
import { comparedStatsTable } from "./compare/compared-table";
import { comparisonRequest } from "./compare/comparison-request";
import type { Connect, ReportingConnection } from "./data-sources";
import { applicationsRows } from "./legacy/applications-rows";
import { needsRegrouping, serviceGroupBy } from "./legacy/group-by";
import { legacyStatsRows } from "./legacy/legacy-rows";
import type { Today } from "./periods";
import { QueryCache } from "./query-cache";
import { stableQueryText } from "./query-key";
import { assetRows, optionRows, organizationRows, periodRows } from "./rows/reference-rows";
import type { SpillTable } from "./rows/spill-table";
import { statsRows } from "./rows/stats-rows";
import { requireBearer, requireLegacy, ServiceCache } from "./service-cache";
import { ValueBatcher, type Scheduler } from "./value-batcher";
import { isPreview } from "./value-preview";
import type { PagesProgress } from "../client";
import { combinedProgress, statsPreview, type StatsPreview } from "./stats-preview";

export const DEFAULT_CACHE_TTL_MS = 60_000;

export interface ReportingFunctionsDependencies {
  connect: Connect;
  /** The user's calendar day, YYYY-MM-DD, for period words. */
  today: Today;
  /** Milliseconds, for cache freshness; default Date.now. */
  now?: () => number;
  /** How long answers are reused when a call has no cache= option; default 60 s. */
  cacheTtlMs?: number;
  /** When queued VALUE calls are sent; default setTimeout 0. */
  schedule?: Scheduler;
  maxValueBatchSize?: number;
  /**
   * The page's shared answers (the runtime passes its own, so the task pane's previews and
   * lists share them); a cache of this instance's own otherwise.
   */
  service?: ServiceCache;
}

type ReferenceFunction = (options?: CellInput, signal?: AbortSignal) => Promise<SpillTable>;

/**
 * Every REPORTING function as plain async logic: arguments as Excel passes them in, whole tables
 * or numbers out. The office layer cuts a table to what one spill may carry (spill-fit.ts), on
 * the values as its Excel receives them; the pane's previews, tables and exports take every row.
 */
export interface ReportingFunctions {
  stats(
    from: CellInput,
    to: CellInput,
    groups?: CellInput,
    metrics?: CellInput,
    filters?: CellInput,
    orders?: CellInput,
    options?: CellInput,
    signal?: AbortSignal,
  ): Promise<SpillTable>;
  /**
   * STATS for a query the task pane has already read from its form: "Count all rows", "Insert
   * as table". `onProgress` hears the pages read of the pages known.
   */
  statsTable(
    query: StatsQuery,
    signal?: AbortSignal,
    onProgress?: (progress: PagesProgress) => void,
  ): Promise<SpillTable>;
  /** The pane's Preview: the first page of the query (of each period with compare=), never every page. */
  statsPreview(query: StatsQuery, signal?: AbortSignal): Promise<StatsPreview>;
  value(
    metric: CellInput,
    from: CellInput,
    to: CellInput,
    filters?: CellInput,
    options?: CellInput,
    signal?: AbortSignal,
  ): Promise<number>;
  legacyStats(
    from: CellInput,
    to: CellInput,
    groupBy?: CellInput,
    options?: CellInput,
    signal?: AbortSignal,
  ): Promise<SpillTable>;
  applications: ReferenceFunction;
  countries: ReferenceFunction;
  formats: ReferenceFunction;
  integrationTypes: ReferenceFunction;
  deviceTypes: ReferenceFunction;
  assetTypes: ReferenceFunction;
  assets: ReferenceFunction;
  dates: ReferenceFunction;
  details: ReferenceFunction;
  /** Forgets every cached answer (the task pane's refresh). */
  clearCache(): void;
}

type OptionRoute = "countries" | "formats" | "integrationTypes" | "deviceTypes" | "assetTypes";

export function createReportingFunctions(deps: ReportingFunctionsDependencies): ReportingFunctions {
  const defaultTtlMs = deps.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const service =
    deps.service ?? new ServiceCache(new QueryCache({ now: deps.now ?? (() => Date.now()), defaultTtlMs }));
  const batcher = new ValueBatcher({
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
    ...(deps.maxValueBatchSize !== undefined ? { maxBatchSize: deps.maxValueBatchSize } : {}),
  });
  const ttlOf = (cacheSeconds: number | undefined) => (cacheSeconds === undefined ? defaultTtlMs : cacheSeconds * 1000);

  const statsTable = async (
    query: StatsQuery,
    signal?: AbortSignal,
    onProgress?: (progress: PagesProgress) => void,
  ): Promise<SpillTable> => {
    const connection = await deps.connect(query.profile);
    const bearer = requireBearer(connection, query.profile);
    const call = { signal, ttlMs: ttlOf(query.cacheSeconds) };
    const progressOf = onProgress ? combinedProgress(query.compare === undefined ? 1 : 2, onProgress) : undefined;
    const callFor = (index: number) => (progressOf ? { ...call, onProgress: progressOf(index) } : call);
    if (query.compare === undefined) {
      const answer = await service.stats(connection, bearer, query.request, callFor(0));
      return statsRows(answer.stats, query.request, query.headers);
    }
    // The comparison is one more request through the same cache: a formula and its preview
    // share it, and the query's own answer is shared with the same query without compare=.
    const [answer, comparison] = await Promise.all([
      service.stats(connection, bearer, query.request, callFor(0)),
      service.stats(connection, bearer, comparisonRequest(query.request, query.compare), callFor(1)),
    ]);
    return comparedStatsTable(answer.stats, comparison.stats, query.request, query.headers, query.compare);
  };

  const bearerReference =
    <Name extends OptionRoute | "assets" | "dates" | "details">(
      functionName: string,
      name: Name,
      toRows: (result: ReferenceResult<Name>, headers: HeaderStyle) => SpillTable,
    ): ReferenceFunction =>
    async (options, signal) => {
      const read = readOptions(options, REFERENCE_OPTIONS, functionName);
      const connection = await deps.connect(read.profile);
      const source = requireBearer(connection, read.profile);
      const result = await service.reference(connection, source, name, { signal, ttlMs: ttlOf(read.cacheSeconds) });
      return toRows(result, read.headers);
    };

  // APPLICATIONS and LEGACY.STATS share one cached answer of the applications route.
  const applicationsOf = (
    connection: ReportingConnection,
    profile: string | undefined,
    signal: AbortSignal | undefined,
    ttlMs: number,
  ) => service.applications(connection, requireLegacy(connection, profile), { signal, ttlMs });

  return {
    async stats(from, to, groups, metrics, filters, orders, options, signal) {
      const query = readStatsQuery({ from, to, groups, metrics, filters, orders, options }, deps.today);
      return statsTable(query, signal);
    },

    statsTable,
    statsPreview: (query, signal) => statsPreview({ connect: deps.connect, service, ttlOf }, query, signal),

    async value(metric, from, to, filters, options, signal) {
      const query = readValueQuery({ metric, from, to, filters, options }, deps.today);
      const connection = await deps.connect(query.profile);
      const bearer = requireBearer(connection, query.profile);
      const ttlMs = ttlOf(query.cacheSeconds);
      const preview = isPreview(signal);
      return batcher.request(
        {
          query,
          preview,
          batchKey: stableQueryText([connection.key, query.period, ttlMs, preview]),
          load: async (request, batchSignal) =>
            (await service.stats(connection, bearer, request, { signal: batchSignal, ttlMs })).stats,
        },
        signal,
      );
    },

    async legacyStats(from, to, groupBy, options, signal) {
      const query = readLegacyQuery({ from, to, groupBy, options }, deps.today);
      const connection = await deps.connect(query.profile);
      const legacy = requireLegacy(connection, query.profile);
      const params = {
        ...(query.period ? { from: query.period.from, to: query.period.to } : {}),
        groupBy: serviceGroupBy(query.groupBy),
      };
      const [response, applications] = await Promise.all([
        service.legacyStats(connection, legacy, params, { signal, ttlMs: ttlOf(query.cacheSeconds) }),
        needsRegrouping(query.groupBy)
          ? applicationsOf(connection, query.profile, signal, ttlOf(query.cacheSeconds))
          : Promise.resolve({ applications: [] }),
      ]);
      return legacyStatsRows(response, query.groupBy, query.headers, applications.applications);
    },

    async applications(options, signal) {
      const read = readOptions(options, REFERENCE_OPTIONS, "APPLICATIONS");
      const connection = await deps.connect(read.profile);
      const response = await applicationsOf(connection, read.profile, signal, ttlOf(read.cacheSeconds));
      return applicationsRows(response.applications, read.headers);
    },
    countries: bearerReference("COUNTRIES", "countries", optionRows),
    formats: bearerReference("FORMATS", "formats", optionRows),
    integrationTypes: bearerReference("INTEGRATION_TYPES", "integrationTypes", optionRows),
    deviceTypes: bearerReference("DEVICE_TYPES", "deviceTypes", optionRows),
    assetTypes: bearerReference("ASSET_TYPES", "assetTypes", optionRows),
    assets: bearerReference("ASSETS", "assets", assetRows),
    dates: bearerReference("DATES", "dates", periodRows),
    details: bearerReference("DETAILS", "details", organizationRows),

    clearCache() {
      service.clear();
    },
  };
}
