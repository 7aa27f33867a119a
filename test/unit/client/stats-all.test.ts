import type { StatsRequest } from "../../../src/api/stats-request";
import type { StatsEntry } from "../../../src/api/stats-response";
import { AbortedError, ReportingError, ServerError } from "../../../src/client/errors";
import { ReportingClient } from "../../../src/client/reporting-client";
import { fakeTransportOptions, json, scriptedFetch, text, type RecordedCall } from "./fakes";

const REQUEST: StatsRequest = { filters: { from: "2025-01-01", to: "2025-12-31" }, groups: ["date"] };

function entry(index: number): StatsEntry {
  return { group: { date: `row-${index}` }, metrics: { impressions: index } };
}

interface FakeServiceOptions {
  rows: number;
  /** Whether answers carry `total`. */
  withTotal: boolean;
  /** The most rows the service returns per page, whatever `limit` asks. */
  serviceCap?: number;
  /** Answer this offset with an error. */
  failAtOffset?: number;
  /** Answer this offset with fewer rows than asked, as if rows vanished mid-listing. */
  shortAtOffset?: number;
}

/** A fake /stats that windows `rows` entries by the body's offset/limit, like the service. */
function pagedService(options: FakeServiceOptions) {
  const all = Array.from({ length: options.rows }, (_, index) => entry(index));
  let inFlight = 0;
  let mostInFlight = 0;
  const answer = async (call: RecordedCall): Promise<Response> => {
    const body = JSON.parse(call.body ?? "{}") as { offset?: number; limit?: number };
    const offset = body.offset ?? 0;
    const limit = Math.min(body.limit ?? Number.POSITIVE_INFINITY, options.serviceCap ?? Number.POSITIVE_INFINITY);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    // Let the other workers start before this page answers.
    await new Promise((resolve) => setImmediate(resolve));
    inFlight -= 1;
    if (offset === options.failAtOffset) return text('{"error":{"code":"boom","message":"Boom"}}', 400);
    const stats = all.slice(offset, offset + (offset === options.shortAtOffset ? limit - 1 : limit));
    return json(options.withTotal ? { stats, total: all.length } : { stats });
  };
  const fetch = scriptedFetch(answer);
  const client = new ReportingClient({
    baseUrl: "https://reporting.test",
    token: "t0ken-abc",
    transport: fakeTransportOptions(fetch),
  });
  const windows = () => fetch.calls.map((call) => JSON.parse(call.body ?? "{}") as { offset: number; limit: number });
  return { client, fetch, windows, mostInFlight: () => mostInFlight };
}

