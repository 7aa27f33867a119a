import { AbortedError, TimeoutError, type ConnectionCause } from "./errors";
import { patternRedactor, type Redactor } from "./redact";
import { decideRetry, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy";
import { pause, defaultSleep, startDeadline } from "./transport/deadline";
import { failedAttempt, probe } from "./transport/failures";
import { readAnswer } from "./transport/read-answer";
import { send } from "./transport/send";
import type {
  AttemptResult,
  FetchLike,
  RetryEvent,
  Transport,
  TransportOptions,
  TransportRequest,
  TransportResponse,
} from "./transport/types";

/**
 * The one way the add-in talks HTTP: a timeout per attempt, retries with backoff, and
 * cancellation. Everything that varies between Excel, a browser and a test (fetch, sleeping,
 * the clock, randomness) is injected.
 */

export { defaultSleep } from "./transport/deadline";
export type {
  BodyReader,
  FetchLike,
  FetchResponse,
  RetryEvent,
  Sleep,
  Transport,
  TransportOptions,
  TransportRequest,
  TransportResponse,
} from "./transport/types";

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

export function createTransport(options: TransportOptions = {}): Transport {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limits = {
    maxJsonBytes: options.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES,
    maxExportBytes: options.maxExportBytes ?? DEFAULT_MAX_EXPORT_BYTES,
  };
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    ...options.retry,
  };

  async function attempt(
    request: TransportRequest,
    redactor: Redactor,
    attemptNumber: number,
    probeOnce: () => Promise<ConnectionCause>,
  ): Promise<AttemptResult<string | Uint8Array>> {
    const callerSignal = request.signal;
    const deadline = startDeadline(timeoutMs, callerSignal);
    const signal = deadline.signal;
    // Once an answer has begun, the address works: a failure after it is the connection breaking.
    let answered = false;
    try {
      const sent = await send(fetchImpl, request, signal, redactor);
      if ("error" in sent) return { error: sent.error, outcome: { kind: "final" } };
      answered = true;
      return await readAnswer(sent.response, request, limits, { signal, redactor, attemptNumber, now });
    } catch (failure) {
      if (callerSignal?.aborted) throw new AbortedError({ route: request.route, redactor });
      if (deadline.expired)
        return { error: new TimeoutError({ route: request.route, timeoutMs, redactor }), outcome: { kind: "timeout" } };
      const failed = await failedAttempt(failure, request, { answered, redactor, probeOnce, options });
      // The caller may have cancelled while the address was probed: a cancellation wins.
      if (callerSignal?.aborted) throw new AbortedError({ route: request.route, redactor });
      return failed;
    } finally {
      deadline.release();
    }
  }

  /** Attempts the request until it succeeds or the retry policy says to stop, waiting between attempts as it says. */
  async function request(request: TransportRequest): Promise<TransportResponse<string | Uint8Array>> {
    const redactor = request.redactor ?? options.redactor ?? patternRedactor;
    const started = now();
    // Probed once per request: its attempts go to the same origin seconds apart, and each probe
    // would take up to the probe's timeout of the retry budget.
    let probed: Promise<ConnectionCause> | undefined;
    const probeOnce = () => (probed ??= probe(options, request.url, request.signal));
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
        redactor.redact(
          `${request.method} ${request.route}: retry ${event.retry} of ${policy.maxRetries} in ${Math.round(event.delayMs)} ms (${event.reason})`,
        ),
      );
      options.onRetry?.(event);
      await pause(sleep, decision.delayMs, request.route, request.signal, redactor);
    }
  }

  return { request } as Transport;
}
