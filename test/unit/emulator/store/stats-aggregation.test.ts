import { GROUPS, type GroupName, type StatsEntry } from "../../../../src/api";
import { dayNumber, isoWeekday } from "../../../../src/emulator/data/calendar";
import type { DuckDbReportingStore } from "../../../../src/emulator/store";
import { allOf, relativelyClose, smallStore, SMALL_STORE, STORE_TIMEOUT_MS } from "./small-store";

jest.setTimeout(STORE_TIMEOUT_MS);

let store: DuckDbReportingStore;
beforeAll(async () => {
  store = await smallStore();
});
afterAll(() => store?.close());

function metric(entry: StatsEntry | undefined, name: "impressions" | "revenues" | "requests" | "ecpm"): number {
  const value = entry?.metrics[name];
  if (typeof value !== "number") throw new Error(`metric ${name} missing`);
  return value;
}

/**
 * The first fact row (in `order`) that `condition` picks, and the store's answer for exactly
 * that row: every filter set to its day, organization, ad unit, country, integration and device.
 */
async function oneFactRowAsked(condition: string, order: string) {
  const [row] = await store.sql(
    `SELECT day::VARCHAR AS day, organization_id::VARCHAR AS organization, ad_unit_id::VARCHAR AS ad_unit, country::VARCHAR AS country,
            integration_type::VARCHAR AS integration_type, device_type::VARCHAR AS device_type, revenue
     FROM fact WHERE ${condition} ORDER BY ${order} LIMIT 1`,
  );
  expect(row).toBeDefined();
  const answer = await store.stats({
    filters: {
      from: String(row!.day),
      to: String(row!.day),
      organizations: [String(row!.organization)],
      ad_units: [String(row!.ad_unit)],
      countries: [String(row!.country)],
      integration_types: [String(row!.integration_type)] as ("standard_integration" | "header_bidding")[],
      device_types: [String(row!.device_type)] as ("mobile" | "desktop")[],
    },
  });
  return { row: row!, answer };
}

describe("stats totals", () => {
  it("answers one entry with an empty group and all four metrics when only the period is given", async () => {
    const answer = await store.stats(allOf(store));
    expect(answer.total).toBe(1);
    expect(answer.stats).toHaveLength(1);
    expect(answer.stats[0]!.group).toEqual({});
    expect(Object.keys(answer.stats[0]!.metrics).sort()).toEqual(["ecpm", "impressions", "requests", "revenues"]);
    expect(metric(answer.stats[0], "impressions")).toBeGreaterThan(0);
  });

  it("returns only the requested metrics", async () => {
    const answer = await store.stats(allOf(store, { metrics: ["revenues", "ecpm"], groups: ["country"] }));
    for (const entry of answer.stats) expect(Object.keys(entry.metrics).sort()).toEqual(["ecpm", "revenues"]);
  });

  it("gives the same answers for the same seed, and other answers for another seed", async () => {
    const { createStore } = await import("../../../../src/emulator/store");
    const twin = await createStore(SMALL_STORE);
    const other = await createStore({ ...SMALL_STORE, seed: SMALL_STORE.seed + 1 });
    try {
      const request = allOf(store, { groups: ["date", "country"], orders: ["revenues:desc"], limit: 50 });
      const mine = await store.stats(request);
      const twins = await twin.stats(request);
      expect(twin.credentials).toEqual(store.credentials);
      expect(twins.stats.length).toBe(50);
      // Revenues included, to the last bit: sums are exact, whatever order threads combine them in.
      expect(twins).toEqual(mine);
      expect(await store.stats(request)).toEqual(mine);
      const others = await other.stats(allOf(other));
      expect(metric(others.stats[0], "impressions")).not.toBe(
        metric((await store.stats(allOf(store))).stats[0], "impressions"),
      );
    } finally {
      await twin.close();
      await other.close();
    }
  });

  it.each(GROUPS.map((group) => [group]))("sums the %s grouping to the ungrouped total", async (group) => {
    const [total] = (await store.stats(allOf(store))).stats;
    const grouped = await store.stats(allOf(store, { groups: [group as GroupName] }));
    expect(grouped.stats.length).toBeGreaterThan(1);
    expect(grouped.total).toBe(grouped.stats.length);
    const sum = (name: "impressions" | "requests" | "revenues") =>
      grouped.stats.reduce((acc, entry) => acc + metric(entry, name), 0);
    expect(sum("impressions")).toBe(metric(total, "impressions"));
    expect(sum("requests")).toBe(metric(total, "requests"));
    expect(relativelyClose(sum("revenues"), metric(total, "revenues"))).toBe(true);
  });

  it("sums a grouping by several dimensions and week to the total too", async () => {
    const [total] = (await store.stats(allOf(store))).stats;
    const grouped = await store.stats(allOf(store, { groups: ["date", "asset", "device_types"], date_group: "week" }));
    expect(grouped.stats.reduce((acc, entry) => acc + metric(entry, "impressions"), 0)).toBe(
      metric(total, "impressions"),
    );
  });

  it("computes ecpm from the aggregated revenues and impressions, not as an average of ecpms", async () => {
    const [total] = (await store.stats(allOf(store))).stats;
    expect(metric(total, "ecpm")).toBe((metric(total, "revenues") / metric(total, "impressions")) * 1000);
    const byDay = await store.stats(allOf(store, { groups: ["date"] }));
    for (const entry of byDay.stats) {
      expect(metric(entry, "ecpm")).toBe((metric(entry, "revenues") / metric(entry, "impressions")) * 1000);
    }
    const averaged = byDay.stats.reduce((acc, entry) => acc + metric(entry, "ecpm"), 0) / byDay.stats.length;
    expect(metric(total, "ecpm")).not.toBeCloseTo(averaged, 6);
  });

  it("answers ecpm 0 for an entry that had requests but no impressions", async () => {
    const { answer } = await oneFactRowAsked(
      "impressions = 0 AND requests > 0",
      "day, organization, ad_unit, country, integration_type, device_type",
    );
    expect(metric(answer.stats[0], "impressions")).toBe(0);
    expect(metric(answer.stats[0], "requests")).toBeGreaterThan(0);
    expect(metric(answer.stats[0], "ecpm")).toBe(0);
  });

  it("keeps revenues at full precision, tiny ones included", async () => {
    const { row, answer } = await oneFactRowAsked("revenue > 0 AND revenue < 1e-6", "revenue");
    expect(metric(answer.stats[0], "revenues")).toBe(row.revenue);
    expect(metric(answer.stats[0], "revenues")).toBeLessThan(1e-6);
  });

  it("answers zeros for a period without data, and nothing at all for an empty organization list", async () => {
    const before = await store.stats({
      filters: { from: "2000-01-01", to: "2000-01-31", organizations: allOf(store).filters.organizations },
    });
    expect(before.stats).toEqual([{ group: {}, metrics: { impressions: 0, revenues: 0, ecpm: 0, requests: 0 } }]);
    const nobody = await store.stats(allOf(store, { groups: ["country"] }, { organizations: [] }));
    expect(nobody).toEqual({ stats: [], total: 0 });
  });
});

