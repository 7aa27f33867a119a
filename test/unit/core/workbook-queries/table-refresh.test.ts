import type { LegacyArguments } from "../../../../src/core/arguments/legacy-query";
import type { StatsQuery } from "../../../../src/core/arguments/stats-query";
import { legacyStatsRows } from "../../../../src/core/legacy/legacy-rows";
import { statsRows } from "../../../../src/core/rows/stats-rows";
import type { TableData } from "../../../../src/core/workbook-queries/table-columns";
import {
  refreshStoredTable,
  tableStatsQuery,
  withFailure,
  type TableRefreshDependencies,
} from "../../../../src/core/workbook-queries/table-refresh";
import { comparedStatsTable } from "../../../../src/core/compare/compared-table";
import { describeQuery } from "../../../../src/core/workbook-queries/describe-query";
import { readTableQueryXml, tableQueryXml } from "../../../../src/core/workbook-queries/record-xml";
import { statsModelOfFormula } from "../../../../src/core/formula-parse";
import { statsFormula } from "../../../../src/core/formula-text";
import {
  isStatsTable,
  queryModelOf,
  storedModelOf,
  storedTableQuery,
  type StoredTableQuery,
} from "../../../../src/core/workbook-queries/stored-query";
import { deferred } from "../deferred";
import { legacyResponse, stats } from "../legacy/fixtures";
import { storedRecord } from "./fixtures";

function dependencies(overrides: Partial<TableRefreshDependencies> = {}) {
  const asked: StatsQuery[] = [];
  const askedLegacy: LegacyArguments[] = [];
  const written: TableData[] = [];
  const saved: StoredTableQuery[] = [];
  const deps: TableRefreshDependencies = {
    today: () => "2026-02-10",
    now: () => Date.UTC(2026, 1, 10, 9, 30, 0),
    async fetch(query) {
      asked.push(query);
      return statsRows(
        [{ group: { date: "2026-01-01", country: "FR" }, metrics: { impressions: 10, revenues: 1, ecpm: 100 } }],
        query.request,
        query.headers,
      );
    },
    async fetchLegacy(args) {
      askedLegacy.push(args);
      const days = { "2026-01-01": { stats: stats(1000, 2, 1500) }, "2026-01-02": { stats: stats(3000, 3, 3500) } };
      return legacyStatsRows(legacyResponse(days), ["day"], "readable");
    },
    dataThrough: async () => "2026-02-09",
    activeProfile: () => "Colleague",
    async write(record, data) {
      written.push(data);
      return { excelId: record.table.excelId, name: "Renamed", sheet: "Moved", rows: data.rows.length };
    },
    save: async (record) => void saved.push(record),
    ...overrides,
  };
  return { deps, asked, askedLegacy, written, saved };
}

describe("refreshing one stored table", () => {
  const record = withFailure(
    storedRecord("q-aaaaaaaa-0000-000000000000", {
      query: {
        period: { word: "LAST_MONTH" },
        groups: ["date", "country"],
        metrics: [],
        filters: {},
        orders: [],
        headers: "none",
      },
    }),
    "old reason",
    0,
  );

  it("asks the service afresh, with a header row, writes the rows and saves when, how many, the data-through day and the profile", async () => {
    const { deps, asked, written, saved } = dependencies();
    const next = await refreshStoredTable(record, deps, new AbortController().signal);
    expect(asked[0]).toMatchObject({
      cacheSeconds: 0,
      headers: "readable",
      request: { filters: { from: "2026-01-01", to: "2026-01-31" } },
    });
    expect(written[0]!.header).toEqual(["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests"]);
    expect(next.lastRefresh).toEqual({
      at: "2026-02-10T09:30:00Z",
      rows: 1,
      dataThrough: "2026-02-09",
      profile: "Colleague",
    });
    expect(next.table).toEqual({ excelId: record.table.excelId, name: "Renamed", sheet: "Moved" });
    expect(next.lastFailure).toBeUndefined();
    expect(saved).toEqual([next]);
  });

  it("writes nothing once cancelled while the rows were on their way", async () => {
    const rows = deferred<ReturnType<typeof statsRows>>();
    const { deps, written, saved } = dependencies({ fetch: () => rows.promise });
    const controller = new AbortController();
    const refreshing = refreshStoredTable(record, deps, controller.signal);
    controller.abort();
    rows.resolve(statsRows([], { filters: { from: "2026-01-01", to: "2026-01-31" } }, "readable"));
    await expect(refreshing).rejects.toMatchObject({ kind: "cancelled" });
    expect(written).toEqual([]);
    expect(saved).toEqual([]);
  });

  it("refreshes without a data-through day when /dates fails, and runs an edited query into the same table", async () => {
    const { deps, asked, saved } = dependencies({ dataThrough: () => Promise.reject(new Error("down")) });
    const edited = { ...record.query, groups: ["country" as const] };
    const next = await refreshStoredTable(record, deps, new AbortController().signal, edited);
    expect(next.lastRefresh?.dataThrough).toBeUndefined();
    expect(asked[0]!.request.groups).toEqual(["country"]);
    expect(saved[0]!.query).toEqual(edited);
    expect(saved[0]!.columns).toEqual(["country", "impressions", "revenues", "ecpm", "requests"]);
  });

  it("keeps a pinned profile's name, and a query's own cache choice never applies to a refresh", () => {
    const query = tableStatsQuery({ ...record.query, profile: "Finance" }, () => "2026-02-10", true);
    expect(query).toMatchObject({ profile: "Finance", cacheSeconds: 0 });
    expect(tableStatsQuery(record.query, () => "2026-02-10", false).cacheSeconds).toBeUndefined();
  });
});

