export * from "./errors";
export { createRedactor, patternRedactor, REDACTED, type Redactor } from "./redact";
export * from "./retry-policy";
export {
  createTransport,
  defaultSleep,
  DEFAULT_MAX_EXPORT_BYTES,
  DEFAULT_MAX_JSON_BYTES,
  DEFAULT_TIMEOUT_MS,
  type BodyReader,
  type FetchLike,
  type FetchResponse,
  type RetryEvent,
  type Sleep,
  type Transport,
  type TransportOptions,
  type TransportRequest,
  type TransportResponse,
} from "./transport";
export { isTransport, type RequestOptions } from "./client-options";
export { ReportingClient, type ReportingClientOptions, type StatsAllOptions } from "./reporting-client";
export { LegacyClient, type LegacyClientOptions, type LegacyStatsParams } from "./legacy-client";
export type { AllStats, PagesProgress } from "./stats-pages";
export { markServes, servesCaller } from "./signal-lineage";
export { readStatsResponse, parseJsonAnswer } from "./read-response";
export { formatPath, type PlainIssue } from "./issues";
