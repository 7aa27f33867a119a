import {
  AbortedError,
  AnswerTooLargeError,
  ConnectionError,
  errorFromResponse,
  isErrorLike,
  RedirectError,
  ResponseValidationError,
  TimeoutError,
  type ConnectionCause,
  type CredentialKind,
  type ReportingError,
} from "./errors";
import { NEVER_ABORTED, readUpTo, untilAborted, type BodyReader } from "./bounded-read";
import { patternRedactor, type Redactor } from "./redact";
import { classifyUnanswered, failureCodeOf, failureCodesOf, probeAddress } from "./unanswered";
import { decideRetry, DEFAULT_RETRY_POLICY, parseRetryAfter, type AttemptOutcome, type RetryPolicy } from "./retry-policy";

/**
 * The one way the add-in talks HTTP: a timeout per attempt, retries with backoff, and
 * cancellation. Everything that varies between Excel, a browser and a test (fetch, sleeping,
 * the clock, randomness) is injected.
 */

export type { BodyReader } from "./bounded-read";

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

export const DEFAULT_TIMEOUT_MS = 45_000;

const MB = 1024 * 1024;
/**
 * One /stats page holds at most 10,000 rows (SERVICE_LIMITS.maxLimit): about 1.8 MB with a
 * few groups, 3.8 MB with all nine groups and four metrics (measured on the emulator);
 * reference lists are smaller. 64 MB holds 16 of the widest pages (room for longer names or a
 * service paging larger), while JSON.parse of more would need several hundred MB of objects
 * in a web view that Excel shares with the workbook.
 */
export const DEFAULT_MAX_JSON_BYTES = 64 * MB;
/**
 * Exports are one download of up to 500,000 rows (SERVICE_LIMITS.maxExportRows): about 75 MB
 * of CSV at 150 bytes a row, and far less as a compressed .xlsx. They are held as bytes, not
 * parsed into objects, so they may be larger than a JSON answer.
 */
export const DEFAULT_MAX_EXPORT_BYTES = 256 * MB;
/** Enough of an error body for the service's message and a diagnostic excerpt (ApiError keeps 2,000 characters). */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** Same-origin redirects followed per attempt; more is a loop, or close enough to one. */
const MAX_REDIRECTS = 5;

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

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Headers services and gateways name their request id with; support asks for it. */
const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "x-correlation-id", "x-amzn-requestid", "x-ms-request-id"];

function requestIdOf(headers: FetchResponse["headers"]): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name)?.trim();
    if (value) return value;
  }
  return undefined;
}

function describeFailure(error: unknown): string {
  if (isErrorLike(error)) {
    const cause = (error as { cause?: unknown }).cause;
    const causeText = isErrorLike(cause) ? `: ${cause.message}` : "";
    return `${error.name}: ${error.message}${causeText}`;
  }
  return String(error);
}

/** Node's fetch reports a body that does not unpack (`content-encoding: gzip` over garbage) with zlib's codes. */
function isDecompressionFailure(error: unknown): boolean {
  return failureCodesOf(error).some((code) => code.startsWith("Z_"));
}

/**
 * An answer whose head Node's fetch (undici) could not parse: the address answered, so it is the
 * answer that is unreadable, not the service that is unreachable. A browser names no code.
 */
