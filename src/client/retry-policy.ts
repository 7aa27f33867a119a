/**
 * When to try a request again and how long to wait first. Pure (time and randomness are
 * arguments) so every branch is testable without a network or a clock.
 *
 * Ideas from openai-node (Retry-After honoured only when reasonable, else exponential
 * backoff capped at 8 s) and stripe-node (retry network failures and 5xx, never other 4xx);
 * jitter is "full jitter" (a uniform delay between 0 and the capped exponential), which
 * spreads out the many cells of a workbook that fail together better than a ±25 % wobble.
 */

export interface RetryPolicy {
  /** Retries after the first attempt; 3 means at most 4 attempts. */
  maxRetries: number;
  /** Backoff ceiling of the first retry; doubles with each retry. */
  baseDelayMs: number;
  /** Backoff never waits longer than this. */
  maxDelayMs: number;
  /**
   * The longest `Retry-After` we sleep through. A longer ask is not shortened (retrying early
   * only earns another 429): the error goes to the user at once, saying how long to wait.
   * A cell gives up after 2 minutes (CALL_DEADLINE_MS in src/core/deadline.ts): three waits of
   * 60 s would end there, blaming "a long period" instead of saying to wait. Three of 10 s
   * and a full attempt still fit.
   */
  maxRetryAfterMs: number;
  /**
   * No wait starts that would end later than this after the first attempt began, so that the
   * attempt after it (45 s at most) still ends before a cell's 2-minute deadline. Counts the
   * attempts' own time, which Retry-After and backoff alone do not.
   */
  retryBudgetMs: number;
  /**
   * Off by default: a query that took the whole timeout usually takes it again, and four
   * 45-second attempts outlast Excel's patience. Network failures are retried regardless.
   */
  retryOnTimeout: boolean;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 10_000,
  retryBudgetMs: 60_000,
  retryOnTimeout: false,
};

/** What one attempt ended with. */
export type AttemptOutcome =
  /** `retryAfterMs`: the wait the service asked for (parseRetryAfter), read once by the transport. */
  | { kind: "status"; status: number; retryAfterMs?: number | undefined }
  | { kind: "network" }
  | { kind: "timeout" }
  /** An answer no retry can change (a redirect elsewhere, an answer too large). */
  | { kind: "final" };

/**
 * `asked` is true when the wait is the one the service named (Retry-After), so that the caller
 * can say so without reading the header a second time.
 */
export type RetryDecision = { retry: false } | { retry: true; delayMs: number; asked: boolean };

/** 408 (the server gave up waiting), 429 (slow down) and every 5xx may succeed on a later try. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * `Retry-After` in milliseconds from now: either delta-seconds or an HTTP date. Undefined
 * when absent, unreadable, or no wait at all (0, or a date already past: a clock skewed
 * against ours): those ask for nothing, so every caller treats them as no header.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (text === "") return undefined;
  const waitMs = waitIn(text, nowMs);
  return waitMs !== undefined && waitMs > 0 ? waitMs : undefined;
}

function waitIn(text: string, nowMs: number): number | undefined {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1_000;
  // Only a date that names a weekday or month, not any text Date.parse happens to accept ("1").
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const when = Date.parse(text);
  return Number.isNaN(when) ? undefined : when - nowMs;
}

/** Full-jitter exponential backoff before retry number `retry` (1 for the first retry). */
export function backoffDelay(retry: number, policy: RetryPolicy, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(Math.min(1, Math.max(0, random)) * ceiling);
}

/**
 * Whether to retry after `outcome`, given that `retriesDone` retries already happened and
 * `elapsedMs` passed since the first attempt began. `random` is a number in [0, 1) used for jitter.
 */
export function decideRetry(
  outcome: AttemptOutcome,
  retriesDone: number,
  policy: RetryPolicy,
  random: number,
  elapsedMs = 0,
): RetryDecision {
  if (retriesDone >= policy.maxRetries) return { retry: false };
  const wait = waitBeforeRetry(outcome, retriesDone + 1, policy, random);
  if (wait === undefined || elapsedMs + wait.delayMs > policy.retryBudgetMs) return { retry: false };
  return { retry: true, ...wait };
}

/** How long to wait before retry number `retry` and whether the service asked for it, or undefined when the outcome is not worth retrying. */
function waitBeforeRetry(
  outcome: AttemptOutcome,
  retry: number,
  policy: RetryPolicy,
  random: number,
): { delayMs: number; asked: boolean } | undefined {
  const backoff = () => ({ delayMs: backoffDelay(retry, policy, random), asked: false });
  switch (outcome.kind) {
    case "final":
      return undefined;
    case "network":
      return backoff();
    case "timeout":
      return policy.retryOnTimeout ? backoff() : undefined;
    case "status": {
      if (!isRetryableStatus(outcome.status)) return undefined;
      const askedMs = outcome.retryAfterMs;
      // No wait asked (or 0, or a date already past) means backing off: retrying at once,
      // three times, would only hammer a service that is struggling.
      if (askedMs === undefined) return backoff();
      if (askedMs > policy.maxRetryAfterMs) return undefined;
      return { delayMs: askedMs, asked: true };
    }
  }
}
