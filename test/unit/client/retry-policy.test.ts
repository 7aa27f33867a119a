import {
  backoffDelay,
  decideRetry,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  parseRetryAfter,
  type RetryPolicy,
} from "../../../src/client/retry-policy";

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
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
    expect(parseRetryAfter("1.5", NOW)).toBe(1_500);
  });

  it("reads an HTTP date relative to now", () => {
    expect(parseRetryAfter("Wed, 15 Jan 2025 12:00:30 GMT", NOW)).toBe(30_000);
  });

  it("treats a date in the past as now", () => {
    expect(parseRetryAfter("Wed, 15 Jan 2025 11:00:00 GMT", NOW)).toBe(0);
  });

  it("ignores absent, empty and unreadable values", () => {
    for (const header of [undefined, null, "", "soon", "-5", "1e3"]) expect(parseRetryAfter(header, NOW)).toBeUndefined();
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
    const decisions = [0, 1, 2, 3, 4].map((done) => decideRetry(outcome, done, policy, NOW, 0.5).retry);
    expect(decisions).toEqual([true, true, true, false, false]);
    expect(decideRetry(outcome, 0, { ...policy, maxRetries: 0 }, NOW, 0.5).retry).toBe(false);
  });

  it.each([400, 401, 403, 404, 409, 422])("does not retry %i", (status) => {
    expect(decideRetry({ kind: "status", status }, 0, policy, NOW, 0.5)).toEqual({ retry: false });
  });

  it("retries network failures with backoff", () => {
    expect(decideRetry({ kind: "network" }, 1, policy, NOW, 0.5)).toEqual({ retry: true, delayMs: 500 });
  });

  it("retries timeouts only when the policy says so", () => {
    expect(decideRetry({ kind: "timeout" }, 0, policy, NOW, 0.5)).toEqual({ retry: false });
    expect(decideRetry({ kind: "timeout" }, 0, { ...policy, retryOnTimeout: true }, NOW, 0.5)).toEqual({ retry: true, delayMs: 250 });
  });

  it("waits as long as Retry-After asks, in seconds or as a date, instead of backing off", () => {
    expect(decideRetry({ kind: "status", status: 429, retryAfter: "12" }, 2, policy, NOW, 0.5)).toEqual({ retry: true, delayMs: 12_000 });
    expect(decideRetry({ kind: "status", status: 503, retryAfter: "Wed, 15 Jan 2025 12:00:05 GMT" }, 0, policy, NOW, 0.5)).toEqual({
      retry: true,
      delayMs: 5_000,
    });
  });

  it("gives up at once when Retry-After asks for more than the cap", () => {
    expect(decideRetry({ kind: "status", status: 429, retryAfter: "61" }, 0, policy, NOW, 0.5)).toEqual({ retry: false });
    expect(decideRetry({ kind: "status", status: 429, retryAfter: "60" }, 0, policy, NOW, 0.5)).toEqual({ retry: true, delayMs: 60_000 });
  });

  it("backs off when Retry-After is unreadable", () => {
    expect(decideRetry({ kind: "status", status: 429, retryAfter: "later" }, 0, policy, NOW, 0.5)).toEqual({ retry: true, delayMs: 250 });
  });
});
