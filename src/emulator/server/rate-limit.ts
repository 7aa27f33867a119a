import { HttpError } from "./errors";

const WINDOW_MS = 60_000;

/**
 * A sliding window per credential: at most `perMinute` requests in any 60 seconds. A refused
 * request does not count, so a client that waits for Retry-After always gets through.
 */
export class RateLimiter {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records one request of `key`, or throws the 429 that says how long to wait. */
  take(key: string): void {
    if (!Number.isFinite(this.perMinute)) return;
    const now = this.now();
    const times = (this.recent.get(key) ?? []).filter((time) => now - time < WINDOW_MS);
    if (times.length >= this.perMinute) {
      this.recent.set(key, times);
      const retryAfter = Math.max(1, Math.ceil((times[0]! + WINDOW_MS - now) / 1000));
      throw new HttpError(
        429,
        "rate_limited",
        `Too many requests: this credential may send ${this.perMinute} per minute. Wait ${retryAfter} seconds, then try again.`,
        { limit: "rateLimitPerMinute", maximum: this.perMinute, retryAfterSeconds: retryAfter },
        { "Retry-After": String(retryAfter) },
      );
    }
    times.push(now);
    this.recent.set(key, times);
  }
}
