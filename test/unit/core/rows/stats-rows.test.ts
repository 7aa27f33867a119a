import type { StatsEntry, StatsRequest } from "../../../../src/api";
import { statsRows } from "../../../../src/core/rows/stats-rows";

const period = { from: "2025-01-01", to: "2025-01-31" };

const entries: StatsEntry[] = [
  {
    group: { date: "2025-01-02", country: "FR" },
    metrics: { impressions: 1000, revenues: 2.5, ecpm: 2.5, requests: 1200 },
  },
  { group: { date: "2025-01-01", country: null }, metrics: { impressions: 10, revenues: 1.2e-7, requests: 11 } },
];

describe("stats rows", () => {
  it("lays out groups then metrics in request order, with readable headers and Excel dates", () => {
    const request: StatsRequest = {
      filters: period,
      groups: ["country", "date"],
      metrics: ["revenues", "impressions", "ecpm"],
    };
    const table = statsRows(entries, request, "readable");
    expect(table.rows).toEqual([
      ["Country", "Date", "Revenues", "Impressions", "eCPM"],
      ["FR", 45659, 2.5, 1000, 2.5],
      ["", 45658, 1.2e-7, 10, ""],
    ]);
    expect(table.dateColumns).toEqual([1]);
    expect(table.dataRowCount).toBe(2);
  });

  it("uses the API's names with headers=api and no header with headers=none", () => {
    const request: StatsRequest = { filters: period, groups: ["date", "device_types"], metrics: ["ecpm"] };
    expect(statsRows([], request, "api").rows).toEqual([["date", "device_types", "ecpm"]]);
    expect(statsRows(entries, request, "none").rows[0]).toEqual([45659, "", 2.5]);
  });

  it("shows all four metrics in the API's order when none was requested", () => {
    const table = statsRows(
      [{ group: {}, metrics: { impressions: 5, revenues: 1, ecpm: 200, requests: 9 } }],
      { filters: period },
      "readable",
    );
    expect(table.rows).toEqual([
      ["Impressions", "Revenues", "eCPM", "Requests"],
      [5, 1, 200, 9],
    ]);
    expect(table.dateColumns).toEqual([]);
  });

  it("gives totals of zero when a period without groups has no entry", () => {
    expect(statsRows([], { filters: period, metrics: ["revenues", "requests"] }, "none").rows).toEqual([[0, 0]]);
  });

  it("never spills an empty array", () => {
    expect(statsRows([], { filters: period, groups: ["country"], metrics: ["revenues"] }, "none").rows).toEqual([
      ["", ""],
    ]);
  });

  it("turns week and month group dates into the first day of their period", () => {
    const weekly: StatsEntry[] = [
      { group: { date: "2025-W02" }, metrics: { revenues: 1 } },
      { group: { date: "2025-02" }, metrics: { revenues: 2 } },
      { group: { date: "unknown" }, metrics: { revenues: 3 } },
    ];
    const rows = statsRows(weekly, { filters: period, groups: ["date"], metrics: ["revenues"] }, "none").rows;
    expect(rows).toEqual([
      [45663, 1],
      [45689, 2],
      ["unknown", 3],
    ]);
  });
});