describe("ReportingClient.statsAll with total", () => {
  it("reads the first page, then the rest with bounded concurrency, in order", async () => {
    const service = pagedService({ rows: 95, withTotal: true });
    const result = await service.client.statsAll(REQUEST, { pageSize: 10, concurrency: 3 });
    expect(result.total).toBe(95);
    expect(result.stats.map((row) => row.metrics.impressions)).toEqual(Array.from({ length: 95 }, (_, index) => index));
    expect(service.windows()).toHaveLength(10);
    expect(service.windows()[0]).toMatchObject({ offset: 0, limit: 10 });
    expect(service.windows().at(-1)).toEqual(expect.objectContaining({ offset: 90, limit: 5 }));
    expect(service.mostInFlight()).toBe(3);
  });

  it("fails the whole listing when a page in the middle comes back shorter than total promised", async () => {
    const service = pagedService({ rows: 95, withTotal: true, shortAtOffset: 40 });
    const failure = service.client.statsAll(REQUEST, { pageSize: 10, concurrency: 2 });
    await expect(failure).rejects.toBeInstanceOf(ReportingError);
    await expect(failure).rejects.toMatchObject({
      code: "incomplete_listing",
      message: expect.stringContaining("Refresh"),
    });
  });

  it("makes a single request when everything fits in the first page", async () => {
    const service = pagedService({ rows: 7, withTotal: true });
    const result = await service.client.statsAll(REQUEST);
    expect(result).toEqual({ stats: Array.from({ length: 7 }, (_, index) => entry(index)), total: 7 });
    expect(service.windows()).toEqual([expect.objectContaining({ offset: 0, limit: 10_000 })]);
  });

  it("follows the service's own page size when it returns less than asked but total says more remain", async () => {
    const service = pagedService({ rows: 25, withTotal: true, serviceCap: 4 });
    const result = await service.client.statsAll(REQUEST, { pageSize: 10 });
    expect(result.stats).toHaveLength(25);
    expect(new Set(result.stats.map((row) => row.group.date)).size).toBe(25);
  });

  it("respects the caller's offset and limit", async () => {
    const service = pagedService({ rows: 100, withTotal: true });
    const result = await service.client.statsAll({ ...REQUEST, offset: 20, limit: 35 }, { pageSize: 10 });
    expect(result.stats.map((row) => row.metrics.impressions)).toEqual(
      Array.from({ length: 35 }, (_, index) => 20 + index),
    );
    expect(result.total).toBe(100);
    expect(service.windows().map((window) => [window.offset, window.limit])).toEqual([
      [20, 10],
      [30, 10],
      [40, 10],
      [50, 5],
    ]);
  });

  it("asks no more than the caller's limit in the first page", async () => {
    const service = pagedService({ rows: 20_000, withTotal: true });
    const result = await service.client.statsAll({ ...REQUEST, limit: 500 });
    expect(result.stats).toHaveLength(500);
    expect(service.windows()).toEqual([expect.objectContaining({ offset: 0, limit: 500 })]);
  });

  it("rejects the whole call when one page fails, and cancels the pages in flight", async () => {
    const service = pagedService({ rows: 100, withTotal: true, failAtOffset: 30 });
    await expect(service.client.statsAll(REQUEST, { pageSize: 10, concurrency: 2 })).rejects.toMatchObject({
      code: "bad_request",
      serviceCode: "boom",
    });
    const cancelled = service.fetch.calls.filter((call) => call.signal.aborted);
    expect(cancelled.length).toBeGreaterThan(0);
    // No page is requested after the failure.
    expect(Math.max(...service.windows().map((window) => window.offset))).toBeLessThan(60);
  });

  it("refuses a listing longer than maxPages before fetching it", async () => {
    const service = pagedService({ rows: 1_000, withTotal: true });
    const failure = service.client.statsAll(REQUEST, { pageSize: 10, maxPages: 50 });
    await expect(failure).rejects.toBeInstanceOf(ReportingError);
    await expect(failure).rejects.toMatchObject({ code: "too_many_pages" });
    expect(service.windows()).toHaveLength(1);
  });
});

describe("ReportingClient.statsAll without total", () => {
  it("reads pages one after another until a short page", async () => {
    const service = pagedService({ rows: 23, withTotal: false });
    const result = await service.client.statsAll(REQUEST, { pageSize: 10 });
    expect(result.stats.map((row) => row.metrics.impressions)).toEqual(Array.from({ length: 23 }, (_, index) => index));
    expect(result.total).toBe(23);
    expect(service.windows().map((window) => window.offset)).toEqual([0, 10, 20]);
    expect(service.mostInFlight()).toBe(1);
  });

  it("stops at an empty page when the rows end on a page boundary", async () => {
    const service = pagedService({ rows: 20, withTotal: false });
    const result = await service.client.statsAll(REQUEST, { pageSize: 10 });
    expect(result.stats).toHaveLength(20);
    expect(service.windows().map((window) => window.offset)).toEqual([0, 10, 20]);
  });

  it("stops at the caller's limit and counts the caller's offset in total", async () => {
    const service = pagedService({ rows: 100, withTotal: false });
    const result = await service.client.statsAll({ ...REQUEST, offset: 5, limit: 25 }, { pageSize: 10 });
    expect(result.stats.map((row) => row.metrics.impressions)).toEqual(
      Array.from({ length: 25 }, (_, index) => 5 + index),
    );
    expect(result.total).toBe(30);
    expect(service.windows().map((window) => [window.offset, window.limit])).toEqual([
      [5, 10],
      [15, 10],
      [25, 5],
    ]);
  });

  it("gives up on a service that never sends a short page", async () => {
    const fetch = scriptedFetch(() => json({ stats: [entry(1), entry(2)] }));
    const client = new ReportingClient({
      baseUrl: "https://reporting.test",
      token: "t",
      transport: fakeTransportOptions(fetch),
    });
    await expect(client.statsAll(REQUEST, { pageSize: 2, maxPages: 5 })).rejects.toMatchObject({
      code: "too_many_pages",
    });
    expect(fetch.calls).toHaveLength(5);
  });

  it("rejects when a later page fails", async () => {
    const service = pagedService({ rows: 30, withTotal: false, failAtOffset: 20 });
    await expect(service.client.statsAll(REQUEST, { pageSize: 10 })).rejects.toMatchObject({ status: 400 });
  });
});

