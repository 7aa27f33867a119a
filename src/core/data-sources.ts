import type {
  ApplicationsResponse,
  LegacyGroupBy,
  LegacyStatsResponse,
  ReferenceResult,
  StatsEntry,
  StatsRequest,
  StatsResponse,
} from "../api";
import type { PagesProgress } from "../client";

/** The last argument of every source method, as the clients take it. */
export interface SourceCallOptions {
  signal?: AbortSignal;
}

/** What the functions need of the bearer interface; `ReportingClient` fits as it is. */
export interface StatsSource {
  /** One page of a /stats answer, as the request's offset and limit ask. */
  stats(request: StatsRequest, options?: SourceCallOptions): Promise<StatsResponse>;
  /** Every page of a /stats answer. */
  statsAll(
    request: StatsRequest,
    options?: SourceCallOptions & { onProgress?: (progress: PagesProgress) => void },
  ): Promise<{ stats: StatsEntry[]; total: number }>;
  details(options?: SourceCallOptions): Promise<ReferenceResult<"details">>;
  dates(options?: SourceCallOptions): Promise<ReferenceResult<"dates">>;
  countries(options?: SourceCallOptions): Promise<ReferenceResult<"countries">>;
  formats(options?: SourceCallOptions): Promise<ReferenceResult<"formats">>;
  integrationTypes(options?: SourceCallOptions): Promise<ReferenceResult<"integrationTypes">>;
  deviceTypes(options?: SourceCallOptions): Promise<ReferenceResult<"deviceTypes">>;
  assetTypes(options?: SourceCallOptions): Promise<ReferenceResult<"assetTypes">>;
  assets(options?: SourceCallOptions): Promise<ReferenceResult<"assets">>;
}

/** What the functions need of the legacy interface; `LegacyClient` fits as it is. */
export interface LegacySource {
  applications(options?: SourceCallOptions): Promise<ApplicationsResponse>;
  stats(
    params: { from?: string; to?: string; groupBy?: LegacyGroupBy[] },
    options?: SourceCallOptions,
  ): Promise<LegacyStatsResponse>;
}

/**
 * The credentials a call runs with, as the office layer resolves them from the task pane's
 * profiles: the active one, or the one named by profile=.
 */
export interface ReportingConnection {
  /**
   * Identifies the profile and the version of its credentials in cache keys (for example its
   * name and when it was last saved): never the token, key or secret themselves.
   */
  key: string;
  /** The profile's name, used in messages. */
  profileName?: string;
  bearer?: StatsSource | undefined;
  legacy?: LegacySource | undefined;
}

/**
 * Resolves credentials for a call. Throws MissingCredentialsError when no profile is signed in or
 * the named one does not exist. Resolve from memory when possible: VALUE calls are batched only
 * if they reach the batcher together.
 */
export type Connect = (profile: string | undefined) => ReportingConnection | Promise<ReportingConnection>;
