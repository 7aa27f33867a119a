import { REFRESH_LOG_COLUMNS, REFRESH_LOG_HEADERS, refreshLogRow } from "../../../../src/core/changes/refresh-log";
import { refreshTables, type WorkbookRefreshOperations } from "../../../../src/core/workbook-queries/refresh-run";
import type { StoredTableQuery } from "../../../../src/core/workbook-queries/stored-query";
import { storedRecord } from "../workbook-queries/fixtures";

describe("the Refresh log's row", () => {
  const refreshed: StoredTableQuery = {
    ...storedRecord("q-bbbbbbbb-0000-000000000000"),
    lastRefresh: {
      at: "2026-07-01T06:30:15Z",
      rows: 31,
      dataThrough: "2026-06-30",
      profile: "Finance",
      changes: {
        rowsBefore: 30,
        added: 1,
        removed: 0,
        changed: 4,
        matched: true,
        totals: [
          { metric: "impressions", before: 1000, after: 1100 },
          { metric: "revenues", before: 100, after: 99.25 },
        ],
      },
    },
  };

  it("has one cell per column: when (UTC, as an Excel date-time), table, profile, rows, and before, after, difference of every metric", () => {
    const row = refreshLogRow(refreshed)!;
    expect(row).toHaveLength(REFRESH_LOG_COLUMNS.length);
    const cell = (header: string) => row[REFRESH_LOG_HEADERS.indexOf(header)];
    // 2026-07-01 is serial 46204; 06:30:15 is 23415 s into it.
    expect(cell("When (UTC)")).toBeCloseTo(46204 + 23415 / 86400, 9);
    expect([
      cell("Table"),
      cell("Profile"),
      cell("Rows before"),
      cell("Rows after"),
      cell("Rows changed"),
      cell("Rows added"),
      cell("Rows removed"),
    ]).toEqual([refreshed.table.name, "Finance", 30, 31, 4, 1, 0]);
    expect([cell("Revenues before"), cell("Revenues after"), cell("Revenues difference")]).toEqual([100, 99.25, -0.75]);
    expect([cell("Impressions before"), cell("Impressions after"), cell("Impressions difference")]).toEqual([
      1000, 1100, 100,
    ]);
    // Not compared: blank, never a 0 that would read as "no move".
    expect([cell("eCPM before"), cell("Requests difference")]).toEqual(["", ""]);
    expect(cell("Data through")).toBe(46203);
  });

  it("leaves the comparison blank for a refresh that had nothing to compare with, and gives no row for a table never refreshed", () => {
    const { changes: _changes, ...withoutChanges } = refreshed.lastRefresh!;
    const first = { ...refreshed, lastRefresh: withoutChanges };
    const row = refreshLogRow(first)!;
    expect(row[REFRESH_LOG_HEADERS.indexOf("Rows before")]).toBe("");
    expect(row[REFRESH_LOG_HEADERS.indexOf("Rows after")]).toBe(31);
    expect(refreshLogRow(storedRecord("q-cccccccc-0000-000000000000"))).toBeUndefined();
  });
});

describe("refreshing tables with a Refresh log", () => {
  const records = ["a", "b"].map((letter) => storedRecord(`q-${letter.repeat(8)}-0000-000000000000`));
  const summary = {
    rowsBefore: 1,
    added: 0,
    removed: 0,
    changed: 1,
    matched: true,
    totals: [{ metric: "revenues" as const, before: 1, after: 2 }],
  };

  function operations(log: (records: readonly StoredTableQuery[]) => Promise<void>) {
    const calls: string[] = [];
    const ops: WorkbookRefreshOperations = {
      clearCache: () => undefined,
      recalculateFormulas: async () => undefined,
      listTables: async () => records,
      refreshTable: async (record) => {
        calls.push(`table ${record.id}`);
        return { ...record, lastRefresh: { at: "2026-02-10T09:30:00Z", rows: 1, changes: summary } };
      },
      recordFailure: async () => undefined,
      refreshPivots: async (record) => {
        calls.push(`pivots ${record.id}`);
        return 0;
      },
      logRefreshes: async (refreshed) => {
        calls.push(`log ${refreshed.map((record) => record.id).join(",")}`);
        await log(refreshed);
      },
      now: () => 0,
    };
    return { ops, calls };
  }

  it("appends every refreshed table's row in one go, after the tables and their PivotTables, and says what each changed", async () => {
    const { ops, calls } = operations(async () => undefined);
    const report = await refreshTables(ops, records);
    expect(calls.at(-1)).toBe(`log ${records.map((record) => record.id).join(",")}`);
    expect(calls.filter((call) => call.startsWith("log"))).toHaveLength(1);
    expect(report.items.map((item) => item.changes)).toEqual([summary, summary]);
    expect(report.logProblem).toBeUndefined();
  });

  it("leaves the tables refreshed when the log cannot be written, and says so", async () => {
    const { ops } = operations(async () => {
      throw new Error("the sheet is protected");
    });
    const report = await refreshTables(ops, records);
    expect(report.items.map((item) => item.state)).toEqual(["refreshed", "refreshed"]);
    expect(report.logProblem).toMatch(
      /^The tables were refreshed, but the Refresh log sheet did not get their rows\. /,
    );
  });
});
