/**
 * With restatements, at any fixed clock, every route tells the same story: /dates ends the day
 * before the clock, groupings add up to the total, CSV and Excel carry the JSON rows, the legacy
 * interface the same restated numbers, default periods follow the clock, and an answer repeats to
 * the bit (also after the clock went elsewhere and came back).
 */
import ExcelJS from "exceljs";
import { REFERENCE_ROUTES, type StatsEntry, type StatsRequest } from "../../../src/api";
import type { RunningEmulator } from "../../../src/emulator";
import type { DuckDbReportingStore } from "../../../src/emulator/store";
import { parseCsv } from "./support/csv";
import {
  START_TIMEOUT_MS,
  bearerHeaders,
  expectSameAmount,
  getJson,
  legacyStats,
  postStats,
  startConformanceEmulator,
  stats,
  sumOf,
  widestBearer,
} from "./support/emulator";

/** Four days after the data set's today: the last fortnight is restated, four new days have come. */
const CLOCK = "2026-07-04";
const PERIOD = { from: "2026-06-10", to: "2026-07-03" };

let emulator: RunningEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startConformanceEmulator({ restatements: true });
  emulator.setToday(CLOCK);
  token = widestBearer(emulator).token;
}, START_TIMEOUT_MS);

afterAll(() => emulator?.close());

test("/dates ends the day before the clock", async () => {
  const { body } = await getJson(emulator.baseUrl + REFERENCE_ROUTES.dates.path, bearerHeaders(token));
  expect(REFERENCE_ROUTES.dates.response.parse(body)).toEqual({ from: "2026-05-01", to: "2026-07-03" });
  const future = await stats(emulator, token, { filters: { from: CLOCK, to: "2026-07-10" }, groups: ["date"] });
  expect(future.stats).toEqual([]);
});

test("every grouping adds up to the ungrouped total, and eCPM is computed from the sums", async () => {
  const [overall] = (await stats(emulator, token, { filters: PERIOD })).stats;
  for (const groups of [
    ["date"],
    ["country"],
    ["ad_unit"],
    ["date", "device_types", "integration_type"],
  ] as StatsRequest["groups"][]) {
    const answer = await stats(emulator, token, { filters: PERIOD, groups, limit: 10_000 });
    expect(sumOf(answer.stats, (entry) => entry.metrics.impressions)).toBe(overall!.metrics.impressions);
    expect(sumOf(answer.stats, (entry) => entry.metrics.requests)).toBe(overall!.metrics.requests);
    expectSameAmount(
      sumOf(answer.stats, (entry) => entry.metrics.revenues),
      overall!.metrics.revenues!,
    );
    for (const { metrics } of answer.stats)
      expectSameAmount(metrics.ecpm!, metrics.impressions ? (metrics.revenues! / metrics.impressions) * 1000 : 0);
  }
});

test("the same request answers the same, to the bit, at the same clock", async () => {
  const request: StatsRequest = { filters: PERIOD, groups: ["date", "country"], limit: 10_000 };
  const first = await stats(emulator, token, request);
  emulator.setToday("2026-07-20");
  const elsewhere = await stats(emulator, token, request);
  emulator.setToday(CLOCK);
  expect(await stats(emulator, token, request)).toEqual(first);
  expect(elsewhere).not.toEqual(first);
});

describe("CSV and Excel carry the JSON rows", () => {
  const request: StatsRequest = {
    filters: { from: "2026-06-25", to: "2026-07-03" },
    groups: ["date", "country"],
    metrics: ["revenues", "impressions", "requests"],
    limit: 2_000,
  };
  let json: StatsEntry[];
  const rowOf = (entry: StatsEntry) => [
    entry.group.date,
    entry.group.country,
    entry.metrics.revenues,
    entry.metrics.impressions,
    entry.metrics.requests,
  ];
  beforeAll(async () => {
    json = (await stats(emulator, token, request)).stats;
  });

  test("CSV", async () => {
    const response = await postStats(emulator, token, request, "/stats/csv");
    const [, ...rows] = parseCsv(
      Buffer.from(await response.arrayBuffer())
        .subarray(3)
        .toString("utf8"),
    );
    expect(rows.map((row) => [row[0], row[1], ...row.slice(2).map(Number)])).toEqual(json.map(rowOf));
  });

  test("Excel", async () => {
    const response = await postStats(emulator, token, request, "/stats/xls");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = json.map((_, index) => (sheet.getRow(index + 2).values as unknown[]).slice(1));
    expect(rows.map(([date, ...rest]) => [(date as Date).toISOString().slice(0, 10), ...rest])).toEqual(
      json.map(rowOf),
    );
  });
});

test("the legacy interface answers the restated numbers of its applications' ad units", async () => {
  const store = emulator.store as DuckDbReportingStore;
  for (const credential of emulator.credentials.legacy) {
    const legacy = await legacyStats(emulator, credential, {
      from_date: "2026-06-15",
      to_date: "2026-07-03",
      group_by: "day",
    });
    const adUnits = (
      await store.sql(
        `SELECT ad_units.id FROM ad_units JOIN assets ON assets.id = ad_units.asset_id WHERE assets.app_key IN (${credential.applications.join(", ")})`,
      )
    ).map((row) => String(row.id));
    const organizations = (await store.sql("SELECT id FROM organizations")).map((row) => String(row.id));
    const json = await store.stats({
      filters: { from: "2026-06-15", to: "2026-07-03", organizations, ad_units: adUnits },
      groups: ["date"],
    });
    const legacyDays = Object.entries(legacy.aggregation ?? {}).map(([day, node]) => [
      day,
      node.stats?.impressions,
      node.stats?.revenue,
    ]);
    // 19 days, less a day an application had an outage.
    expect(legacyDays.length).toBeGreaterThanOrEqual(15);
    expect(legacyDays).toEqual(
      json.stats.map((entry) => [entry.group.date, entry.metrics.impressions, entry.metrics.revenues]),
    );
  }
});

test("default periods follow the clock", async () => {
  const [credential] = emulator.credentials.legacy;
  const answer = await legacyStats(emulator, credential!, {});
  expect([answer.fromDate, answer.toDate]).toEqual(["2026-06-27", "2026-07-03"]);
});