describe("stats date groups", () => {
  it("gives one entry per day with data, as YYYY-MM-DD inside the period", async () => {
    const answer = await store.stats(allOf(store, { groups: ["date"] }));
    expect(answer.stats).toHaveLength(SMALL_STORE.days);
    for (const entry of answer.stats) {
      expect(entry.group.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.group.date! >= store.period.from && entry.group.date! <= store.period.to).toBe(true);
    }
  });

  it("starts weeks on Monday and gathers exactly the days of that week", async () => {
    const weeks = await store.stats(allOf(store, { groups: ["date"], date_group: "week" }));
    const days = await store.stats(allOf(store, { groups: ["date"] }));
    const expected = new Map<string, number>();
    for (const entry of days.stats) {
      const day = dayNumber(entry.group.date!);
      const monday = new Date((day - isoWeekday(day)) * 86_400_000).toISOString().slice(0, 10);
      expected.set(monday, (expected.get(monday) ?? 0) + metric(entry, "impressions"));
    }
    expect(weeks.stats.map((entry) => entry.group.date)).toEqual([...expected.keys()]);
    for (const entry of weeks.stats) {
      expect(isoWeekday(dayNumber(entry.group.date!))).toBe(0);
      expect(metric(entry, "impressions")).toBe(expected.get(entry.group.date!));
    }
  });

  it("dates a month by its first day and gathers exactly its days", async () => {
    const months = await store.stats(allOf(store, { groups: ["date"], date_group: "month" }));
    const days = await store.stats(allOf(store, { groups: ["date"] }));
    expect(months.stats.map((entry) => entry.group.date)).toEqual(["2024-01-01", "2024-02-01", "2024-03-01"]);
    for (const entry of months.stats) {
      const month = entry.group.date!.slice(0, 7);
      const sum = days.stats
        .filter((day) => day.group.date!.startsWith(month))
        .reduce((acc, day) => acc + metric(day, "impressions"), 0);
      expect(metric(entry, "impressions")).toBe(sum);
    }
  });

  it("keeps only the N most recent date periods with date_group_limit", async () => {
    const all = await store.stats(allOf(store, { groups: ["date", "format"], date_group: "week" }));
    const limited = await store.stats(
      allOf(store, { groups: ["date", "format"], date_group: "week", date_group_limit: 3 }),
    );
    const recentWeeks = [...new Set(all.stats.map((entry) => entry.group.date!))].sort().slice(-3);
    expect([...new Set(limited.stats.map((entry) => entry.group.date!))].sort()).toEqual(recentWeeks);
    expect(limited.stats).toEqual(all.stats.filter((entry) => recentWeeks.includes(entry.group.date!)));
    expect(limited.total).toBe(limited.stats.length);
    const none = await store.stats(allOf(store, { groups: ["date"], date_group_limit: 0 }));
    expect(none.total).toBe(0);
    const noDateGroup = await store.stats(allOf(store, { groups: ["format"], date_group_limit: 1 }));
    expect(noDateGroup.stats.length).toBe(5);
  });

  it("picks the most recent periods among those present after filters, not calendar days", async () => {
    const [gap] = await store.sql(
      `SELECT ad_unit_id::VARCHAR AS ad_unit, country::VARCHAR AS country FROM fact
       GROUP BY ALL HAVING max(day) < (SELECT max(day) FROM fact) ORDER BY ALL LIMIT 1`,
    );
    expect(gap).toBeDefined();
    const recentDays = await store.sql(
      `SELECT DISTINCT day::VARCHAR AS day FROM fact WHERE ad_unit_id = $1 AND country = $2 ORDER BY day DESC LIMIT 2`,
      [String(gap!.ad_unit), String(gap!.country)],
    );
    const answer = await store.stats(
      allOf(
        store,
        { groups: ["date"], date_group_limit: 2 },
        { ad_units: [String(gap!.ad_unit)], countries: [String(gap!.country)] },
      ),
    );
    expect(answer.stats.map((entry) => entry.group.date)).toEqual(recentDays.map((row) => row.day).reverse());
    expect(answer.stats.at(-1)!.group.date! < store.period.to).toBe(true);
  });
});
