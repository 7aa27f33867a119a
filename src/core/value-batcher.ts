import { FILTER_NAMES, GROUP_OF_FILTER, type FilterName, type StatsEntry, type StatsRequest } from "../api";
import type { FilterValues } from "./arguments/filters";
import type { ValueQuery } from "./arguments/value-query";
import { cancelledError, onAbort } from "./cancellation";
import { markPreview } from "./value-preview";
import { EntrySums } from "./value-sums";

/** Fetches the entries of one batched request; the composition layer routes it through the cache. */
export type LoadEntries = (request: StatsRequest, signal: AbortSignal) => Promise<readonly StatsEntry[]>;

export interface ValueCall {
  query: ValueQuery;
  /** Calls with the same key may share a request: the same period, options and profile. */
  batchKey: string;
  load: LoadEntries;
  /** A formula's value preview: its batch (of previews only, by its key) may use kept answers, never a request. */
  preview?: boolean;
}

export type Scheduler = (flush: () => void) => void;

export interface ValueBatcherOptions {
  /** When to send what has been queued; by default the next macrotask (setTimeout 0). */
  schedule?: Scheduler;
  /** Sends at once when this many calls are queued; default 5,000. */
  maxBatchSize?: number;
}

interface PendingCall {
  call: ValueCall;
  resolve: (value: number) => void;
  reject: (error: unknown) => void;
  /** False once the caller cancelled or the call settled. */
  live: boolean;
  stopListening: () => void;
  /** Set while the call's batch is in flight: tells the batch that one waiter left. */
  leaveBatch?: () => void;
}

const ROUTE = "/stats";
// Counts and revenues: eCPM is recomputed from them, so one request serves every metric.
const BATCH_METRICS: StatsRequest["metrics"] = ["impressions", "revenues", "requests"];

export const defaultScheduler: Scheduler = (flush) => {
  setTimeout(flush, 0);
};

function sameValues(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((value) => set.has(value));
}

/**
 * The one request a batch sends: grouped by the dimensions the calls' filters vary on. A dimension
 * is filtered (by the union of the calls' values) only when every call filters on it, since a
 * call without that filter needs the entries of every value; when every call filters it on the
 * very same values, the filter alone does the work and the answer need not be grouped by it.
 */
export function batchRequest(queries: readonly ValueQuery[]): StatsRequest {
  const first = queries[0];
  if (!first) throw new RangeError("a batch holds at least one call");
  const used = FILTER_NAMES.filter((name) => queries.some((query) => (query.filters[name]?.length ?? 0) > 0));
  const filters: StatsRequest["filters"] = { from: first.period.from, to: first.period.to };
  const grouped: FilterName[] = [];
  for (const name of used) {
    const everyCallFilters = queries.every((query) => (query.filters[name]?.length ?? 0) > 0);
    if (everyCallFilters) {
      const union = new Set(queries.flatMap((query) => query.filters[name] ?? []));
      (filters as Record<FilterName, string[]>)[name] = [...union].sort();
    }
    if (!everyCallFilters || !queries.every((query) => sameValues(query.filters[name], first.filters[name])))
      grouped.push(name);
  }
  const request: StatsRequest = { filters, metrics: BATCH_METRICS };
  if (grouped.length > 0) request.groups = grouped.map((name) => GROUP_OF_FILTER[name]);
  return request;
}

/** The part of a call's filters left to the summing: those on dimensions the answer is grouped by. */
function filtersWithin(filters: FilterValues, request: StatsRequest): FilterValues {
  const groups = new Set<string>(request.groups ?? []);
  return Object.fromEntries(
    Object.entries(filters).filter(([name]) => groups.has(GROUP_OF_FILTER[name as FilterName])),
  );
}

/**
 * Collects REPORTING.VALUE calls that arrive together and answers those with the same batch key
 * from one /stats request. Every call settles: a failed request rejects every call of its batch
 * (OfficeDev's batching sample loses them), and a cancelled call leaves at once; the request is
 * aborted when no call of its batch still waits.
 */
export class ValueBatcher {
  private queue: PendingCall[] = [];
  private scheduled = false;
  private readonly schedule: Scheduler;
  private readonly maxBatchSize: number;

  constructor(options: ValueBatcherOptions = {}) {
    this.schedule = options.schedule ?? defaultScheduler;
    this.maxBatchSize = Math.max(1, options.maxBatchSize ?? 5_000);
  }

  /** Calls queued and not yet sent. */
  get pendingCount(): number {
    return this.queue.filter((pending) => pending.live).length;
  }

  request(call: ValueCall, signal?: AbortSignal): Promise<number> {
    if (signal?.aborted) return Promise.reject(cancelledError(ROUTE));
    return new Promise<number>((resolve, reject) => {
      const pending: PendingCall = { call, resolve, reject, live: true, stopListening: () => {} };
      pending.stopListening = onAbort(signal, () => {
        if (!pending.live) return;
        pending.live = false;
        reject(cancelledError(ROUTE));
        pending.leaveBatch?.();
      });
      this.queue.push(pending);
      if (this.queue.length >= this.maxBatchSize) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        this.schedule(() => this.flush());
      }
    });
  }

  /** Sends every queued call now (the scheduler calls it; tests and the office layer may too). */
  flush(): void {
    this.scheduled = false;
    const queued = this.queue.filter((pending) => pending.live);
    this.queue = [];
    const batches = new Map<string, PendingCall[]>();
    for (const pending of queued) {
      const batch = batches.get(pending.call.batchKey);
      if (batch) batch.push(pending);
      else batches.set(pending.call.batchKey, [pending]);
    }
    for (const batch of batches.values()) void this.send(batch);
  }

  private async send(batch: PendingCall[]): Promise<void> {
    const controller = new AbortController();
    let waiting = batch.length;
    for (const pending of batch) {
      pending.leaveBatch = () => {
        waiting--;
        if (waiting === 0) controller.abort();
      };
    }
    const settle = (pending: PendingCall, outcome: () => void) => {
      if (!pending.live) return;
      pending.live = false;
      pending.stopListening();
      outcome();
    };
    try {
      const first = batch[0]!;
      const request = batchRequest(batch.map((pending) => pending.call.query));
      if (first.call.preview) markPreview(controller.signal);
      const entries = await first.call.load(request, controller.signal);
      const sums = new EntrySums(entries);
      for (const pending of batch) {
        settle(pending, () => {
          try {
            pending.resolve(sums.sum(pending.call.query.metric, filtersWithin(pending.call.query.filters, request)));
          } catch (error) {
            pending.reject(error);
          }
        });
      }
    } catch (error) {
      for (const pending of batch) settle(pending, () => pending.reject(error));
    }
  }
}
