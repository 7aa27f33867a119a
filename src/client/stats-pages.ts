import type { StatsEntry, StatsResponse } from "../api/stats-response";
import { ReportingError } from "./errors";
import { markServes } from "./signal-lineage";

/**
 * Reads every page of a /stats listing through `offset`/`limit`. With `total` the remaining
 * pages are known up front and fetched a few at a time; without it, pages are fetched one
 * after another until a short page. The first failure aborts the pages still in flight.
 */

export type FetchPage = (offset: number, limit: number, signal: AbortSignal) => Promise<StatsResponse>;

/** How far a listing has been read: pages done of pages known (one more than done while `total` is missing). */
export interface PagesProgress {
  pagesDone: number;
  pagesKnown: number;
  /** False while the service gave no `total`: more pages may follow the known ones. */
  pagesExact: boolean;
  rowsRead: number;
}

export interface PagingOptions {
  /** The caller's own window: rows skipped, and the most rows wanted. */
  offset?: number | undefined;
  limit?: number | undefined;
  pageSize: number;
  concurrency: number;
  /** Refuse listings longer than this many pages (a service ignoring `offset` would never end). */
  maxPages: number;
  signal?: AbortSignal | undefined;
  /** Hears each page read, in order of completion. */
  onProgress?: ((progress: PagesProgress) => void) | undefined;
  /**
   * Takes each page's entries in the listing's order, and the listing keeps none of them (the
   * answer's `stats` is then empty): a caller writing a file reads any length in the memory of
   * a few pages. A page read ahead waits for the ones before it, at most `2 × concurrency` of them.
   */
  onPage?: ((entries: StatsEntry[]) => void) | undefined;
}

export interface AllStats {
  stats: StatsEntry[];
  /** The service's `total` when it sent one; otherwise the caller's offset plus the rows read. */
  total: number;
}

function tooManyPages(maxPages: number): ReportingError {
  return new ReportingError({
    code: "too_many_pages",
    kind: "too_large",
    userMessage: `The statistics run over more than ${maxPages} pages. Choose a shorter period, fewer groups or more filters, then refresh.`,
    retryable: false,
  });
}

function shortPage(expected: number, received: number, offset: number): ReportingError {
  return new ReportingError({
    code: "incomplete_listing",
    kind: "bad_answer",
    userMessage: `The service sent ${received} rows where it had announced ${expected} (from row ${offset + 1}); the data may have changed during the refresh. Refresh to read it again.`,
    retryable: true,
  });
}

/**
 * Runs `work` on each item, `concurrency` at a time. With `deliver`, each result is handed over
 * in the items' order as soon as those before it are in, and not kept; a worker does not start
 * an item more than `2 × concurrency` ahead of the next one to deliver.
 */
async function inOrderWithConcurrency<Item, Result>(
  items: readonly Item[],
  concurrency: number,
  work: (item: Item) => Promise<Result>,
  onFirstFailure: () => void,
  deliver?: (result: Result) => void,
): Promise<Result[]> {
  const results: Result[] = deliver ? [] : new Array<Result>(items.length);
  const waiting = new Map<number, Result>();
  let delivered = 0;
  let wakers: (() => void)[] = [];
  let next = 0;
  let failure: { error: unknown } | undefined;
  const ahead = 2 * Math.max(1, concurrency);
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      if (deliver && next - delivered >= ahead) {
        await new Promise<void>((resolve) => wakers.push(resolve));
        continue;
      }
      const index = next;
      next += 1;
      try {
        const result = await work(items[index]!);
        if (!deliver) {
          results[index] = result;
          continue;
        }
        waiting.set(index, result);
        for (; waiting.has(delivered); delivered += 1) {
          const ready = waiting.get(delivered)!;
          waiting.delete(delivered);
          deliver(ready);
        }
      } catch (error) {
        if (failure === undefined) {
          failure = { error };
          onFirstFailure();
        }
      }
      const woken = wakers;
      wakers = [];
      for (const wake of woken) wake();
      if (failure !== undefined) return;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure !== undefined) throw failure.error;
  return results;
}

export async function fetchAllPages(fetchPage: FetchPage, options: PagingOptions): Promise<AllStats> {
  const start = options.offset ?? 0;
  const wanted = options.limit ?? Number.POSITIVE_INFINITY;
  const pageSize = Math.max(1, Math.floor(options.pageSize));
  const controller = new AbortController();
  markServes(controller.signal, options.signal);
  const abortAll = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) abortAll();
  options.signal?.addEventListener("abort", abortAll, { once: true });
  try {
    const firstLimit = Math.min(pageSize, wanted);
    const first = await fetchPage(start, firstLimit, controller.signal);
    // A page longer than asked (a service ignoring `limit`) would duplicate rows of the next page.
    const firstRows = first.stats.slice(0, firstLimit);
    const rows: StatsEntry[] = [];
    let read = 0;
    const take = (page: StatsEntry[]) => {
      read += page.length;
      if (options.onPage) options.onPage(page);
      else for (const entry of page) rows.push(entry);
    };
    take(firstRows);
    const totalFromService = first.total;
    const done = read >= wanted || read === 0;
    const report = (progress: PagesProgress) => {
      try {
        options.onProgress?.(progress);
      } catch {
        // A listener's failure must not stop the listing it hears about.
      }
    };

    if (!done && totalFromService !== undefined) {
      const end = start + Math.min(wanted, Math.max(0, totalFromService - start));
      // A first page shorter than asked while `total` says more remain: the service caps its
      // pages below our page size. Following its size loses no row; stopping would.
      const step = read < firstLimit ? read : firstLimit;
      const from = start + read;
      // Counted before anything is allocated: `total` is the service's word, and a hostile or
      // broken one (1e8 rows in pages of 1) would otherwise build a list that exhausts memory.
      const remainingPages = Math.ceil(Math.max(0, end - from) / step);
      if (remainingPages + 1 > options.maxPages) throw tooManyPages(options.maxPages);
      const windows: { offset: number; limit: number }[] = [];
      for (let offset = from; offset < end; offset += step)
        windows.push({ offset, limit: Math.min(step, end - offset) });
      let pagesDone = 1;
      let rowsRead = read;
      report({ pagesDone, pagesKnown: windows.length + 1, pagesExact: true, rowsRead });
      await inOrderWithConcurrency(
        windows,
        options.concurrency,
        async (window) => {
          const page = (await fetchPage(window.offset, window.limit, controller.signal)).stats;
          // `total` promised these rows: a short page in the middle would silently drop rows
          // from the sum a finance user reads, so it fails the listing instead.
          if (page.length < window.limit) throw shortPage(window.limit, page.length, window.offset);
          pagesDone += 1;
          rowsRead += window.limit;
          report({ pagesDone, pagesKnown: windows.length + 1, pagesExact: true, rowsRead });
          return page.slice(0, window.limit);
        },
        () => controller.abort(),
        take,
      );
    } else if (!done && read === firstLimit) {
      for (let pagesRead = 1; read < wanted; pagesRead += 1) {
        report({ pagesDone: pagesRead, pagesKnown: pagesRead + 1, pagesExact: false, rowsRead: read });
        if (pagesRead >= options.maxPages) throw tooManyPages(options.maxPages);
        const limit = Math.min(pageSize, wanted - read);
        const page = (await fetchPage(start + read, limit, controller.signal)).stats;
        take(page.length > limit ? page.slice(0, limit) : page);
        if (page.length < limit) break;
      }
    }
    return { stats: rows, total: totalFromService ?? start + read };
  } finally {
    options.signal?.removeEventListener("abort", abortAll);
  }
}
