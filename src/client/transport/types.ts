import type { CredentialKind, ReportingError } from "../errors";
import type { BodyReader } from "../bounded-read";
import type { Redactor } from "../redact";
import type { AttemptOutcome, RetryPolicy } from "../retry-policy";

/**
 * What the transport takes and gives: the part of fetch it uses (so that fakes stay small), its
 * options, a request and its answer.
 */

export type { BodyReader } from "../bounded-read";

/** The part of a fetch Response the transport reads, so that fakes stay small. */
export interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  /** `opaqueredirect` when a browser stopped at a redirect it was told not to follow. */
  type?: string;
  /** Read when present, so that a huge answer is cut off rather than held whole. */
  body?: { getReader(): BodyReader } | null;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal: AbortSignal;
    redirect?: "follow" | "manual" | "error";
  },
) => Promise<FetchResponse>;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryEvent {
  route: string;
  /** The retry about to happen: 1 for the first retry. */
  retry: number;
  delayMs: number;
  /** Why the previous attempt failed (redacted). */
  reason: string;
  /** Set when the service asked for this wait (Retry-After), so that a pane can say so. */
  retryAfterMs?: number;
  /**
   * The request's signal, when it has one: with servesCaller (signal-lineage.ts) a listener
   * tells the retries of its own requests from those of others on the page.
   */
  signal?: AbortSignal;
}

export interface TransportOptions {
  fetch?: FetchLike;
  sleep?: Sleep;
  now?: () => number;
  random?: () => number;
  /**
   * Per attempt, body included. 45 s stays below the roughly 60 s after which Excel on Mac
   * drops a fetch, so the user sees our message rather than a bare network failure.
   */
  timeoutMs?: number;
  maxRetries?: number;
  retry?: Partial<RetryPolicy>;
  /** Used when a request brings no redactor of its own. */
  redactor?: Redactor;
  onRetry?: (event: RetryEvent) => void;
  /** Receives diagnostic lines, always redacted. */
  log?: (line: string) => void;
  /**
   * The origin of the page the add-in runs in (`location.origin`, passed by src/office): a
   * request to another origin that fails without an answer was most likely blocked by the
   * browser, which deserves another message than "check the internet connection".
   */
  pageOrigin?: string | undefined;
  /**
   * False when the computer has no network at all (`navigator.onLine`, passed by src/office):
   * the message then says so instead of doubting the address.
   */
  isOnline?: () => boolean;
  /**
   * True when something answers at `address` (another origin's root) to a request without
   * credentials whose answer nobody reads (a browser's `no-cors` fetch, passed by src/office):
   * it tells a service that only lacks CORS headers from an address where nothing listens.
   * Without it, a failure on another origin is taken for the browser's refusal.
   */
  probeReachable?: (address: string, signal: AbortSignal) => Promise<boolean>;
  /** The largest JSON answer read (default `DEFAULT_MAX_JSON_BYTES`). */
  maxJsonBytes?: number;
  /** The largest export (an Excel file, a CSV text) read (default `DEFAULT_MAX_EXPORT_BYTES`). */
  maxExportBytes?: number;
}

export interface TransportRequest {
  method: "GET" | "POST";
  url: string;
  /** The route for messages, e.g. `/stats`: never the URL, which may hold credentials. */
  route: string;
  headers?: Record<string, string>;
  body?: string;
  /** How to read a successful answer: text (default) or bytes (Excel files). */
  responseType?: "text" | "bytes";
  /** A text export (CSV): held to the export size limit, like bytes, instead of the JSON one. */
  isExport?: boolean;
  signal?: AbortSignal | undefined;
  /** Which credentials the request carries, so that a 401 names the right thing to check. */
  credentials?: CredentialKind;
  /** Hides this request's credentials from errors and logs. */
  redactor?: Redactor;
}

export interface TransportResponse<Body> {
  status: number;
  headers: { get(name: string): string | null };
  body: Body;
  /** Attempts made, 1 when the first one succeeded. */
  attempts: number;
}

export interface Transport {
  request(request: TransportRequest & { responseType: "bytes" }): Promise<TransportResponse<Uint8Array>>;
  request(request: TransportRequest & { responseType?: "text" }): Promise<TransportResponse<string>>;
  request(request: TransportRequest): Promise<TransportResponse<string | Uint8Array>>;
}

/** One attempt's end: an answer to give the caller, or an error and what the retry policy needs to know of it. */
export type AttemptResult<Body> =
  { response: TransportResponse<Body> } | { error: ReportingError; outcome: AttemptOutcome };
