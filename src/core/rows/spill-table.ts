import type { SpillRows } from "../cell-values";

/**
 * What a function spills: the rows (header first unless headers=none), the indexes of the
 * columns holding Excel dates (the office layer gives them a date format), and the count of
 * data rows so that a preview can say how many there are.
 */
export interface SpillTable {
  rows: SpillRows;
  dateColumns: number[];
  /**
   * Indexes of the columns holding fractions to show as percentages (the change % of a
   * compared query, 0.125 for 12.5 %); absent or empty when there are none.
   */
  percentColumns?: number[];
  /** Data rows of the full answer, header excluded. */
  dataRowCount: number;
  /** Data rows left out to stay within the spill budget (0 when all fit). */
  omittedRowCount: number;
}

/** Excel cannot spill an empty array: an answer with no row and no header becomes one blank row. */
export function spillTable(rows: SpillRows, dateColumns: number[], dataRowCount: number, columnCount: number): SpillTable {
  const nonEmpty = rows.length > 0 ? rows : [new Array<string>(Math.max(columnCount, 1)).fill("")];
  return { rows: nonEmpty, dateColumns, dataRowCount, omittedRowCount: 0 };
}

/** Rows above the data: the header row, or the blank row of an empty answer. */
export function headerRowCount(table: SpillTable): number {
  const shown = table.dataRowCount - table.omittedRowCount;
  return table.rows.length - shown - (table.omittedRowCount > 0 ? 1 : 0);
}

/** Data rows the table holds (all of them, or those a spill cut kept). */
export function shownDataRowCount(table: SpillTable): number {
  return table.dataRowCount - table.omittedRowCount;
}
