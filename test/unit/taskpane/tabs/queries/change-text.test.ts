import type { ChangeSummary } from "../../../../../src/core/changes/change-summary";
import { moveKeyText } from "../../../../../src/core/changes/move-key";
import { tableChanges } from "../../../../../src/core/changes/table-changes";
import { rowsReadBack } from "../../../../../src/core/changes/rows-read-back";
import { NO_LABELS } from "../../../../../src/core/preview/labels";
import type { RefreshItem, RefreshReport } from "../../../../../src/core/workbook-queries/refresh-run";
import {
  changeSummaryText,
  isFlagged,
  lastChanges,
  lastChangeText,
  moveLines,
  movesTitle,
  readThreshold,
  resultChangeText,
  summaryChanges,
} from "../../../../../src/taskpane/tabs/queries/change-text";
import { storedRecord } from "../../../core/workbook-queries/fixtures";

const summary = (before: number, after: number): ChangeSummary => ({
  rowsBefore: 40,
  added: 0,
  removed: 0,
  changed: 37,
  matched: true,
  totals: [{ metric: "revenues", before, after }],
});
const refreshed = (label: string, changes?: ChangeSummary): RefreshItem => ({
  id: label,
  kind: "table",
  label,
  state: "refreshed",
  rows: 40,
  ...(changes ? { changes } : {}),
});
const report = (items: RefreshItem[], logProblem?: string): RefreshReport => ({
  done: items.length,
  total: items.length,
  current: [],
  items,
  cancelled: false,
  startedAt: 0,
  finishedAt: 0,
  ...(logProblem ? { logProblem } : {}),
});

describe("the change report in the Queries tab's words", () => {
  it("says a table's last refresh in one line, from what its record keeps", () => {
    const record = {
      ...storedRecord("q-aaaaaaaa-0000-000000000000"),
      lastRefresh: { at: "2026-07-01T06:00:00Z", rows: 40, changes: summary(123_456.78, 124_001.02) },
    };
    expect(lastChangeText(lastChanges(record)!)).toBe(
      "Last refresh: Revenues 123,456.78 → 124,001.02, +544.24 (+0.44 %); 37 rows changed",
    );
    expect(lastChanges(storedRecord("q-bbbbbbbb-0000-000000000000"))).toBeUndefined();
  });

  it("flags a table whose revenue moved more than the threshold, either way, in words in its result line", () => {
    const up = refreshed("Sales", summary(100, 101.5));
    const down = refreshed("Costs", summary(100, 98));
    const calm = refreshed("Fees", summary(100, 100.5));
    expect(resultChangeText(up, 1)).toBe(
      " Revenues 100.00 → 101.50, +1.50 (+1.50 %); 37 rows changed. Check this table: its revenue moved more than 1 % in this refresh.",
    );
    expect(resultChangeText(calm, 1)).toBe(" Revenues 100.00 → 100.50, +0.50 (+0.50 %); 37 rows changed.");
    expect(resultChangeText(up, 2)).not.toMatch(/Check this table/);
    expect([up, down, calm].map((item) => isFlagged(summaryChanges(item.changes, item.rows), 1))).toEqual([
      true,
      true,
      false,
    ]);
    expect(resultChangeText(refreshed("New"), 1)).toBe("");
    expect(resultChangeText({ ...up, state: "failed" }, 1)).toBe("");
  });

  it("names the flagged tables in Refresh all's summary, and a log that did not get its rows", () => {
    const items = [
      refreshed("Sales", summary(100, 101.5)),
      refreshed("Fees", summary(100, 100.5)),
      refreshed("Costs", summary(100, 90)),
    ];
    expect(changeSummaryText(report(items), 1)).toBe(
      " 2 tables moved more than 1 % in revenue: Sales, Costs. Check them before relying on the figures.",
    );
    expect(changeSummaryText(report(items), 0.5)).toMatch(/^ 2 tables/);
    expect(changeSummaryText(report(items.slice(1, 2)), 1)).toBe("");
    expect(changeSummaryText(report([], "The log failed."), 1)).toBe(" The log failed.");
  });

  it("lists the largest moves with days as yyyy-mm-dd and codes with their names", () => {
    const columns = ["date", "country", "revenues"];
    const before = rowsReadBack(
      columns,
      Array.from({ length: 12 }, (_, index) => [46023 + index, "FR", 100]),
    );
    const after = rowsReadBack(
      columns,
      Array.from({ length: 12 }, (_, index) => [46023 + index, "FR", 100 + index]),
    );
    const changes = tableChanges(before, after);
    const kept = { at: "2026-07-01T06:00:00Z", groups: ["date", "country"], changes };
    expect(movesTitle(changes)).toBe("Largest moves (10 of 11)");
    const lines = moveLines(kept, (group, code) => (group === "country" && code === "FR" ? "France" : undefined));
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe("2026-01-12 · FR (France): Revenues 100.00 → 111.00, +11.00");
    expect(
      movesTitle(
        tableChanges(
          before,
          rowsReadBack(
            columns,
            before.rows.map((row, index) => (index < 3 ? [row[0], row[1], 200] : row)),
          ),
        ),
      ),
    ).toBe("The 3 rows that moved");
    expect(moveKeyText(["", "US"], ["country", "asset"], NO_LABELS)).toBe("(blank) · US");
    expect(moveKeyText([], [], NO_LABELS)).toBe("All rows");
  });

  it("reads the threshold a user types, or says what is wrong with it", () => {
    expect(readThreshold("0.5")).toEqual({ threshold: 0.5 });
    expect(readThreshold(" 2 % ")).toEqual({ threshold: 2 });
    expect(readThreshold("1,25")).toEqual({ threshold: 1.25 });
    for (const wrong of ["", "-1", "abc", "5000"]) expect(readThreshold(wrong)).toHaveProperty("problem");
  });
});
