import {
  backoffDelay,
  decideRetry,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  parseRetryAfter,
  type RetryPolicy,
} from "../../../src/client/retry-policy";
import { DEFAULT_TIMEOUT_MS } from "../../../src/client/transport";
import { CALL_DEADLINE_MS } from "../../../src/core/deadline";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const policy: RetryPolicy = DEFAULT_RETRY_POLICY;

describe("isRetryableStatus", () => {
  it("retries 408, 429 and every 5xx", () => {
    for (const status of [408, 429, 500, 502, 503, 504, 599]) expect(isRetryableStatus(status)).toBe(true);
  });

  it("never retries other 4xx or successes", () => {
    for (const status of [200, 204, 400, 401, 403, 404, 409, 422, 600]) expect(isRetryableStatus(status)).toBe(false);
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds", () => {
    expect(parseRetryAfter("7", NOW)).toBe(7_000);
    expect(parseRetryAfter(" 7 ", NOW)).toBe(7_000);
    expect(parseRetryAfter("1.5", NOW)).toBe(1_500);
  });

  it("reads an HTTP date relative to now", () => {
    expect(parseRetryAfter("Wed, 15 Jan 2025 12:00:30 GMT", NOW)).toBe(30_000);
  });

  it("reads no wait in 0, a date in the past or now: they ask for none", () => {
    for (const header of [
      "0",
      " 0 ",
      "0.0",
      "Wed, 15 Jan 2025 11:00:00 GMT",
      "Wed, 15 Jan 2025 12:00:00 GMT",
      "Thu, 01 Jan 1960 00:00:00 GMT",
    ])
      expect(parseRetryAfter(header, NOW)).toBeUndefined();
  });

  it("ignores absent, empty, negative and unreadable values", () => {
    for (const header of [undefined, null, "", "soon", "-5", "-0", "-1.5", "1e3"])
      expect(parseRetryAfter(header, NOW)).toBeUndefined();
  });
});

describe("backoffDelay", () => {
  it("doubles its ceiling with each retry from the base, then stops at the cap", () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7].map((retry) => backoffDelay(retry, policy, 0.999_999));
    expect(ceilings).toEqual([499, 999, 1_999, 3_999, 7_999, 7_999, 7_999]);
  });

  it("uses the whole range from 0 (full jitter)", () => {
    expect(backoffDelay(3, policy, 0)).toBe(0);
    expect(backoffDelay(3, policy, 0.5)).toBe(1_000);
  });

  it("never exceeds the cap, whatever random returns", () => {
    expect(backoffDelay(30, policy, 5)).toBeLessThanOrEqual(policy.maxDelayMs);
    expect(backoffDelay(1, policy, -1)).toBe(0);
  });
});

