import { PermissionDeniedError } from "../../../../src/client/errors";
import { legacyStatsRows } from "../../../../src/core/legacy/legacy-rows";
import { describeQuery } from "../../../../src/core/workbook-queries/describe-query";
import { readTableQueryXml, tableQueryXml } from "../../../../src/core/workbook-queries/record-xml";
import { refreshWorkbook, type WorkbookRefreshOperations } from "../../../../src/core/workbook-queries/refresh-run";
import {
  isStatsTable,
  legacyModelOf,
  storedLegacyModelOf,
  storedTableQuery,
  type StoredTableQuery,
} from "../../../../src/core/workbook-queries/stored-query";
import {
  refreshStoredTable,
  withFailure,
  type TableRefreshDependencies,
} from "../../../../src/core/workbook-queries/table-refresh";
import { legacyResponse, stats } from "../legacy/fixtures";
import { storedRecord } from "./fixtures";

/** A record exactly as the schema before legacy tables wrote it: a STATS query has no `source`. */
const SAVED_BEFORE = JSON.parse(
  `{"version":1,"id":"q-1a2b3c4d-0000-000000000000","query":{"period":{"word":"LAST_MONTH"},"groups":["date"],"metrics":["revenues"],"filters":{"countries":["FR"]},"orders":[],"profile":"Finance"},` +
    `"table":{"excelId":"{T1}","name":"Stats_by_Date","sheet":"Reporting"},"columns":["date","revenues"],"pivots":[],"createdAt":"2026-01-05T08:00:00Z",` +
    `"lastRefresh":{"at":"2026-01-05T08:00:00Z","rows":31,"dataThrough":"2026-01-04","profile":"Finance"}}`,
) as unknown;

const legacyRecord = (query: unknown): Record<string, unknown> => ({
  ...storedRecord("q-0000ffff-0000-000000000000"),
  query,
  columns: ["date", "country", "impressions", "revenues", "ecpm", "requests"],
});
const LEGACY_QUERY = {
  source: "legacy",
  period: { word: "LAST_30_DAYS" },
  groupBy: ["day", "country"],
  profile: "Legacy key",
};

describe("a legacy table's stored query", () => {
  it("reads a record saved before legacy tables as a REPORTING.STATS query, unchanged", () => {
    const parsed = storedTableQuery.parse(SAVED_BEFORE);
    expect(parsed).toEqual(SAVED_BEFORE);
    expect(isStatsTable(parsed)).toBe(true);
  });

  it("keeps the Legacy tab's query (period, groupings in order, profile by name) through the workbook's XML", () => {
    const stored = storedLegacyModelOf({
      period: { from: "2026-01-01", to: "2026-01-31" },
      groupBy: ["country", "day"],
      headers: "readable",
      profile: "Legacy key",
    });
    expect(stored).toEqual({
      source: "legacy",
      period: { from: "2026-01-01", to: "2026-01-31" },
      groupBy: ["country", "day"],
      profile: "Legacy key",
    });
    expect(legacyModelOf(stored)).toEqual({
      period: { from: "2026-01-01", to: "2026-01-31" },
      groupBy: ["country", "day"],
      profile: "Legacy key",
    });
    const record = storedTableQuery.parse(legacyRecord(stored));
    expect(isStatsTable(record)).toBe(false);
    expect(readTableQueryXml(tableQueryXml(record))).toEqual({ record });
  });

  it("refuses unknown fields, secrets, unknown groupings and a mix of both kinds of query", () => {
    expect(storedTableQuery.safeParse(legacyRecord(LEGACY_QUERY)).success).toBe(true);
    for (const query of [
      { ...LEGACY_QUERY, apiKey: "123456" },
      { ...LEGACY_QUERY, secret: "s3cr3t" },
      { ...LEGACY_QUERY, profile: "key=secret" },
      { ...LEGACY_QUERY, groupBy: ["hour"] },
      { ...LEGACY_QUERY, source: "bearer" },
      { ...LEGACY_QUERY, groups: ["date"] },
      { period: { word: "LAST_MONTH" }, groups: [], metrics: [], filters: {}, orders: [], source: "legacy" },
    ]) {
      expect(storedTableQuery.safeParse(legacyRecord(query)).success).toBe(false);
    }
  });

  it("is described in the Queries tab as the Legacy tab's columns and groupings", () => {
    expect(
      describeQuery(
        storedLegacyModelOf({
          period: { word: "LAST_30_DAYS" },
          groupBy: ["day", "ad_unit_type"],
          profile: "Legacy key",
        }),
      ),
    ).toBe(
      "Legacy statistics: Impressions, Revenues, eCPM, Requests by Date, Ad unit type; last 30 days; profile Legacy key",
    );
    expect(describeQuery(storedLegacyModelOf({ period: { from: "2026-01-01", to: "2026-01-31" }, groupBy: [] }))).toBe(
      "Legacy statistics: Impressions, Revenues, eCPM, Requests in total; 2026-01-01 to 2026-01-31",
    );
  });
});

describe("Refresh all with a legacy table", () => {
  it("refreshes it through the same run as a STATS table, and keeps the reason when its source refuses", async () => {
    const legacy = storedTableQuery.parse(legacyRecord({ ...LEGACY_QUERY, groupBy: ["day"] }));
    const failing = storedTableQuery.parse({
      ...legacyRecord({ ...LEGACY_QUERY, profile: "Revoked" }),
      id: "q-0000eeee-0000-000000000000",
    });
    const written = new Map<string, number>();
    const failures = new Map<string, StoredTableQuery>();
    const deps: TableRefreshDependencies = {
      today: () => "2026-02-10",
      now: () => Date.UTC(2026, 1, 10),
      fetch: () => Promise.reject(new Error("a legacy table must not ask STATS")),
      async fetchLegacy(args) {
        if (String(args.options).includes("Revoked"))
          throw new PermissionDeniedError({ route: "/reporting/v1/stats", status: 403 });
        return legacyStatsRows(legacyResponse({ "2026-01-01": { stats: stats(10, 1, 12) } }), ["day"], "readable");
      },
      dataThrough: async () => undefined,
      activeProfile: () => undefined,
      async write(record, data) {
        written.set(record.id, data.rows.length);
        return { ...record.table, rows: data.rows.length };
      },
      save: async () => undefined,
    };
    const ops: WorkbookRefreshOperations = {
      clearCache: () => undefined,
      recalculateFormulas: async () => undefined,
      listTables: async () => [legacy, failing],
      refreshTable: (record, signal) => refreshStoredTable(record, deps, signal),
      recordFailure: async (record, reason) => void failures.set(record.id, withFailure(record, reason, 0)),
      refreshPivots: async () => 1,
      now: () => 0,
    };
    const report = await refreshWorkbook(ops);
    expect(report.items.map((item) => [item.label, item.state])).toEqual([
      ["REPORTING formulas", "refreshed"],
      [legacy.table.name, "refreshed"],
      [failing.table.name, "failed"],
    ]);
    expect(report.items[1]).toMatchObject({ rows: 1, pivots: 1 });
    expect(written).toEqual(new Map([[legacy.id, 1]]));
    const reason = failures.get(failing.id)?.lastFailure?.reason;
    expect(reason).toBe(report.items[2]!.reason);
    expect(reason).toMatch(/^This account may not see the data asked for/);
  });
});
