import { markServes } from "../client/signal-lineage";
import { cancelledError, onAbort } from "./cancellation";
import { isPreview, PreviewNotFetchedError } from "./value-preview";

export type Load<Value> = (signal: AbortSignal) => Promise<Value>;

export interface QueryCacheOptions {
  /** Milliseconds since some fixed point; injected so that tests control time. */
  now: () => number;
  /** How long an answer is reused when a call does not say; 0 never reuses one. */
  defaultTtlMs: number;
  /** Answers kept at most; the oldest go first. */
  maxEntries?: number;
}

export interface CacheCallOptions {
  /** Leaves the call: its promise rejects at once; the load is aborted when no caller waits any more. */
  signal?: AbortSignal | undefined;
  /** This call's idea of fresh, e.g. from cache=60 in its options. */
  ttlMs?: number | undefined;
  /** Names the route in the error a cancelled call rejects with. */
  route?: string;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
}

interface Stored {
  value: unknown;
  storedAt: number;
}

/**
 * Answers by query key: identical calls in flight share one load, answers are reused while fresh,
 * a failed load is forgotten (every waiter gets its error, the next call tries again), and a load
 * is aborted only when every caller waiting on it has cancelled.
 */
export class QueryCache {
  private readonly flights = new Map<string, Flight>();
  private readonly answers = new Map<string, Stored>();
  private longestTtlMs: number;

  constructor(private readonly options: QueryCacheOptions) {
    this.longestTtlMs = options.defaultTtlMs;
  }

  get<Value>(key: string, load: Load<Value>, call: CacheCallOptions = {}): Promise<Value> {
    const route = call.route ?? "the service";
    if (call.signal?.aborted) return Promise.reject(cancelledError(route));
    const ttlMs = call.ttlMs ?? this.options.defaultTtlMs;
    this.longestTtlMs = Math.max(this.longestTtlMs, ttlMs);
    const stored = this.answers.get(key);
    if (stored && this.options.now() - stored.storedAt < ttlMs) return Promise.resolve(stored.value as Value);
    if (isPreview(call.signal)) {
      // A formula's value preview: any answer kept, or a load already running, but no request of its own.
      if (stored) return Promise.resolve(stored.value as Value);
      const running = this.flights.get(key);
      return running
        ? (this.wait(key, running, call.signal, route) as Promise<Value>)
        : Promise.reject(new PreviewNotFetchedError());
    }
    const flight = this.flights.get(key) ?? this.start(key, load);
    return this.wait(key, flight, call.signal, route) as Promise<Value>;
  }

  /** Forgets every answer; loads in flight finish for their callers but are not kept. */
  clear(): void {
    this.answers.clear();
    this.flights.clear();
  }

  /** Answers currently kept (for diagnostics and tests). */
  get size(): number {
    return this.answers.size;
  }

  private start(key: string, load: Load<unknown>): Flight {
    const controller = new AbortController();
    const flight: Flight = { promise: Promise.resolve(), controller, waiters: 0, settled: false };
    flight.promise = Promise.resolve()
      .then(() => load(controller.signal))
      .then(
        (value) => {
          flight.settled = true;
          if (this.flights.get(key) === flight) {
            this.flights.delete(key);
            this.store(key, value);
          }
          return value;
        },
        (error: unknown) => {
          flight.settled = true;
          if (this.flights.get(key) === flight) this.flights.delete(key);
          throw error;
        },
      );
    // Waiters handle the outcome; this keeps a load nobody waits for any more from being reported as unhandled.
    flight.promise.catch(() => {});
    this.flights.set(key, flight);
    return flight;
  }

  private wait(key: string, flight: Flight, signal: AbortSignal | undefined, route: string): Promise<unknown> {
    flight.waiters++;
    // The one request of a flight is every waiter's: each hears of its retries.
    markServes(flight.controller.signal, signal);
    return new Promise((resolve, reject) => {
      let left = false;
      const stopListening = onAbort(signal, () => {
        if (left) return;
        left = true;
        flight.waiters--;
        reject(cancelledError(route));
        if (flight.waiters === 0 && !flight.settled) {
          if (this.flights.get(key) === flight) this.flights.delete(key);
          flight.controller.abort();
        }
      });
      flight.promise.then(
        (value) => {
          if (left) return;
          left = true;
          flight.waiters--;
          stopListening();
          resolve(value);
        },
        (error: unknown) => {
          if (left) return;
          left = true;
          flight.waiters--;
          stopListening();
          reject(error);
        },
      );
    });
  }

  private store(key: string, value: unknown): void {
    const now = this.options.now();
    for (const [storedKey, stored] of this.answers) {
      if (now - stored.storedAt >= this.longestTtlMs) this.answers.delete(storedKey);
    }
    this.answers.delete(key);
    if (this.longestTtlMs <= 0) return;
    this.answers.set(key, { value, storedAt: now });
    const maxEntries = this.options.maxEntries ?? 100;
    while (this.answers.size > maxEntries) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
  }
}
