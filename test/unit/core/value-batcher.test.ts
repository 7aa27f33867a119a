import type { StatsEntry, StatsRequest } from "../../../src/api";
import type { ValueQuery } from "../../../src/core/arguments/value-query";
import { batchRequest, ValueBatcher, type LoadEntries } from "../../../src/core/value-batcher";
import { deferred, settle, type Deferred } from "./deferred";

const period = { from: "2025-01-01", to: "2025-01-31" };
const COUNTRIES = ["FR", "DE", "IT", "ES", "GB"];

function query(metric: ValueQuery["metric"], filters: ValueQuery["filters"] = {}, periodOfCall = period): ValueQuery {
  return { metric, period: periodOfCall, filters };
}

function manualScheduler() {
  const flushes: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => void flushes.push(flush),
    run: () => flushes.splice(0).forEach((flush) => flush()),
    get count() {
      return flushes.length;
    },
  };
}

function recordingLoad() {
  const calls: { request: StatsRequest; signal: AbortSignal; answer: Deferred<StatsEntry[]> }[] = [];
  const load: LoadEntries = (request, signal) => {
    const answer = deferred<StatsEntry[]>();
    calls.push({ request, signal, answer });
    return answer.promise;
  };
  return { calls, load };
}

const byCountryAndFormat: StatsEntry[] = [
  { group: { country: "FR", format: "interstitial" }, metrics: { impressions: 1000, revenues: 4, requests: 1100 } },
  { group: { country: "FR", format: "banner_320x50" }, metrics: { impressions: 3000, revenues: 2, requests: 3100 } },
  { group: { country: "DE", format: "interstitial" }, metrics: { impressions: 500, revenues: 3, requests: 600 } },
  { group: { country: null, format: "interstitial" }, metrics: { impressions: 100, revenues: 1, requests: 100 } },
];

describe("the request of a batch", () => {
  it("groups by every filtered dimension and filters only those every call filters on", () => {
    const request = batchRequest([
      query("revenues", { countries: ["FR"], formats: ["interstitial"] }),
      query("revenues", { countries: ["DE", "FR"] }),
      query("ecpm", { countries: ["IT"] }),
    ]);
    expect(request).toEqual({
      filters: { ...period, countries: ["DE", "FR", "IT"] },
      groups: ["country", "format"],
      metrics: ["impressions", "revenues", "requests"],
    });
  });

  it("does not group by a dimension every call filters on the same values", () => {
    const request = batchRequest([
      query("revenues", { organizations: ["o-2", "o-1"], countries: ["FR"] }),
      query("ecpm", { organizations: ["o-1", "o-2"], countries: ["DE"] }),
    ]);
    expect(request).toEqual({
      filters: { ...period, organizations: ["o-1", "o-2"], countries: ["DE", "FR"] },
      groups: ["country"],
      metrics: ["impressions", "revenues", "requests"],
    });
  });

  it("asks for totals when no call filters", () => {
    expect(batchRequest([query("revenues"), query("impressions")])).toEqual({
      filters: period,
      metrics: ["impressions", "revenues", "requests"],
    });
  });
});

