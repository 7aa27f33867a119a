/**
 * C1 (issue 17): `total` is the service's word. Whatever it claims, the client's paging plans
 * at most `maxPages` pages, allocates accordingly, and refuses a longer listing with the
 * contract's plain error; it never builds a list sized by the claim.
 */
import fc from "fast-check";
import type { StatsEntry } from "../../../src/api/stats-response";
import { isReportingError } from "../../../src/client";
import { fetchAllPages } from "../../../src/client/stats-pages";

const ROW: StatsEntry = { group: { date: "2026-06-01" }, metrics: { impressions: 1 } };
const MB = 1024 * 1024;

/** Runs one listing against a service that sends `rowsPerPage` rows a page and claims `total`. */
async function listing(total: number, rowsPerPage: number, pageSize: number, maxPages: number) {
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  let requests = 0;
  const outcome = await fetchAllPages(
    async (offset, limit) => {
      requests += 1;
      // Sampled while the pages are planned and in flight: a list built from `total` is alive here.
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      const count = Math.max(0, Math.min(limit, rowsPerPage, total - offset));
      return { stats: Array.from({ length: count }, () => ROW), total };
    },
    { pageSize, concurrency: 3, maxPages },
  ).then(
    (all) => ({ rows: all.stats.length }),
    (error: unknown) => ({ error }),
  );
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  return { outcome, requests, heapGrowth: peakHeap - heapBefore };
}

it("a first page of 1 row claiming total=5,000,000 is refused at once, without growing the heap", async () => {
  const { outcome, requests, heapGrowth } = await listing(5_000_000, 1, 10_000, 1_000);
  expect(outcome).toMatchObject({ error: { code: "too_many_pages", kind: "too_large" } });
  expect(requests).toBe(1);
  // The old code built 5 million page windows here: some 300 MB. The request count and the heap
  // prove the fix; elapsed time would only make the test flaky on a loaded machine.
  expect(heapGrowth).toBeLessThan(16 * MB);
});

it("property: for any total the service claims, requests stay within maxPages and the error is the contract's plain one", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.nat({ max: 2_000 }),
        fc.maxSafeNat(),
        fc.double({ min: 2 ** 53, max: 1e300, noNaN: true }).map(Math.floor),
      ),
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 1, max: 40 }),
      async (total, rowsPerPage, pageSize, maxPages) => {
        const { outcome, requests, heapGrowth } = await listing(total, rowsPerPage, pageSize, maxPages);
        expect(requests).toBeLessThanOrEqual(maxPages);
        expect(heapGrowth).toBeLessThan(16 * MB);
        if ("error" in outcome) {
          expect(isReportingError(outcome.error)).toBe(true);
          const error = outcome.error as { code: string; message: string };
          expect(error.code).toBe("too_many_pages");
          expect(error.message).toBe(
            `The statistics run over more than ${maxPages} pages. Choose a shorter period, fewer groups or more filters, then refresh.`,
          );
        } else {
          expect(outcome.rows).toBeLessThanOrEqual(maxPages * pageSize);
          expect(outcome.rows).toBe(Math.min(total, maxPages * Math.min(rowsPerPage, pageSize)));
        }
      },
    ),
    { numRuns: 300 },
  );
});
