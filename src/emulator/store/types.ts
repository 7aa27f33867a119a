import type {
  Application,
  LegacyAggregationNode,
  LegacyGroupBy,
  LegacyStats,
  StatsEntry,
  StatsRequest,
} from "../../api";

/**
 * The boundary between the emulator's HTTP layer and its database. The HTTP layer validates
 * requests with the shared schemas, checks credentials and limits, then asks the store; the
 * store only answers questions about data the caller is already allowed to see.
 */

export interface DataOptions {
  /** Seed of the deterministic generator. */
  seed: number;
  /** Number of days of daily data, ending yesterday relative to `today`. */
  days: number;
  /** Multiplies the number of assets, ad units and countries per day (size of the data set). */
  scale: number;
  /** The emulator's notion of today (YYYY-MM-DD); injectable so tests are reproducible. */
  today: string;
  /**
   * Whether recent days' numbers move as the clock advances (../data/restatements). Off, the
   * numbers never depend on the clock.
   */
  restatements: boolean;
}

export interface Organization {
  id: string;
  name: string;
}

export interface AssetRecord {
  id: string;
  name: string;
  organizationId: string;
  assetType: "ANDROID" | "IOS" | "WEB";
  bundle: string;
  adUnits: { id: string; name: string; format: string }[];
}

export interface BearerCredential {
  token: string;
  organizations: string[];
}

export interface LegacyCredential {
  apiKey: string;
  apiSecret: string;
  applications: number[];
}

export interface DemoCredentials {
  bearer: BearerCredential[];
  legacy: LegacyCredential[];
}

export interface StatsAnswer {
  stats: StatsEntry[];
  /** Entries before offset and limit. */
  total: number;
}

export interface LegacyStatsAnswer {
  fromDate: string;
  toDate: string;
  /** Totals over the period when `groupBy` is empty. */
  stats?: LegacyStats;
  aggregation?: Record<string, LegacyAggregationNode>;
}

export interface ReportingStore {
  readonly credentials: DemoCredentials;
  /** First and last day holding data, as of the clock's today. */
  readonly period: { from: string; to: string };
  /** The clock: the day the service believes it is (YYYY-MM-DD). */
  readonly today: string;
  /**
   * Moves the clock. With restatements, answers then show the data as of `day`: recent days
   * restated, nothing from `day` on. Without, only the clock moves. Refuses (RangeError) a day
   * outside the data the store generated.
   */
  setToday(day: string): void;
  organizations(ids: readonly string[]): Promise<Organization[]>;
  /** `request` is already validated and `request.filters.organizations` already narrowed to the caller's. */
  stats(request: StatsRequest & { filters: { organizations: string[] } }): Promise<StatsAnswer>;
  countries(organizations: readonly string[]): Promise<{ code: string; name: string }[]>;
  formats(organizations: readonly string[]): Promise<string[]>;
  integrationTypes(organizations: readonly string[]): Promise<string[]>;
  deviceTypes(organizations: readonly string[]): Promise<string[]>;
  assetTypes(organizations: readonly string[]): Promise<string[]>;
  assets(organizations: readonly string[]): Promise<AssetRecord[]>;
  applications(appKeys: readonly number[]): Promise<Application[]>;
  legacyStats(query: {
    appKeys: readonly number[];
    from: string;
    to: string;
    groupBy: readonly LegacyGroupBy[];
  }): Promise<LegacyStatsAnswer>;
  close(): Promise<void>;
}
