import { groupColumnsOf, loggedChanges, rowCollector } from "../../../../src/core/changes/streamed-changes";
import { excelSerialFromIsoDate } from "../../../../src/core/excel-dates";
import type { TableColumn } from "../../../../src/core/workbook-queries/table-columns";

const COLUMNS: TableColumn[] = [
  { key: "date", kind: "date", isMetric: false },
  { key: "country", kind: "text", isMetric: false },
  { key: "revenues", kind: "money", isMetric: true },
  { key: "revenues_change_pct", kind: "percent", isMetric: true },
];
const day = excelSerialFromIsoDate("2026-06-03");

describe("the change report of streamed rows", () => {
  it("compares group values and metrics only, and names moved rows by their dates", () => {
    const collector = rowCollector(COLUMNS);
    collector.before([day, "FR", 120, 0.5]);
    collector.before([day, "US", 10, 0.1]);
    collector.after([day, "FR", 80.5, 0.9]);
    // A comparison column that moved alone is not a restatement.
    collector.after([day, "US", 10, 0.7]);
    collector.after([day, "DE", 5, 0]);

    const logged = loggedChanges(collector.changes(), groupColumnsOf(COLUMNS), 1);

    expect(logged).toMatchObject({
      rowsChanged: 1,
      rowsAdded: 1,
      rowsRemoved: 0,
      rowsMatched: true,
      flagged: true,
      thresholdPercent: 1,
    });
    expect(logged.totals).toEqual([
      { metric: "revenues", before: 130, after: 95.5, difference: -34.5, percent: (-34.5 / 130) * 100 },
    ]);
    expect(logged.largestMoves).toEqual([
      {
        group: { date: "2026-06-03", country: "FR" },
        text: "2026-06-03 · FR: Revenues 120.00 → 80.50, -39.50",
        change: "changed",
        before: { revenues: 120 },
        after: { revenues: 80.5 },
      },
      {
        group: { date: "2026-06-03", country: "DE" },
        text: "2026-06-03 · DE: new row, Revenues 5.00",
        change: "added",
        after: { revenues: 5 },
      },
    ]);
    expect(logged.line).toBe("Revenues 130.00 → 95.50, -34.50 (-26.54 %); 1 row changed, 1 added");
  });

  it("flags nothing within the threshold", () => {
    const collector = rowCollector(COLUMNS);
    collector.before([day, "FR", 100, 0]);
    collector.after([day, "FR", 100.5, 0]);
    expect(loggedChanges(collector.changes(), groupColumnsOf(COLUMNS), 1).flagged).toBe(false);
    expect(loggedChanges(collector.changes(), groupColumnsOf(COLUMNS), 0.4).flagged).toBe(true);
  });
});
