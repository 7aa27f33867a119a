import { changesOfSummary, summaryOf } from "../../../../src/core/changes/change-summary";
import { changeLine } from "../../../../src/core/changes/change-line";
import { rowsReadBack } from "../../../../src/core/changes/rows-read-back";
import { hasChanges, tableChanges } from "../../../../src/core/changes/table-changes";
import { statsRows } from "../../../../src/core/rows/stats-rows";
import { storedTableQuery, type StoredTableQuery } from "../../../../src/core/workbook-queries/stored-query";
import {
  refreshStoredTable,
  type KeptChanges,
  type TableRefreshDependencies,
} from "../../../../src/core/workbook-queries/table-refresh";
import { readTableQueryXml, tableQueryXml } from "../../../../src/core/workbook-queries/record-xml";
import { storedRecord } from "../workbook-queries/fixtures";

const COLUMNS = ["date", "country", "impressions", "revenues", "ecpm"];
/** What the table held before: two days of FR, as Excel gives them back (dates as serials), and the blank row of nothing. */
const BEFORE = rowsReadBack(COLUMNS, [
  [46023, "FR", 1000, 10, 10],
  [46024, "FR", 2000, 20, 10],
  ["", "", "", "", ""],
]);

function dependencies(before = BEFORE) {
  const kept: KeptChanges[] = [];
  const saved: StoredTableQuery[] = [];
  const deps: TableRefreshDependencies = {
    today: () => "2026-02-10",
    now: () => Date.UTC(2026, 1, 10, 9, 30, 0),
    // 2026-01-02 restated from 20 to 25.5, 2026-01-03 new.
    fetch: async (query) =>
      statsRows(
        [
          { group: { date: "2026-01-01", country: "FR" }, metrics: { impressions: 1000, revenues: 10, ecpm: 10 } },
          { group: { date: "2026-01-02", country: "FR" }, metrics: { impressions: 2000, revenues: 25.5, ecpm: 12.75 } },
          { group: { date: "2026-01-03", country: "FR" }, metrics: { impressions: 500, revenues: 4, ecpm: 8 } },
        ],
        query.request,
        query.headers,
      ),
    fetchLegacy: async () => {
      throw new Error("not a legacy table");
    },
    dataThrough: async () => "2026-02-09",
    activeProfile: () => "Finance",
    write: async (record, data) => ({
      excelId: record.table.excelId,
      name: record.table.name,
      sheet: "Reporting",
      rows: data.rows.length,
      before,
    }),
    save: async (record) => void saved.push(record),
    keepChanges: (_record, changes) => void kept.push(changes),
  };
  return { deps, kept, saved };
}

describe("a refresh's change report", () => {
  const record = storedRecord("q-aaaaaaaa-0000-000000000000", {
    query: {
      period: { from: "2026-01-01", to: "2026-01-31" },
      groups: ["date", "country"],
      metrics: ["impressions", "revenues", "ecpm"],
      filters: {},
      orders: [],
    },
  });

  it("compares the rows the table held with the new ones, keeps the counts and totals with the record and the moves in memory", async () => {
    const { deps, kept, saved } = dependencies();
    const next = await refreshStoredTable(record, deps, new AbortController().signal);
    expect(next.lastRefresh?.changes).toEqual({
      rowsBefore: 2,
      added: 1,
      removed: 0,
      changed: 1,
      matched: true,
      totals: [
        { metric: "impressions", before: 3000, after: 3500 },
        { metric: "revenues", before: 30, after: 39.5 },
        { metric: "ecpm", before: 10, after: (39.5 / 3500) * 1000 },
      ],
    });
    expect(saved).toEqual([next]);
    // The record stays what the schema admits (it travels in the file): no moves, no credential.
    expect(storedTableQuery.safeParse(next).success).toBe(true);
    expect(readTableQueryXml(tableQueryXml(next))).toEqual({ record: next });
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ at: next.lastRefresh!.at, groups: ["date", "country"] });
    expect(kept[0]!.changes.moves.map((move) => [move.key, move.change])).toEqual([
      [[46024, "FR"], "changed"],
      [[46025, "FR"], "added"],
    ]);
    expect(changeLine(changesOfSummary(next.lastRefresh!.changes!, next.lastRefresh!.rows))).toBe(
      "Revenues 30.00 → 39.50, +9.50 (+31.67 %); 1 row changed, 1 added",
    );
  });

  it("keeps no report when the writer could not say what the table held", async () => {
    const { deps, kept } = dependencies();
    const next = await refreshStoredTable(
      record,
      {
        ...deps,
        write: async (stored, data) => ({
          excelId: stored.table.excelId,
          name: "T",
          sheet: "S",
          rows: data.rows.length,
        }),
      },
      new AbortController().signal,
    );
    expect(next.lastRefresh?.changes).toBeUndefined();
    expect(kept).toEqual([]);
  });
});

describe("a report read back from its summary", () => {
  it("still says rows changed when their moves cancel out in the totals", () => {
    const before = rowsReadBack(COLUMNS, [
      [46023, "FR", 1000, 10, 10],
      [46024, "FR", 1000, 20, 20],
    ]);
    const after = rowsReadBack(COLUMNS, [
      [46023, "FR", 1000, 15, 15],
      [46024, "FR", 1000, 15, 15],
    ]);
    const changes = tableChanges(before, after);
    const again = changesOfSummary(summaryOf(changes), 2);
    expect(hasChanges(again)).toBe(true);
    expect(changeLine(again)).toBe(changeLine(changes));
    expect(changeLine(again)).toBe("Revenues 30.00 → 30.00, 0.00 (0.00 %); 2 rows changed");
  });
});
