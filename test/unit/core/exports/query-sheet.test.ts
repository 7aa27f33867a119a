import { isoTimeWithZone, legacyQueryRows, statsQueryRows } from "../../../../src/core/exports/query-sheet";
import type { StatsQueryModel } from "../../../../src/core/formula-text";

const facts = {
  periodName: "Last month",
  profile: "Finance",
  madeAt: "2026-11-05T14:03:12+01:00",
  dataThrough: "2026-11-04",
  formula: '=REPORTING.STATS("LAST_MONTH")',
};

describe("the Query sheet of an Excel export", () => {
  const model: StatsQueryModel = {
    period: { word: "LAST_MONTH" },
    groups: ["date", "country"],
    metrics: [],
    filters: { formats: ["banner_320x50"], countries: ["US", "FR", "XX"] },
    orders: ["revenues:desc", "date"],
    dateGroup: "week",
    limit: 100,
    headers: "api",
  };
  const request = { filters: { from: "2026-10-01", to: "2026-10-31" } };

  it("describes period, groups, metrics, filters with their labels, sort, profile, time, data through and the formula", () => {
    const rows = statsQueryRows(model, request, facts, { countries: { US: "United States", FR: "France" } });
    expect(rows).toEqual([
      ["Query", "Reporting statistics (REPORTING.STATS)"],
      ["From", "2026-10-01"],
      ["To", "2026-10-31"],
      ["Period", "Last month"],
      ["Groups", "Date, Country"],
      ["Dates grouped by", "week"],
      ["Metrics", "Impressions, Revenues, eCPM, Requests"],
      ["Currency", "US dollars (USD): Revenues and eCPM, two decimals"],
      ["Filter: Countries", "United States (US), France (FR), XX"],
      ["Filter: Formats", "banner_320x50"],
      ["Sort", "Revenues, descending; Date, ascending"],
      ["Maximum rows", "100"],
      ["Headers", "Service names"],
      ["Profile", "Finance"],
      ["Made at", "2026-11-05T14:03:12+01:00"],
      ["Data through", "2026-11-04"],
      ["Formula", '=REPORTING.STATS("LAST_MONTH")'],
    ]);
  });

  it("says so when there are no groups, filters or sort, and when data through is not known", () => {
    const rows = new Map(
      statsQueryRows(
        {
          period: { from: "2026-10-01", to: "2026-10-02" },
          groups: [],
          metrics: ["revenues"],
          filters: {},
          orders: [],
        },
        { filters: { from: "2026-10-01", to: "2026-10-02" } },
        { madeAt: "t", formula: "f" },
      ),
    );
    expect(rows.get("Period")).toBe("Custom range");
    expect(rows.get("Groups")).toBe("None: totals of the period");
    expect(rows.get("Metrics")).toBe("Revenues");
    expect(rows.get("Filters")).toBe("None");
    expect(rows.get("Sort")).toBe("The service's order");
    expect(rows.get("Headers")).toBe("Readable names");
    expect(rows.get("Data through")).toBe("Not known: the service did not say");
    expect(rows.get("Profile")).toBe("Not known");
  });

  it("describes a legacy query with the Query tab's metric names and order", () => {
    const rows = new Map(
      legacyQueryRows(
        { period: { word: "LAST_MONTH" }, groupBy: ["day", "ad_unit_type"] },
        { from: "2026-10-01", to: "2026-10-31" },
        ["Date", "Ad unit type"],
        facts,
      ),
    );
    expect(rows.get("Query")).toBe("Legacy statistics (REPORTING.LEGACY.STATS)");
    expect(rows.get("Groups")).toBe("Date, Ad unit type");
    expect(rows.get("Metrics")).toBe("Impressions, Revenues, eCPM, Requests");
    expect(rows.get("Currency")).toBe("US dollars (USD): Revenues and eCPM, two decimals");
  });

  it("states the currency once money is among the metrics, in the Query and Legacy files alike", () => {
    const noMoney = new Map(
      statsQueryRows(
        {
          period: { from: "2026-10-01", to: "2026-10-02" },
          groups: [],
          metrics: ["impressions"],
          filters: {},
          orders: [],
        },
        { filters: { from: "2026-10-01", to: "2026-10-02" } },
        { madeAt: "t", formula: "f" },
      ),
    );
    expect(noMoney.has("Currency")).toBe(false);
    const stats = new Map(
      statsQueryRows(
        { period: { from: "2026-10-01", to: "2026-10-02" }, groups: [], metrics: ["ecpm"], filters: {}, orders: [] },
        { filters: { from: "2026-10-01", to: "2026-10-02" } },
        { madeAt: "t", formula: "f" },
      ),
    );
    const legacy = new Map(
      legacyQueryRows(
        { period: { word: "LAST_MONTH" }, groupBy: ["day"] },
        { from: "2026-10-01", to: "2026-10-31" },
        ["Date"],
        facts,
      ),
    );
    expect(stats.get("Currency")).toBe(legacy.get("Currency"));
  });

  it("writes the time with the user's offset from UTC", () => {
    const ms = Date.UTC(2026, 10, 5, 13, 3, 12, 456);
    expect(isoTimeWithZone(ms, 60)).toBe("2026-11-05T14:03:12+01:00");
    expect(isoTimeWithZone(ms, -330)).toBe("2026-11-05T07:33:12-05:30");
    expect(isoTimeWithZone(ms, 0)).toBe("2026-11-05T13:03:12+00:00");
    expect(isoTimeWithZone(ms, 630)).toBe("2026-11-05T23:33:12+10:30");
  });
});
