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
  /** Data rows of the answer, header excluded: all of them (the office layer cuts a spill, src/office/spill-fit.ts). */
  dataRowCount: number;
}

/** Excel cannot spill an empty array: an answer with no row and no header becomes one blank row. */
export function spillTable(
  rows: SpillRows,
  dateColumns: number[],
  dataRowCount: number,
  columnCount: number,
): SpillTable {
  const nonEmpty = rows.length > 0 ? rows : [new Array<string>(Math.max(columnCount, 1)).fill("")];
  return { rows: nonEmpty, dateColumns, dataRowCount };
}

/** Rows above the data: the header row, or the blank row of an empty answer. */
export function headerRowCount(table: SpillTable): number {
  return table.rows.length - table.dataRowCount;
}

/** The data rows, every one of them: the rows below headerRowCount. */
export function dataRows(table: SpillTable): SpillRows {
  return table.rows.slice(headerRowCount(table));
}
