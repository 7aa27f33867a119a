import type { StatsEntry, StatsResponse } from "../../../src/api/stats-response";
import { fetchAllPages } from "../../../src/client/stats-pages";

/**
 * fetchAllPages with `onPage` (the headless refresh's streaming read): pages handed over in the
 * listing's order whatever order they arrive in, none kept, and a page read ahead waiting for a
 * slow one before it no further than 2 × concurrency.
 */

const entry = (index: number): StatsEntry => ({ group: { date: `row-${index}` }, metrics: { impressions: index } });

/** A listing of `rows` entries; the page at `slowOffset` answers only when `release` is called. */
function service(rows: number, withTotal: boolean, slowOffset?: number) {
  const all = Array.from({ length: rows }, (_, index) => entry(index));
  const started: number[] = [];
  let release: () => void = () => undefined;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const fetchPage = async (offset: number, limit: number): Promise<StatsResponse> => {
    started.push(offset);
    if (offset === slowOffset) await slow;
    else await new Promise((resolve) => setImmediate(resolve));
    const stats = all.slice(offset, offset + limit);
    return withTotal ? { stats, total: rows } : { stats };
  };
  return { fetchPage, started, release: () => release() };
}

const impressions = (pages: StatsEntry[][]) => pages.flat().map((row) => row.metrics.impressions);

describe("fetchAllPages with onPage", () => {
  it("hands every page over in order, even when a later one arrives first, and keeps none", async () => {
    const listing = service(95, true, 20);
    const pages: StatsEntry[][] = [];
    const answer = fetchAllPages(listing.fetchPage, {
      pageSize: 10,
      concurrency: 3,
      maxPages: 100,
      onPage: (page) => pages.push(page),
    });
    // Let the pages after the slow one come in first.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(impressions(pages)).toEqual(Array.from({ length: 20 }, (_, index) => index));
    listing.release();
    const result = await answer;
    expect(result).toEqual({ stats: [], total: 95 });
    expect(impressions(pages)).toEqual(Array.from({ length: 95 }, (_, index) => index));
  });

  it("reads no more than 2 × concurrency pages ahead of one that is slow", async () => {
    const listing = service(200, true, 20);
    const pages: StatsEntry[][] = [];
    const answer = fetchAllPages(listing.fetchPage, {
      pageSize: 10,
      concurrency: 2,
      maxPages: 100,
      onPage: (page) => pages.push(page),
    });
    for (let turn = 0; turn < 40; turn++) await new Promise((resolve) => setImmediate(resolve));
    // Pages from offset 10 on; 20 is the slow one (index 1): the others stop at 1 + 4 windows.
    expect(Math.max(...listing.started)).toBe(50);
    listing.release();
    await answer;
    expect(impressions(pages)).toHaveLength(200);
  });

  it("streams a listing without total, page after page until a short one", async () => {
    const listing = service(25, false);
    const pages: StatsEntry[][] = [];
    const result = await fetchAllPages(listing.fetchPage, {
      pageSize: 10,
      concurrency: 3,
      maxPages: 100,
      onPage: (page) => pages.push(page),
    });
    expect(result).toEqual({ stats: [], total: 25 });
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
  });

  it("fails the listing when the taker fails, and reads nothing more", async () => {
    const listing = service(95, true);
    let taken = 0;
    const answer = fetchAllPages(listing.fetchPage, {
      pageSize: 10,
      concurrency: 1,
      maxPages: 100,
      onPage: () => {
        taken += 1;
        if (taken === 3) throw new Error("the disk is full");
      },
    });
    await expect(answer).rejects.toThrow("the disk is full");
    expect(listing.started).toEqual([0, 10, 20]);
  });
});
