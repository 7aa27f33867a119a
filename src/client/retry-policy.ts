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
   */
  maxRetryAfterMs: number;
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
  maxRetryAfterMs: 60_000,
  retryOnTimeout: false,
};

/** What one attempt ended with. */
export type AttemptOutcome =
  | { kind: "status"; status: number; retryAfter?: string | null | undefined }
  | { kind: "network" }
  | { kind: "timeout" };

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/** 408 (the server gave up waiting), 429 (slow down) and every 5xx may succeed on a later try. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * `Retry-After` in milliseconds from now: either delta-seconds or an HTTP date. Undefined
 * when absent or unreadable; a date in the past means "now" (0).
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1_000;
  // Only a date that names a weekday or month, not any text Date.parse happens to accept ("1").
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const when = Date.parse(text);
  if (Number.isNaN(when)) return undefined;
  return Math.max(0, when - nowMs);
}

/** Full-jitter exponential backoff before retry number `retry` (1 for the first retry). */
export function backoffDelay(retry: number, policy: RetryPolicy, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(Math.min(1, Math.max(0, random)) * ceiling);
}

/**
 * Whether to retry after `outcome`, given that `retriesDone` retries already happened.
 * `random` is a number in [0, 1) used for jitter.
 */
export function decideRetry(
  outcome: AttemptOutcome,
  retriesDone: number,
  policy: RetryPolicy,
  nowMs: number,
  random: number,
): RetryDecision {
  if (retriesDone >= policy.maxRetries) return { retry: false };
  const nextRetry = retriesDone + 1;
  switch (outcome.kind) {
    case "network":
      return { retry: true, delayMs: backoffDelay(nextRetry, policy, random) };
    case "timeout":
      return policy.retryOnTimeout ? { retry: true, delayMs: backoffDelay(nextRetry, policy, random) } : { retry: false };
    case "status": {
      if (!isRetryableStatus(outcome.status)) return { retry: false };
      const askedMs = parseRetryAfter(outcome.retryAfter, nowMs);
      if (askedMs === undefined) return { retry: true, delayMs: backoffDelay(nextRetry, policy, random) };
      if (askedMs > policy.maxRetryAfterMs) return { retry: false };
      return { retry: true, delayMs: askedMs };
    }
  }
}