function unreadableHead(error: unknown): "too_many_headers" | "not_http" | undefined {
  const codes = failureCodesOf(error);
  if (codes.some((code) => code === "UND_ERR_HEADERS_OVERFLOW" || code === "HPE_HEADER_OVERFLOW")) return "too_many_headers";
  if (codes.some((code) => code.startsWith("HPE_"))) return "not_http";
  return undefined;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** How long a probe may take: it only has to show that something listens. */
const PROBE_TIMEOUT_MS = 5_000;

function isRedirectStatus(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Lets go of a body the transport will not read, so that the connection is freed at once. */
function discard(response: FetchResponse): void {
  try {
    void response.body
      ?.getReader()
      .cancel()
      .catch(() => undefined);
  } catch {
    // A body already read or locked holds nothing more to free.
  }
}

const utf8 = new TextDecoder();

type AttemptResult<Body> = { response: TransportResponse<Body> } | { error: ReportingError; outcome: AttemptOutcome };

export function createTransport(options: TransportOptions = {}): Transport {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxJsonBytes = options.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES;
  const maxExportBytes = options.maxExportBytes ?? DEFAULT_MAX_EXPORT_BYTES;

  /** Whether something answers at another origin: only CORS stands in the way when it does. */
  async function probe(url: string, signal: AbortSignal | undefined): Promise<ConnectionCause> {
    if (!options.probeReachable) return "cross_origin";
    // classifyUnanswered asks for a probe only of a URL that parsed, so the address exists.
    const address = probeAddress(url)!;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      return (await options.probeReachable(address, controller.signal)) ? "cross_origin" : "unreachable";
    } catch {
      return "unreachable";
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** What most likely stopped a request that got no answer at all (src/client/unanswered.ts). */
  async function unansweredCause(url: string, failure: unknown, probeOnce: () => Promise<ConnectionCause>): Promise<ConnectionCause> {
    const verdict = classifyUnanswered({ url, pageOrigin: options.pageOrigin, online: options.isOnline?.(), failureCode: failureCodeOf(failure) });
    return verdict === "probe" ? probeOnce() : verdict;
  }
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    ...options.retry,
  };

  /**
   * Sends the request, following redirects only within its own origin. Credentials go in
   * custom headers that fetch would carry to any site a redirect names, so fetch is told not
   * to follow (`manual`) and each hop is checked here. A browser does not show where a
   * redirect leads (an `opaqueredirect` answer), so there every redirect is refused.
   */
  async function send(request: TransportRequest, signal: AbortSignal, redactor: Redactor): Promise<{ response: FetchResponse } | { error: ReportingError }> {
    const guarded = request.credentials !== undefined;
    let url = request.url;
    let method: string = request.method;
    let body = request.body;
    for (let hops = 0; ; hops += 1) {
      const init = {
        method,
        headers: request.headers ?? {},
        signal,
        ...(body === undefined ? {} : { body }),
        ...(guarded ? { redirect: "manual" as const } : {}),
      };
      const response = await untilAborted(fetchImpl(url, init), signal);
      if (!guarded) return { response };
      if (response.type === "opaqueredirect") return { error: new RedirectError({ route: request.route, problem: "elsewhere", redactor }) };
      const location = isRedirectStatus(response.status) ? response.headers.get("location") : null;
      if (location === null) return { response };
      discard(response);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return { error: new RedirectError({ route: request.route, problem: "elsewhere", redactor }) };
      }
      // `javascript:`, `data:` or `file:` have no origin (URL says "null"): name the scheme instead.
      if (next.protocol !== "http:" && next.protocol !== "https:") return { error: new RedirectError({ route: request.route, problem: "elsewhere", scheme: next.protocol, redactor }) };
      if (next.origin !== originOf(url)) return { error: new RedirectError({ route: request.route, problem: "elsewhere", target: next.origin, redactor }) };
      if (hops + 1 > MAX_REDIRECTS) return { error: new RedirectError({ route: request.route, problem: "loop", hops: MAX_REDIRECTS, redactor }) };
      // As fetch does: 303 always, and 301 and 302 after a POST, continue as a GET without the body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
      }
      url = next.href;
    }
  }

  async function attempt(
    request: TransportRequest,
    redactor: Redactor,
    attemptNumber: number,
    probeOnce: () => Promise<ConnectionCause>,
  ): Promise<AttemptResult<string | Uint8Array>> {
    const callerSignal = request.signal;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
    const signal = controller.signal;
    // Once an answer has begun, the address works: a failure after it is the connection breaking.
    let answered = false;
    try {
      const sent = await send(request, signal, redactor);
      if ("error" in sent) return { error: sent.error, outcome: { kind: "final" } };
      const { response } = sent;
      answered = true;
      if (response.status >= 200 && response.status <= 299) {
        const isExport = request.responseType === "bytes" || request.isExport === true;
        const limitBytes = isExport ? maxExportBytes : maxJsonBytes;
        const tooLarge = () => ({ error: new AnswerTooLargeError({ route: request.route, limitBytes, isExport, redactor }), outcome: { kind: "final" } as const });
        const declared = Number(response.headers.get("content-length") ?? Number.NaN);
        if (declared > limitBytes) {
          discard(response);
          return tooLarge();
        }
        const { bytes, complete } = await readUpTo(response, limitBytes, signal);
        if (!complete) return tooLarge();
        const body = request.responseType === "bytes" ? bytes : utf8.decode(bytes);
        return { response: { status: response.status, headers: response.headers, body, attempts: attemptNumber } };
      }
      // An unreadable error body must not hide the status, which says more than the body.
      const { bytes } = await readUpTo(response, MAX_ERROR_BODY_BYTES, signal, { keepPartial: true }).catch((failure: unknown) => {
        if (signal.aborted) throw failure;
        return { bytes: new Uint8Array(0) };
      });
      const text = utf8.decode(bytes);
      // Read once: the message says it, and the retry decision waits it.
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), now());
      const error = errorFromResponse(response.status, text, request.route, {
        credentials: request.credentials,
        requestId: requestIdOf(response.headers),
        retryAfterSeconds: retryAfterMs === undefined ? undefined : retryAfterMs / 1_000,
        redactor,
      });
      return { error, outcome: { kind: "status", status: response.status, retryAfterMs } };
    } catch (failure) {
      if (callerSignal?.aborted) throw new AbortedError({ route: request.route, redactor });
      if (timedOut) return { error: new TimeoutError({ route: request.route, timeoutMs, redactor }), outcome: { kind: "timeout" } };
      if (answered && isDecompressionFailure(failure)) {
        return {
          error: new ResponseValidationError({ route: request.route, issues: [{ path: "", message: "damaged" }], unreadable: "damaged", redactor }),
          outcome: { kind: "final" },
        };
      }
      const head = unreadableHead(failure);
      if (head !== undefined) {
        return {
          error: new ResponseValidationError({ route: request.route, issues: [{ path: "", message: head.replace(/_/g, " ") }], unreadable: head, redactor }),
          outcome: { kind: "final" },
        };
      }
      const likelyCause = answered ? "interrupted" : await unansweredCause(request.url, failure, probeOnce);
      if (callerSignal?.aborted) throw new AbortedError({ route: request.route, redactor });
      return {
        error: new ConnectionError({ route: request.route, detail: describeFailure(failure), cause: failure, likelyCause, redactor }),
        outcome: { kind: "network" },
      };
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    }
  }

  async function pause(ms: number, request: TransportRequest, redactor: Redactor): Promise<void> {
    const signal = request.signal ?? NEVER_ABORTED;
    try {
      // The race guards against an injected sleep that ignores the signal.
      await untilAborted(sleep(ms, request.signal), signal);
    } catch (failure) {
      if (signal.aborted) throw new AbortedError({ route: request.route, redactor });
      throw failure;
    }
  }

  async function request(request: TransportRequest): Promise<TransportResponse<string | Uint8Array>> {
    const redactor = request.redactor ?? options.redactor ?? patternRedactor;
    const started = now();
    // Probed once per request: its attempts go to the same origin seconds apart, and each probe
    // would take up to PROBE_TIMEOUT_MS of the retry budget.
    let probed: Promise<ConnectionCause> | undefined;
    const probeOnce = () => (probed ??= probe(request.url, request.signal));
    for (let retriesDone = 0; ; retriesDone += 1) {
      if (request.signal?.aborted) throw new AbortedError({ route: request.route, redactor });
      const result = await attempt(request, redactor, retriesDone + 1, probeOnce);
      if ("response" in result) return result.response;
      const decision = decideRetry(result.outcome, retriesDone, policy, random(), now() - started);
      if (!decision.retry) throw result.error;
      const event: RetryEvent = {
        route: request.route,
        retry: retriesDone + 1,
        delayMs: decision.delayMs,
        reason: result.error.message,
        ...(decision.asked ? { retryAfterMs: decision.delayMs } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      };
      options.log?.(
        redactor.redact(`${request.method} ${request.route}: retry ${event.retry} of ${policy.maxRetries} in ${Math.round(event.delayMs)} ms (${event.reason})`),
      );
      options.onRetry?.(event);
      await pause(decision.delayMs, request, redactor);
    }
  }

  return { request } as Transport;
}
