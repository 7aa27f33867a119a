/** Facts about a table that need nothing but the table itself. */
import type { FakeTable, FakeWorkbook } from "./types";

/** Header Row ticked (the default). */
export const hasHeaders = (table: FakeTable): boolean => table.showHeaders !== false;
/** Total Row ticked. */
export const hasTotals = (table: FakeTable): boolean => table.showTotals === true;
/** Rows of the body: neither the header row nor the totals row. */
export const bodyRowsOf = (table: FakeTable): number => table.rows - 1 - (hasTotals(table) ? 1 : 0);
/** The sheet row of the totals row (or where it would be). */
export const totalsRow = (table: FakeTable): number => table.row + 1 + bodyRowsOf(table);

/** Column names as Excel makes them: an empty one is ColumnN, a repeated one gets a number. */
export function uniqueHeaders(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name, index) => {
    let candidate = name === "" ? `Column${index + 1}` : name;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${name}${n}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Excel's sort order: numbers first, then texts. */
export function compareCells(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return String(a).localeCompare(String(b));
}

/** AutoFilter.criteria as Excel gives it: one per column, every property present, null where unset (office-js #1226). */
export function criteriaOf(table: FakeTable): Record<string, unknown>[] {
  return table.columns.map((_, index) => {
    const set = (table.filters[String(index)] ?? {}) as Record<string, unknown>;
    const all = {
      color: null,
      criterion1: null,
      criterion2: null,
      dynamicCriteria: null,
      filterOn: null,
      icon: null,
      operator: null,
      subField: null,
      values: null,
    };
    return { ...all, ...JSON.parse(JSON.stringify(set)) };
  });
}

/**
 * Excel numbers a workbook's tables from the highest id in use, so a table added after the
 * last one was deleted gets the deleted table's id again.
 */
export function nextTableId(workbook: FakeWorkbook): string {
  return `{table-${Math.max(0, ...workbook.tables.map((table) => Number(/\d+/.exec(table.id)?.[0] ?? 0))) + 1}}`;
}
