import type { StatsEntry, StatsRequest } from "../../../../src/api";
import { comparedStatsTable } from "../../../../src/core/compare/compared-table";
import { comparisonCell } from "../../../../src/core/compare/comparison-rows";
import { mergeComparison } from "../../../../src/core/compare/merge-comparison";
import { excelSerialFromIsoDate } from "../../../../src/core/excel-dates";

const entry = (group: StatsEntry["group"], impressions: number, revenues: number, requests = 0): StatsEntry => ({
  group,
  metrics: { impressions, revenues, ecpm: impressions > 0 ? (revenues / impressions) * 1000 : 0, requests },
});

describe("a compared table", () => {
  const byCountry: StatsRequest = {
    filters: { from: "2025-03-01", to: "2025-03-31" },
    groups: ["country"],
    metrics: ["revenues", "ecpm"],
  };

  it("adds after each metric the comparison, the change and the change %, rows matched by group", () => {
    const table = comparedStatsTable(
      [entry({ country: "FR" }, 2000, 9), entry({ country: "DE" }, 1000, 2), entry({ country: "IT" }, 500, 1)],
      [entry({ country: "DE" }, 1000, 1.6), entry({ country: "FR" }, 1000, 8), entry({ country: "ES" }, 10, 0.5)],
      byCountry,
      "readable",
      "previous_period",
    );
    expect(table.rows).toEqual([
      [
        "Country",
        "Revenues",
        "Revenues (previous period)",
        "Revenues change",
        "Revenues change %",
        "eCPM",
        "eCPM (previous period)",
        "eCPM change",
        "eCPM change %",
      ],
      ["FR", 9, 8, 1, 0.125, 4.5, 8, -3.5, -0.4375],
      ["DE", 2, 1.6, 2 - 1.6, (2 - 1.6) / 1.6, 2, 1.6, 2 - 1.6, (2 - 1.6) / 1.6],
      // Only in the period: the comparison, the change and the change % are blank.
      ["IT", 1, "", "", "", 2, "", "", ""],
      // Only in the comparison, with no limit or offset: added last, the period's metrics blank.
      ["ES", "", 0.5, "", "", "", 50, "", ""],
    ]);
    expect(table.percentColumns).toEqual([4, 8]);
    expect(table.dataRowCount).toBe(4);
    expect(table.dateColumns).toEqual([]);
  });

  it("names the columns the API's way and leaves the header out with headers=none; says previous year", () => {
    const api = comparedStatsTable([], [], { ...byCountry, metrics: ["impressions"] }, "api", "previous_year");
    expect(api.rows).toEqual([
      ["country", "impressions", "impressions_previous", "impressions_change", "impressions_change_pct"],
    ]);
    const readable = comparedStatsTable([], [], { ...byCountry, metrics: ["requests"] }, "readable", "previous_year");
    expect(readable.rows[0]).toEqual([
      "Country",
      "Requests",
      "Requests (previous year)",
      "Requests change",
      "Requests change %",
    ]);
    const none = comparedStatsTable(
      [entry({ country: "FR" }, 1, 1)],
      [],
      { ...byCountry, metrics: ["revenues"] },
      "none",
      "previous_year",
    );
    expect(none.rows).toEqual([["FR", 1, "", "", ""]]);
    expect(none.percentColumns).toEqual([4]);
  });

  it("leaves rows found only in the comparison out when the query has a limit or an offset", () => {
    const current = [entry({ country: "FR" }, 2000, 9)];
    const comparison = [entry({ country: "ES" }, 10, 0.5), entry({ country: "FR" }, 1000, 8)];
    for (const cut of [{ limit: 1 }, { offset: 3 }]) {
      const table = comparedStatsTable(current, comparison, { ...byCountry, ...cut }, "api", "previous_period");
      expect(table.rows.slice(1).map((row) => row[0])).toEqual(["FR"]);
    }
  });

  it("leaves the change % blank, never 0 or an error, when the comparison is 0", () => {
    const table = comparedStatsTable(
      [entry({}, 100, 3)],
      [entry({}, 0, 0)],
      { filters: byCountry.filters, metrics: ["revenues", "ecpm"] },
      "none",
      "previous_period",
    );
    expect(table.rows).toEqual([[3, 0, 3, "", 30, 0, 30, ""]]);
  });

  it("compares totals (no groups), zeros for a period without activity", () => {
    const table = comparedStatsTable(
      [],
      [entry({}, 100, 1, 7)],
      { filters: byCountry.filters },
      "none",
      "previous_period",
    );
    expect(table.rows).toEqual([[0, 100, -100, -1, 0, 1, -1, -1, 0, 10, -10, -1, 0, 7, -7, -1]]);
    expect(table.percentColumns).toEqual([4, 8, 12, 16].map((index) => index - 1));
  });

  it("matches dates by their place and shows comparison-only dates on the period's day", () => {
    const request: StatsRequest = {
      filters: { from: "2025-03-01", to: "2025-03-03" },
      groups: ["date"],
      metrics: ["revenues"],
    };
    // The three days before: 26 to 28 February.
    const table = comparedStatsTable(
      [entry({ date: "2025-03-01" }, 10, 5), entry({ date: "2025-03-03" }, 10, 6)],
      [entry({ date: "2025-02-26" }, 10, 4), entry({ date: "2025-02-27" }, 10, 2)],
      request,
      "none",
      "previous_period",
    );
    const serial = (day: string) => excelSerialFromIsoDate(day);
    expect(table.rows).toEqual([
      [serial("2025-03-01"), 5, 4, 1, 0.25],
      [serial("2025-03-03"), 6, "", "", ""],
      [serial("2025-03-02"), "", 2, "", ""],
    ]);
    expect(table.dateColumns).toEqual([0]);
  });
});