describe("decideRetry", () => {
  it("allows exactly maxRetries retries", () => {
    const outcome = { kind: "status", status: 503 } as const;
    const decisions = [0, 1, 2, 3, 4].map((done) => decideRetry(outcome, done, policy, 0.5).retry);
    expect(decisions).toEqual([true, true, true, false, false]);
    expect(decideRetry(outcome, 0, { ...policy, maxRetries: 0 }, 0.5).retry).toBe(false);
  });

  it.each([400, 401, 403, 404, 409, 422])("does not retry %i", (status) => {
    expect(decideRetry({ kind: "status", status }, 0, policy, 0.5)).toEqual({ retry: false });
  });

  it("retries network failures with backoff", () => {
    expect(decideRetry({ kind: "network" }, 1, policy, 0.5)).toEqual({ retry: true, delayMs: 500, asked: false });
  });

  it("retries timeouts only when the policy says so", () => {
    expect(decideRetry({ kind: "timeout" }, 0, policy, 0.5)).toEqual({ retry: false });
    expect(decideRetry({ kind: "timeout" }, 0, { ...policy, retryOnTimeout: true }, 0.5)).toEqual({
      retry: true,
      delayMs: 250,
      asked: false,
    });
  });

  it("waits as long as Retry-After asks, in seconds or as a date, instead of backing off", () => {
    expect(
      decideRetry({ kind: "status", status: 429, retryAfterMs: parseRetryAfter("8", NOW) }, 2, policy, 0.5),
    ).toEqual({ retry: true, delayMs: 8_000, asked: true });
    expect(
      decideRetry(
        { kind: "status", status: 503, retryAfterMs: parseRetryAfter("Wed, 15 Jan 2025 12:00:05 GMT", NOW) },
        0,
        policy,
        0.5,
      ),
    ).toEqual({
      retry: true,
      delayMs: 5_000,
      asked: true,
    });
  });

  it("gives up at once when Retry-After asks for more than the cap", () => {
    expect(
      decideRetry({ kind: "status", status: 429, retryAfterMs: parseRetryAfter("11", NOW) }, 0, policy, 0.5),
    ).toEqual({ retry: false });
    expect(
      decideRetry({ kind: "status", status: 429, retryAfterMs: parseRetryAfter("10", NOW) }, 0, policy, 0.5),
    ).toEqual({ retry: true, delayMs: 10_000, asked: true });
  });

  it("backs off when Retry-After is unreadable", () => {
    expect(
      decideRetry({ kind: "status", status: 429, retryAfterMs: parseRetryAfter("later", NOW) }, 0, policy, 0.5),
    ).toEqual({ retry: true, delayMs: 250, asked: false });
  });
});

describe("decideRetry against the cell's deadline", () => {
  it("point 10: never sits through a Retry-After longer than a few seconds: 60 s ends the request at once", () => {
    expect(
      decideRetry({ kind: "status", status: 429, retryAfterMs: parseRetryAfter("60", NOW) }, 0, policy, 0.5),
    ).toEqual({ retry: false });
    expect(policy.maxRetryAfterMs).toBeLessThanOrEqual(15_000);
    // Three of the longest waits it accepts, each followed by a full attempt, still end before a cell's 120 s deadline.
    expect(3 * policy.maxRetryAfterMs + DEFAULT_TIMEOUT_MS).toBeLessThan(CALL_DEADLINE_MS);
  });

  it("point 10: a Retry-After date in the past (or 0) backs off as if none was sent", () => {
    const past = "Wed, 15 Jan 2025 11:00:00 GMT";
    expect(
      decideRetry({ kind: "status", status: 503, retryAfterMs: parseRetryAfter(past, NOW) }, 0, policy, 0.5),
    ).toEqual({ retry: true, delayMs: 250, asked: false });
    expect(
      decideRetry({ kind: "status", status: 429, retryAfterMs: parseRetryAfter("0", NOW) }, 2, policy, 0.5),
    ).toEqual({ retry: true, delayMs: 1_000, asked: false });
  });

  it("point 10: starts no wait that would end past the retry budget, counted from the first attempt", () => {
    const outcome = { kind: "status", status: 503 } as const;
    expect(decideRetry(outcome, 0, policy, 0.5, policy.retryBudgetMs - 250)).toEqual({
      retry: true,
      delayMs: 250,
      asked: false,
    });
    expect(decideRetry(outcome, 0, policy, 0.5, policy.retryBudgetMs - 249)).toEqual({ retry: false });
    expect(
      decideRetry(
        { kind: "status", status: 429, retryAfterMs: parseRetryAfter("5", NOW) },
        0,
        policy,
        0.5,
        policy.retryBudgetMs - 4_000,
      ),
    ).toEqual({ retry: false });
    // A wait that ends within the budget leaves room for one more full attempt before the cell's deadline.
    expect(policy.retryBudgetMs + DEFAULT_TIMEOUT_MS).toBeLessThan(CALL_DEADLINE_MS);
  });

  it("point 10: an error the transport already settled is never retried", () => {
    expect(decideRetry({ kind: "final" }, 0, policy, 0.5)).toEqual({ retry: false });
  });
});