describe("ReportingClient.statsAll options and cancellation", () => {
  it("refuses a page size outside 1..maxLimit without sending", async () => {
    const service = pagedService({ rows: 1, withTotal: true });
    await expect(service.client.statsAll(REQUEST, { pageSize: 0 })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(service.client.statsAll(REQUEST, { pageSize: 10_001 })).rejects.toMatchObject({
      code: "invalid_request",
    });
    expect(service.fetch.calls).toHaveLength(0);
  });

  it("stops every page when the caller aborts", async () => {
    const fetch = scriptedFetch(
      json({ stats: Array.from({ length: 10 }, (_, index) => entry(index)), total: 100 }),
      "hang-until-aborted",
    );
    const client = new ReportingClient({
      baseUrl: "https://reporting.test",
      token: "t",
      transport: fakeTransportOptions(fetch),
    });
    const controller = new AbortController();
    const pending = client.statsAll(REQUEST, { pageSize: 10, concurrency: 3, signal: controller.signal });
    while (fetch.calls.length < 4) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(fetch.calls).toHaveLength(4);
    expect(fetch.calls.slice(1).every((call) => call.signal.aborted)).toBe(true);
  });

  it("rejects with the server error after retries of a failing page", async () => {
    const fetch = scriptedFetch(json({ stats: [entry(0)], total: 3 }), text("", 503));
    const client = new ReportingClient({
      baseUrl: "https://reporting.test",
      token: "t",
      transport: fakeTransportOptions(fetch, { maxRetries: 1 }),
    });
    await expect(client.statsAll(REQUEST, { pageSize: 1, concurrency: 1 })).rejects.toBeInstanceOf(ServerError);
  });
});

describe("ReportingClient.statsAll progress", () => {
  it("tells pages read of the pages that total makes known, ending at all of them", async () => {
    const service = pagedService({ rows: 95, withTotal: true });
    const heard: string[] = [];
    await service.client.statsAll(REQUEST, {
      pageSize: 10,
      concurrency: 1,
      onProgress: (p) => heard.push(`${p.pagesDone}/${p.pagesKnown}${p.pagesExact ? "" : "+"} ${p.rowsRead}`),
    });
    expect(heard).toEqual(
      Array.from({ length: 10 }, (_, index) => `${index + 1}/10 ${Math.min(95, (index + 1) * 10)}`),
    );
  });

  it("without total, knows one page more than it has read until a short page ends the listing", async () => {
    const service = pagedService({ rows: 25, withTotal: false });
    const heard: string[] = [];
    const result = await service.client.statsAll(REQUEST, {
      pageSize: 10,
      onProgress: (p) => heard.push(`${p.pagesDone}/${p.pagesKnown}${p.pagesExact ? "" : "+"} ${p.rowsRead}`),
    });
    expect(result.stats).toHaveLength(25);
    expect(heard).toEqual(["1/2+ 10", "2/3+ 20"]);
  });
});
