import { createStore, estimateFactRows, type DuckDbReportingStore } from "../../../../src/emulator/store";
import { STORE_TIMEOUT_MS } from "./small-store";

jest.setTimeout(STORE_TIMEOUT_MS);

/** Two full years at half scale: enough seasons to see the patterns, small enough to build fast. */
const TWO_YEARS = { seed: 3, days: 730, scale: 0.5, today: "2025-01-20" } as const;

let store: DuckDbReportingStore;
beforeAll(async () => {
  store = await createStore(TWO_YEARS);
});
afterAll(() => store?.close());

async function number(sql: string, values: (string | number)[] = []): Promise<number> {
  const [row] = await store.sql(sql, values);
  return Number(Object.values(row ?? {})[0]);
}

async function ecpm(where: string, values: (string | number)[] = []): Promise<number> {
  return number(`SELECT sum(revenue)::DOUBLE / sum(impressions) * 1000 FROM fact WHERE ${where}`, values);
}

describe("demo data shape", () => {
  it("holds as many rows as estimated, so the estimate can size --scale", () => {
    const estimate = estimateFactRows(TWO_YEARS);
    expect(Math.abs(store.factRows - estimate) / estimate).toBeLessThan(0.02);
  });

  it("covers the days ending yesterday", () => {
    expect(store.period).toEqual({ from: "2023-01-21", to: "2025-01-19" });
  });

  it("never fills more requests than were made", async () => {
    expect(await number("SELECT count(*) FROM fact WHERE impressions > requests OR impressions < 0")).toBe(0);
    expect(await number("SELECT count(*) FROM fact WHERE impressions = 0")).toBeGreaterThan(0);
  });

  it("dips on weekends", async () => {
    const weekday = await number("SELECT sum(requests)::DOUBLE / count(DISTINCT day) FROM fact WHERE isodow(day) <= 5");
    const weekend = await number("SELECT sum(requests)::DOUBLE / count(DISTINCT day) FROM fact WHERE isodow(day) >= 6");
    expect(weekend).toBeLessThan(weekday * 0.95);
  });

  it("peaks in the fourth quarter and drops in January", async () => {
    const december = await ecpm("day BETWEEN $1::DATE AND $2::DATE", ["2023-12-01", "2023-12-31"]);
    const january = await ecpm("day BETWEEN $1::DATE AND $2::DATE", ["2024-01-01", "2024-01-31"]);
    const september = await ecpm("day BETWEEN $1::DATE AND $2::DATE", ["2023-09-01", "2023-09-30"]);
    expect(december).toBeGreaterThan(september * 1.15);
    expect(january).toBeLessThan(september * 0.9);
  });

  it("grows from the first year to the second", async () => {
    const first = await number("SELECT sum(requests)::DOUBLE FROM fact WHERE day < $1::DATE", ["2024-01-21"]);
    const second = await number("SELECT sum(requests)::DOUBLE FROM fact WHERE day >= $1::DATE", ["2024-01-21"]);
    expect(second).toBeGreaterThan(first);
  });

  it("prices by country tier and by format", async () => {
    expect(await ecpm("country = 'US'")).toBeGreaterThan((await ecpm("country = 'IN'")) * 2);
    expect(await ecpm("format = 'optin_video'")).toBeGreaterThan((await ecpm("format = 'banner_320x50'")) * 5);
  });

  it("has days and combinations without traffic", async () => {
    const combinations = await number(
      "SELECT count(*) FROM (SELECT DISTINCT ad_unit_id, integration_type, device_type, country FROM fact)",
    );
    const busiestDay = await number("SELECT max(rows) FROM (SELECT count(*) AS rows FROM fact GROUP BY day)");
    expect(busiestDay).toBeLessThan(combinations);
    const assetDays = await number("SELECT count(*) FROM (SELECT DISTINCT asset_id, day FROM fact)");
    const assets = await number("SELECT count(DISTINCT asset_id) FROM fact");
    expect(assetDays).toBeLessThan(assets * TWO_YEARS.days);
  });

  it("keeps very small revenues", async () => {
    expect(await number("SELECT count(*) FROM fact WHERE revenue > 0 AND revenue < 0.000001")).toBeGreaterThan(0);
  });
});