describe("VALUE batching", () => {
  it("answers 1,000 calls over one period and one dimension with one request", async () => {
    const scheduler = manualScheduler();
    const batcher = new ValueBatcher({ schedule: scheduler.schedule });
    const { calls, load } = recordingLoad();
    const results = Array.from({ length: 1000 }, (_, index) =>
      batcher.request({
        query: query("revenues", { countries: [COUNTRIES[index % COUNTRIES.length]!] }),
        batchKey: "p",
        load,
      }),
    );
    expect(scheduler.count).toBe(1);
    expect(batcher.pendingCount).toBe(1000);
    scheduler.run();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request).toEqual({
      filters: { ...period, countries: ["DE", "ES", "FR", "GB", "IT"] },
      groups: ["country"],
      metrics: ["impressions", "revenues", "requests"],
    });
    calls[0]!.answer.resolve(
      COUNTRIES.map((country, index) => ({
        group: { country },
        metrics: { impressions: 1, revenues: index + 1, requests: 1 },
      })),
    );
    const values = await Promise.all(results);
    values.forEach((value, index) => expect(value).toBe((index % COUNTRIES.length) + 1));
  });

  it("sums matching entries and recomputes eCPM from the sums", async () => {
    const scheduler = manualScheduler();
    const batcher = new ValueBatcher({ schedule: scheduler.schedule });
    const { calls, load } = recordingLoad();
    const ask = (metric: ValueQuery["metric"], filters: ValueQuery["filters"] = {}) =>
      batcher.request({ query: query(metric, filters), batchKey: "p", load });
    const frRevenues = ask("revenues", { countries: ["FR"] });
    const frEcpm = ask("ecpm", { countries: ["fr"] });
    const interstitialImpressions = ask("impressions", { formats: ["interstitial"] });
    const frDeInterstitialEcpm = ask("ecpm", { countries: ["FR", "DE"], formats: ["interstitial"] });
    const allRequests = ask("requests");
    const nothing = ask("ecpm", { countries: ["JP"] });
    scheduler.run();
    expect(calls).toHaveLength(1);
    calls[0]!.answer.resolve(byCountryAndFormat);
    expect(await frRevenues).toBe(6);
    expect(await frEcpm).toBe(1.5);
    expect(await interstitialImpressions).toBe(1600);
    expect(await frDeInterstitialEcpm).toBeCloseTo((7 / 1500) * 1000, 10);
    expect(await allRequests).toBe(4900);
    expect(await nothing).toBe(0);
  });

  it("sums an ungrouped answer when every call filters alike", async () => {
    const scheduler = manualScheduler();
    const batcher = new ValueBatcher({ schedule: scheduler.schedule });
    const { calls, load } = recordingLoad();
    const revenues = batcher.request({ query: query("revenues", { countries: ["FR"] }), batchKey: "p", load });
    const impressions = batcher.request({ query: query("impressions", { countries: ["FR"] }), batchKey: "p", load });
    scheduler.run();
    expect(calls[0]!.request.groups).toBeUndefined();
    calls[0]!.answer.resolve([{ group: {}, metrics: { impressions: 4000, revenues: 6, requests: 4200 } }]);
    await expect(revenues).resolves.toBe(6);
    await expect(impressions).resolves.toBe(4000);
  });

  it("sends one request per period, options and profile", async () => {
    const scheduler = manualScheduler();
    const batcher = new ValueBatcher({ schedule: scheduler.schedule });
    const { calls, load } = recordingLoad();
    const january = batcher.request({ query: query("revenues"), batchKey: "p|jan", load });
    const february = batcher.request({
      query: query("revenues", {}, { from: "2025-02-01", to: "2025-02-28" }),
      batchKey: "p|feb",
      load,
    });
    scheduler.run();
    expect(calls.map((call) => call.request.filters.from)).toEqual(["2025-01-01", "2025-02-01"]);
    calls[0]!.answer.resolve([{ group: {}, metrics: { revenues: 1 } }]);
    calls[1]!.answer.resolve([{ group: {}, metrics: { revenues: 2 } }]);
    await expect(january).resolves.toBe(1);
    await expect(february).resolves.toBe(2);
  });

  it("rejects every waiting call when the batch's request fails", async () => {
    const scheduler = manualScheduler();
    const batcher = new ValueBatcher({ schedule: scheduler.schedule });
    const { calls, load } = recordingLoad();
    const results = Array.from({ length: 50 }, (_, index) =>
      batcher.request({ query: query("revenues", { countries: [COUNTRIES[index % 5]!] }), batchKey: "p", load }),
    );
    scheduler.run();
    const failure = Object.assign(new Error("The reporting service is unavailable"), { name: "ServerError" });
    calls[0]!.answer.reject(failure);
    const outcomes = await Promise.allSettled(results);
    expect(outcomes.every((outcome) => outcome.status === "rejected" && outcome.reason === failure)).toBe(true);
  });

  it("removes a call cancelled before the flush", async () => {
    const scheduler = manualScheduler();
    const batcher = new ValueBatcher({ schedule: scheduler.schedule });
    const { calls, load } = recordingLoad();
    const cancel = new AbortController();
    const cancelled = batcher.request(
      { query: query("revenues", { countries: ["JP"] }), batchKey: "p", load },
      cancel.signal,
    );
    const kept = batcher.request({ query: query("revenues", { countries: ["FR"] }), batchKey: "p", load });
    cancel.abort();
    await expect(cancelled).rejects.toMatchObject({ name: "AbortedError" });
    expect(batcher.pendingCount).toBe(1);
    scheduler.run();
    expect(calls[0]!.request.filters.countries).toEqual(["FR"]);
    expect(calls[0]!.request.groups).toBeUndefined();
    calls[0]!.answer.resolve([{ group: {}, metrics: { impressions: 4000, revenues: 6, requests: 4200 } }]);
    await expect(kept).resolves.toBe(6);
  });

  it("sends nothing when every call of a batch is cancelled before the flush", async () => {
    const scheduler = manualScheduler();
    const batcher = new ValueBatcher({ schedule: scheduler.schedule });
    const { calls, load } = recordingLoad();
    const cancel = new AbortController();
    const result = batcher.request({ query: query("revenues"), batchKey: "p", load }, cancel.signal);
    cancel.abort();
    scheduler.run();
    expect(calls).toHaveLength(0);
    await expect(result).rejects.toMatchObject({ name: "AbortedError" });
  });

  it("aborts the request in flight only when every call of the batch has cancelled", async () => {
    const scheduler = manualScheduler();
    const batcher = new ValueBatcher({ schedule: scheduler.schedule });
    const { calls, load } = recordingLoad();
    const controllers = [new AbortController(), new AbortController()];
    const results = controllers.map((controller) =>
      batcher.request({ query: query("revenues"), batchKey: "p", load }, controller.signal),
    );
    scheduler.run();
    controllers[0]!.abort();
    await expect(results[0]).rejects.toMatchObject({ name: "AbortedError" });
    expect(calls[0]!.signal.aborted).toBe(false);
    controllers[1]!.abort();
    await expect(results[1]).rejects.toMatchObject({ name: "AbortedError" });
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it("sends at once when the batch is full", async () => {
    const scheduler = manualScheduler();
    const batcher = new ValueBatcher({ schedule: scheduler.schedule, maxBatchSize: 3 });
    const { calls, load } = recordingLoad();
    for (let index = 0; index < 7; index++)
      void batcher.request({ query: query("revenues"), batchKey: "p", load }).catch(() => {});
    expect(calls).toHaveLength(2);
    scheduler.run();
    expect(calls).toHaveLength(3);
  });

  it("flushes on the default scheduler without help", async () => {
    const batcher = new ValueBatcher();
    const result = batcher.request({
      query: query("impressions"),
      batchKey: "p",
      load: async () => byCountryAndFormat,
    });
    await settle();
    await expect(result).resolves.toBe(4600);
  });
});
