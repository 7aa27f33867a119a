import {
  AbortedError,
  ConnectionError,
  errorFromResponse,
  TimeoutError,
  type CredentialKind,
  type ReportingError,
} from "./errors";
import { patternRedactor, type Redactor } from "./redact";
import { decideRetry, DEFAULT_RETRY_POLICY, parseRetryAfter, type AttemptOutcome, type RetryPolicy } from "./retry-policy";

/**
 * The one way the add-in talks HTTP: a timeout per attempt, retries with backoff, and
 * cancellation. Everything that varies between Excel, a browser and a test (fetch, sleeping,
 * the clock, randomness) is injected.
 */

/** The part of a fetch Response the transport reads, so that fakes stay small. */
export interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<FetchResponse>;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryEvent {
  route: string;
  /** The retry about to happen: 1 for the first retry. */
  retry: number;
  delayMs: number;
  /** Why the previous attempt failed (redacted). */
  reason: string;
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
}

export const DEFAULT_TIMEOUT_MS = 45_000;

export interface TransportRequest {
  method: "GET" | "POST";
  url: string;
  /** The route for messages, e.g. `/stats`: never the URL, which may hold credentials. */
  route: string;
  headers?: Record<string, string>;
  body?: string;
  /** How to read a successful answer: text (default) or bytes (Excel files). */
  responseType?: "text" | "bytes";
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

const NEVER_ABORTED = new AbortController().signal;

/** Settles like `promise`, or rejects as soon as `signal` aborts, whichever comes first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal === NEVER_ABORTED) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

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
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? `: ${cause.message}` : "";
    return `${error.name}: ${error.message}${causeText}`;
  }
  return String(error);
}

type AttemptResult<Body> = { response: TransportResponse<Body> } | { error: ReportingError; outcome: AttemptOutcome };

export function createTransport(options: TransportOptions = {}): Transport {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    ...options.retry,
  };

  async function attempt(request: TransportRequest, redactor: Redactor, attemptNumber: number): Promise<AttemptResult<string | Uint8Array>> {
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
    try {
      const init = { method: request.method, headers: request.headers ?? {}, signal, ...(request.body === undefined ? {} : { body: request.body }) };
      const response = await untilAborted(fetchImpl(request.url, init), signal);
      if (response.status >= 200 && response.status <= 299) {
        const body =
          request.responseType === "bytes"
            ? new Uint8Array(await untilAborted(response.arrayBuffer(), signal))
            : await untilAborted(response.text(), signal);
        return { response: { status: response.status, headers: response.headers, body, attempts: attemptNumber } };
      }
      // An unreadable error body must not hide the status, which says more than the body.
      const text = await untilAborted(response.text().catch(() => ""), signal);
      const retryAfter = response.headers.get("retry-after");
      const retryAfterMs = parseRetryAfter(retryAfter, now());
      const error = errorFromResponse(response.status, text, request.route, {
        credentials: request.credentials,
        requestId: requestIdOf(response.headers),
        retryAfterSeconds: retryAfterMs === undefined ? undefined : retryAfterMs / 1_000,
        redactor,
      });
      return { error, outcome: { kind: "status", status: response.status, retryAfter } };
    } catch (failure) {
      if (callerSignal?.aborted) throw new AbortedError({ route: request.route, redactor });
      if (timedOut) return { error: new TimeoutError({ route: request.route, timeoutMs, redactor }), outcome: { kind: "timeout" } };
      return {
        error: new ConnectionError({ route: request.route, detail: describeFailure(failure), cause: failure, redactor }),
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
    for (let retriesDone = 0; ; retriesDone += 1) {
      if (request.signal?.aborted) throw new AbortedError({ route: request.route, redactor });
      const result = await attempt(request, redactor, retriesDone + 1);
      if ("response" in result) return result.response;
      const decision = decideRetry(result.outcome, retriesDone, policy, now(), random());
      if (!decision.retry) throw result.error;
      const event: RetryEvent = { route: request.route, retry: retriesDone + 1, delayMs: decision.delayMs, reason: result.error.message };
      options.log?.(
        redactor.redact(`${request.method} ${request.route}: retry ${event.retry} of ${policy.maxRetries} in ${Math.round(event.delayMs)} ms (${event.reason})`),
      );
      options.onRetry?.(event);
      await pause(decision.delayMs, request, redactor);
    }
  }

  return { request } as Transport;
}