describe("merging a year apart around 29 February", () => {
  const groups = ["date", "country"] as const;

  it("adds 29 February into 28 February when the comparison year is the leap one, eCPM recomputed from the sums", () => {
    const request: StatsRequest = {
      filters: { from: "2025-02-28", to: "2025-03-01" },
      groups: [...groups],
      metrics: ["impressions", "revenues", "ecpm"],
    };
    const table = comparedStatsTable(
      [entry({ date: "2025-02-28", country: "FR" }, 1000, 3)],
      [
        entry({ date: "2024-02-28", country: "FR" }, 1000, 1),
        entry({ date: "2024-02-29", country: "FR" }, 3000, 9),
        entry({ date: "2024-03-01", country: "FR" }, 10, 1),
      ],
      request,
      "api",
      "previous_year",
    );
    const [, feb28, mar1] = table.rows;
    // 4,000 impressions and 10 of revenues: an eCPM of 2.5, where the average of the two days' eCPMs would be 2.
    expect(feb28!.slice(1)).toEqual(["FR", 1000, 4000, -3000, -0.75, 3, 10, -7, -0.7, 3, 2.5, 0.5, 0.2]);
    expect(mar1!.slice(1)).toEqual(["FR", "", 10, "", "", "", 1, "", "", "", 100, "", ""]);
    expect(table.rows).toHaveLength(3);
  });

  it("shows 28 February of the year before beside both 28 and 29 February of a leap year", () => {
    const merged = mergeComparison(
      [entry({ date: "2024-02-28", country: "FR" }, 10, 1), entry({ date: "2024-02-29", country: "FR" }, 20, 2)],
      [entry({ date: "2023-02-28", country: "FR" }, 40, 4)],
      {
        groups,
        dates: {
          currentKey: (date) => (date === "2024-02-29" ? "2023-02-28" : String(date).replace("2024", "2023")),
          comparisonKey: String,
          currentDateOfKey: () => undefined,
        },
        includeComparisonOnly: true,
      },
    );
    expect(merged.map((row) => row.previous?.revenues)).toEqual([4, 4]);
  });
});

describe("a comparison cell", () => {
  const row = { group: {}, current: { revenues: 3, impressions: 0 }, previous: { revenues: 2, impressions: 0 } };
  it("is the change as a fraction, blank when a side or a comparison value is missing or 0", () => {
    expect(comparisonCell(row, "revenues", "change_pct")).toBe(0.5);
    expect(comparisonCell(row, "impressions", "change")).toBe(0);
    expect(comparisonCell(row, "impressions", "change_pct")).toBe("");
    expect(comparisonCell(row, "requests", "previous")).toBe("");
    expect(comparisonCell({ group: {}, current: { revenues: 3 } }, "revenues", "change")).toBe("");
  });
});
