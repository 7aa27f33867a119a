import { METRICS } from "../../../src/api";
import type { RunningEmulator } from "../../../src/emulator";
import {
  START_TIMEOUT_MS,
  expectSameAmount,
  postStats,
  startConformanceEmulator,
  stats,
  sumOf,
  widestBearer,
} from "./support/emulator";

/** Spec 4.1: one test per rule of the bearer statistics routes. */
let emulator: RunningEmulator;
let token: string;
const period = { from: "2026-06-01", to: "2026-06-28" };

beforeAll(async () => {
  emulator = await startConformanceEmulator();
  token = widestBearer(emulator).token;
}, START_TIMEOUT_MS);

afterAll(() => emulator?.close());

const dayEntries = (orders?: string[]) =>
  stats(emulator, token, { filters: period, groups: ["date"], date_group: "day", ...(orders ? { orders } : {}) });

test("rule 1: with only from and to, one overall entry for the period, all four metrics", async () => {
  const overall = await stats(emulator, token, { filters: period });
  expect(overall.stats).toHaveLength(1);
  expect(overall.total).toBe(1);
  const entry = overall.stats[0]!;
  expect(Object.values(entry.group).filter((value) => value !== undefined)).toEqual([]);
  expect(Object.keys(entry.metrics).sort()).toEqual([...METRICS].sort());
  expect(entry.metrics.impressions).toBeGreaterThan(0);
  // Overall means every day of the period: the same totals as the per-day entries added up.
  const days = await dayEntries();
  expect(entry.metrics.impressions).toBe(sumOf(days.stats, (day) => day.metrics.impressions));
  expect(entry.metrics.requests).toBe(sumOf(days.stats, (day) => day.metrics.requests));
  expectSameAmount(
    entry.metrics.revenues!,
    sumOf(days.stats, (day) => day.metrics.revenues),
  );
  expectSameAmount(entry.metrics.ecpm!, (entry.metrics.revenues! / entry.metrics.impressions!) * 1000);
  expect(overall.params.filters).toEqual({ ...period, organizations: widestBearer(emulator).organizations });
});

test("rule 2: groups date by day gives one entry per day; orders date and date:desc sort both ways", async () => {
  const ascending = await dayEntries(["date"]);
  const dates = ascending.stats.map((entry) => entry.group.date!);
  // Every day of the period carries traffic for this credential's organizations.
  const everyDay = Array.from({ length: 28 }, (_, index) => `2026-06-${String(index + 1).padStart(2, "0")}`);
  expect(dates).toEqual(everyDay);
  const descending = await dayEntries(["date:desc"]);
  expect(descending.stats).toEqual([...ascending.stats].reverse());
  // Without orders, the groups themselves order the answer, ascending.
  expect((await dayEntries()).stats).toEqual(ascending.stats);
});

test("rule 3: groups date and asset with orders date:desc then asset sorts dates down, assets up", async () => {
  const answer = await stats(emulator, token, {
    filters: period,
    groups: ["date", "asset"],
    orders: ["date:desc", "asset"],
  });
  const keys = answer.stats.map((entry) => [entry.group.date!, entry.group.asset!] as const);
  expect(new Set(keys.map((key) => key.join("|"))).size).toBe(keys.length);
  expect(new Set(keys.map(([, asset]) => asset)).size).toBeGreaterThan(1);
  const expected = [...keys].sort(([dateA, assetA], [dateB, assetB]) =>
    dateA === dateB ? (assetA < assetB ? -1 : assetA > assetB ? 1 : 0) : dateA < dateB ? 1 : -1,
  );
  expect(keys).toEqual(expected);
});

test("rule 4: offset and limit select a window of the same ordered result; total counts the whole", async () => {
  const request = { filters: period, groups: ["date", "asset"], orders: ["date", "asset"] } as const;
  const whole = await stats(emulator, token, { ...request, groups: [...request.groups], orders: [...request.orders] });
  const window = await stats(emulator, token, {
    ...request,
    groups: [...request.groups],
    orders: [...request.orders],
    offset: 5,
    limit: 7,
  });
  expect(window.stats).toEqual(whole.stats.slice(5, 12));
  expect(window.total).toBe(whole.stats.length);
  const pastTheEnd = await stats(emulator, token, {
    ...request,
    groups: [...request.groups],
    orders: [...request.orders],
    offset: whole.stats.length,
    limit: 7,
  });
  expect(pastTheEnd.stats).toEqual([]);
});

test("rule 5: /stats/csv and /stats/xls answer their media types with a file name naming the period", async () => {
  const body = { filters: period, groups: ["date"] };
  const csv = await postStats(emulator, token, body, "/stats/csv");
  expect(csv.status).toBe(200);
  expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(csv.headers.get("content-disposition")).toBe(
    'attachment; filename="reporting-stats_2026-06-01_2026-06-28.csv"',
  );
  const xlsx = await postStats(emulator, token, body, "/stats/xls");
  expect(xlsx.status).toBe(200);
  expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  expect(xlsx.headers.get("content-disposition")).toBe(
    'attachment; filename="reporting-stats_2026-06-01_2026-06-28.xlsx"',
  );
  // An .xlsx file is a zip archive: it starts with the local file header "PK\x03\x04".
  expect(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
});

test("date_group week gives Mondays and month gives first days, adding up to the daily totals", async () => {
  const daily = await dayEntries();
  for (const dateGroup of ["week", "month"] as const) {
    const answer = await stats(emulator, token, { filters: period, groups: ["date"], date_group: dateGroup });
    for (const entry of answer.stats) {
      const date = new Date(`${entry.group.date}T00:00:00Z`);
      if (dateGroup === "week") expect(date.getUTCDay()).toBe(1);
      else expect(date.getUTCDate()).toBe(1);
    }
    expect(sumOf(answer.stats, (entry) => entry.metrics.impressions)).toBe(
      sumOf(daily.stats, (entry) => entry.metrics.impressions),
    );
  }
});

test("metrics narrows the answer to the named metrics; orders may sort by a metric, descending", async () => {
  const answer = await stats(emulator, token, {
    filters: period,
    groups: ["country"],
    metrics: ["revenues", "impressions"],
    orders: ["revenues:desc"],
  });
  for (const entry of answer.stats) expect(Object.keys(entry.metrics).sort()).toEqual(["impressions", "revenues"]);
  const revenues = answer.stats.map((entry) => entry.metrics.revenues!);
  expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
});
