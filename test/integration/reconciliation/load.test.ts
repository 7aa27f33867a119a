/**
 * The emulator under a bounded load from a second process on loopback (scripts/load): mixed
 * /stats, CSV and Excel requests from 24 workers, plus two on a door that limits the rate. Short
 * here; `npm run report:reliability` runs it for 10 seconds, and through the host's proxy.
 */
import { runLoad, type LoadReport } from "../../../scripts/load/run-load";

const SECONDS = 4;
let report: LoadReport;

beforeAll(async () => {
  report = await runLoad({ seconds: SECONDS, concurrency: 24, host: false });
}, 120_000);

afterAll(() => {
  if (!report) return;
  const { direct, rateLimited, memory } = report;
  console.log(
    `load (${SECONDS} s, ${direct.concurrency} workers): ${direct.requestsPerSecond.toFixed(0)} requests/s, p50 ${direct.p50Ms.toFixed(0)} ms, p99 ${direct.p99Ms.toFixed(0)} ms, ` +
      `statuses ${JSON.stringify(direct.statuses)}, rate-limited door ${JSON.stringify(rateLimited.statuses)}; ` +
      `RSS ${memory.rssBeforeMb.toFixed(0)} MB before, ${memory.rssThirdsMb.map((mb) => mb.toFixed(0)).join("/")} MB by third, ${memory.rssAfterMb.toFixed(0)} MB after; heap ${memory.heapBeforeMb.toFixed(0)} → ${memory.heapAfterMb.toFixed(0)} MB`,
  );
});

test("every answer is 200, or the documented 429 with Retry-After", () => {
  expect(report.direct.statuses).toEqual({ "200": report.direct.requests });
  expect(report.direct.requests).toBeGreaterThan(50);
  // Its ten requests a minute run out within the first second; every later one is refused with 429.
  expect(Object.keys(report.rateLimited.statuses).filter((status) => status !== "200" && status !== "429")).toEqual([]);
  expect(report.rateLimited.statuses["429"]).toBeGreaterThan(0);
  expect(report.rateLimited.unexpected).toBe(0);
});

test("the emulator's memory levels off under the load", () => {
  expect(report.memory).toMatchObject({ levelsOff: true });
});
