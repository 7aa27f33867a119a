import { sheetById } from "./lookups";
import type { CellStore } from "./cells";
import { compareCells, totalsRow } from "./table-facts";
import type { FakePivot, FakeWorkbook } from "./types";

/**
 * What a PivotTable shows, summed from its source table's body (never the header or totals
 * row) the way its fields are set up. Excel computes it when the PivotTable is added, changed
 * or refreshed; it does not follow its source by itself.
 */
export function summarise(workbook: FakeWorkbook, cells: CellStore, pivot: FakePivot): void {
  const table = workbook.tables.find((candidate) => candidate.id === pivot.sourceTableId);
  if (!table) {
    pivot.summary = [];
    return;
  }
  const sheet = sheetById(workbook, table.sheetId);
  const indexOf = (name: string) => table.columns.findIndex((column) => column === name);
  const keys = pivot.rowFields.map(indexOf);
  const sources = pivot.dataFields.map((field) => indexOf(field.source));
  const groups = new Map<string, { key: unknown[]; sums: number[]; counts: number[] }>();
  for (let row = table.row + 1; row < totalsRow(table); row++) {
    const key = keys.map((column) => cells.valueAt(sheet, row, table.column + column));
    const id = JSON.stringify(key);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { key, sums: sources.map(() => 0), counts: sources.map(() => 0) }));
    const into = group;
    sources.forEach((column, i) => {
      const value = cells.valueAt(sheet, row, table.column + column);
      if (typeof value === "number") {
        into.sums[i]! += value;
        into.counts[i]! += 1;
      }
    });
  }
  pivot.summary = [...groups.values()]
    .sort((a, b) => compareCells(a.key[0], b.key[0]))
    .map((group) => ({
      key: group.key,
      values: group.sums.map((sum, i) => {
        const how = pivot.dataFields[i]!.summarizeBy;
        return how === "Average" ? sum / Math.max(1, group.counts[i]!) : how === "Count" ? group.counts[i]! : sum;
      }),
    }));
}
