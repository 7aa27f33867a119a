import type { StatsRequest } from "../../../src/api/stats-request";
import type { StatsEntry } from "../../../src/api/stats-response";
import { ResponseValidationError } from "../../../src/client/errors";
import { ReportingClient } from "../../../src/client/reporting-client";
import { fakeTransportOptions, json, scriptedFetch, type RecordedCall } from "./fakes";

const PERIOD = { from: "2025-01-01", to: "2025-01-31" };
const REQUEST: StatsRequest = { filters: PERIOD, groups: ["date", "country"], metrics: ["impressions", "revenues"] };

function row(index: number): StatsEntry {
  return {
    group: { date: `2025-01-${String((index % 28) + 1).padStart(2, "0")}`, country: "FR" },
    metrics: { impressions: index, revenues: index / 10 },
  };
}

function rows(count: number, change?: { at: number; edit: (entry: StatsEntry) => void }): StatsEntry[] {
  const all = Array.from({ length: count }, (_, index) => row(index));
  if (change) change.edit(all[change.at]!);
  return all;
}

/** A fake /stats that windows `all` by the body's offset/limit and says how many rows there are. */
function clientServing(all: StatsEntry[]) {
  const fetch = scriptedFetch((call: RecordedCall) => {
    const body = JSON.parse(call.body ?? "{}") as { offset?: number; limit?: number };
    const offset = body.offset ?? 0;
    return json({ stats: all.slice(offset, offset + (body.limit ?? all.length)), total: all.length });
  });
  return new ReportingClient({
    baseUrl: "https://reporting.test",
    token: "t0ken-abc",
    transport: fakeTransportOptions(fetch),
  });
}

const withoutGroup = (entry: StatsEntry) => delete entry.group.country;
const withoutMetric = (entry: StatsEntry) => delete entry.metrics.revenues;

describe.each([
  ["stats", (client: ReportingClient, request: StatsRequest) => client.stats(request)],
  ["statsAll", (client: ReportingClient, request: StatsRequest) => client.statsAll(request, { pageSize: 10 })],
])("ReportingClient.%s and the keys the request asked for", (_method, read) => {
  it.each([
    ["a group", withoutGroup, "stats[7].group.country"],
    ["a metric", withoutMetric, "stats[7].metrics.revenues"],
  ])("refuses an answer whose row lacks %s, naming the route and the field", async (_what, edit, path) => {
    const failure = read(clientServing(rows(9, { at: 7, edit })), REQUEST);
    await expect(failure).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(failure).rejects.toMatchObject({
      route: "/stats",
      issues: [{ path, message: "missing, though the request asked for it" }],
      message: expect.stringContaining(`The service answered /stats with an unexpected value at ${path} (missing`),
    });
  });

  it("accepts null group values: the service could not attribute the row, which is not a missing key", async () => {
    const all = rows(9, { at: 3, edit: (entry) => (entry.group.country = null) });
    await expect(read(clientServing(all), REQUEST)).resolves.toMatchObject({ stats: all });
  });

  it("counts every missing key, listing the first ones", async () => {
    const all = rows(9);
    for (const entry of all) withoutMetric(entry);
    const failure = read(clientServing(all), REQUEST);
    await expect(failure).rejects.toMatchObject({
      issues: expect.arrayContaining([expect.objectContaining({ path: "stats[0].metrics.revenues" })]),
    });
    await expect(failure).rejects.toMatchObject({ message: expect.stringContaining("and 8 more problems") });
  });

  it("does not ask for metrics the request left to the service's default, nor for groups it did not name", async () => {
    const all = rows(9).map((entry): StatsEntry => ({ group: entry.group, metrics: {} }));
    await expect(read(clientServing(all), { filters: PERIOD, groups: ["date"] })).resolves.toMatchObject({
      stats: all,
    });
  });
});

describe("ReportingClient.statsAll", () => {
  it("names the row within the page that lacks the key, as for any other wrong value of that page", async () => {
    const failure = clientServing(rows(25, { at: 13, edit: withoutMetric })).statsAll(REQUEST, { pageSize: 10 });
    await expect(failure).rejects.toMatchObject({ route: "/stats", issues: [{ path: "stats[3].metrics.revenues" }] });
  });
});