describe("refreshing a legacy table", () => {
  const legacy = storedTableQuery.parse({
    ...storedRecord("q-eeeeeeee-0000-000000000000"),
    query: { source: "legacy", period: { word: "LAST_MONTH" }, groupBy: ["day"], profile: "Finance" },
    columns: ["date", "impressions", "revenues", "ecpm", "requests"],
  });

  it("asks LEGACY.STATS afresh with the record's period, groupings and profile, and writes the Legacy tab's columns", async () => {
    const { deps, asked, askedLegacy, written, saved } = dependencies();
    const next = await refreshStoredTable(withFailure(legacy, "old reason", 0), deps, new AbortController().signal);
    expect(asked).toEqual([]);
    expect(askedLegacy).toEqual([
      { from: "LAST_MONTH", to: undefined, groupBy: "day", options: "profile=Finance; cache=0" },
    ]);
    expect(written[0]!.header).toEqual(["Date", "Impressions", "Revenues", "eCPM", "Requests"]);
    expect(written[0]!.columns.map((column) => column.kind)).toEqual(["date", "count", "money", "money", "count"]);
    expect(written[0]!.rows).toEqual([
      [46023, 1000, 2, 2, 1500],
      [46024, 3000, 3, 1, 3500],
    ]);
    expect(next.query).toEqual(legacy.query);
    // No "data through": that day is the Reporting interface's (/dates), not the legacy one's.
    expect(next.lastRefresh).toEqual({ at: "2026-02-10T09:30:00Z", rows: 2, profile: "Finance" });
    expect(next.lastFailure).toBeUndefined();
    expect(saved).toEqual([next]);
  });

  it("runs with the active profile when the record pins none, and says which", async () => {
    const { deps, askedLegacy } = dependencies();
    const next = await refreshStoredTable(
      { ...legacy, query: { source: "legacy", period: { from: "2026-01-01", to: "2026-01-02" }, groupBy: [] } },
      deps,
      new AbortController().signal,
    );
    expect(askedLegacy[0]).toEqual({ from: "2026-01-01", to: "2026-01-02", groupBy: undefined, options: "cache=0" });
    expect(next.lastRefresh?.profile).toBe("Colleague");
  });
});

describe("a compared table", () => {
  it("keeps compare= through storing, the workbook's XML and a refresh, with its comparison columns and a percent format", async () => {
    const formula = '=REPORTING.STATS("LAST_MONTH",,"country","revenues,ecpm",,,"compare=previous_year")';
    const loaded = statsModelOfFormula(formula, () => "2026-02-10", "REPORTING");
    if (!("model" in loaded)) throw new Error(loaded.problem);
    const stored = storedModelOf(loaded.model);
    expect(stored.compare).toBe("previous_year");
    expect(describeQuery(stored)).toBe("Revenues, eCPM by Country; last month; compared with the previous year");
    const record = storedRecord("q-cccccccc-0000-000000000000", { query: stored });
    const { deps, asked, written, saved } = dependencies({
      async fetch(query) {
        asked.push(query);
        const entries = [{ group: { country: "FR" }, metrics: { revenues: 2, impressions: 1000, ecpm: 2 } }];
        return comparedStatsTable(
          entries,
          [{ group: { country: "FR" }, metrics: { revenues: 1, impressions: 1000, ecpm: 1 } }],
          query.request,
          query.headers,
          query.compare!,
        );
      },
    });
    const next = await refreshStoredTable(record, deps, new AbortController().signal);
    expect(asked[0]!.compare).toBe("previous_year");
    expect(written[0]!.header).toEqual([
      "Country",
      "Revenues",
      "Revenues (previous year)",
      "Revenues change",
      "Revenues change %",
      "eCPM",
      "eCPM (previous year)",
      "eCPM change",
      "eCPM change %",
    ]);
    expect(written[0]!.rows).toEqual([["FR", 2, 1, 1, 1, 2, 1, 1, 1]]);
    expect(written[0]!.columns.map((column) => column.kind)).toEqual([
      "text",
      "money",
      "money",
      "money",
      "percent",
      "money",
      "money",
      "money",
      "percent",
    ]);
    expect(saved[0]!.columns).toEqual([
      "country",
      "revenues",
      "revenues_previous",
      "revenues_change",
      "revenues_change_pct",
      "ecpm",
      "ecpm_previous",
      "ecpm_change",
      "ecpm_change_pct",
    ]);
    expect(storedTableQuery.safeParse(next).success).toBe(true);
    expect(readTableQueryXml(tableQueryXml(next))).toEqual({ record: next });
    // The builder gets the same formula back from the stored query.
    if (!isStatsTable(next)) throw new Error("a STATS table became a legacy one");
    expect(statsFormula(queryModelOf(next.query), "REPORTING")).toBe(formula);
  });

  it("stores every metric with its comparison columns within the record's column limit", () => {
    const columns = [
      "date",
      "country",
      ...["impressions", "revenues", "ecpm", "requests"].flatMap((metric) => [
        metric,
        `${metric}_previous`,
        `${metric}_change`,
        `${metric}_change_pct`,
      ]),
    ];
    const record = storedRecord("q-dddddddd-0000-000000000000", {
      columns,
      query: { ...storedRecord("x").query, compare: "previous_period" },
    });
    expect(storedTableQuery.safeParse(record).success).toBe(true);
  });
});
