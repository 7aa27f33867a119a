import { jsonBytes } from "../../core/spill-limit";
import { SYNC_BUDGET_BYTES } from "../workbook";

/**
 * Reading what a table's query columns hold before a refresh writes over them, for the change
 * report: values only (dates come back as the serials the refresh writes), block by block so that
 * no answer passes Excel's 5 MB, however long the table.
 */

export interface QueryColumnsBlock {
  sheet: Excel.Worksheet;
  /** The first body row and the table's first column, on the sheet. */
  row: number;
  column: number;
  rows: number;
  /** The query's columns: the table's first ones. */
  columns: number;
}

const FIRST_READ_ROWS = 500;
const MAX_READ_ROWS = 20_000;

/** Every body row's query cells, in order (blank rows included: they are the caller's to judge). */
export async function readQueryCells(context: Excel.RequestContext, block: QueryColumnsBlock): Promise<unknown[][]> {
  const cells: unknown[][] = [];
  if (block.columns <= 0) return cells;
  let heaviestRow = 1;
  for (let start = 0, size = FIRST_READ_ROWS; start < block.rows;) {
    const count = Math.min(size, block.rows - start);
    const range = block.sheet.getCell(block.row + start, block.column).getResizedRange(count - 1, block.columns - 1);
    range.load("values");
    // A sync per block is the point: one read of every row could pass Excel's 5 MB.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    for (const row of range.values) {
      cells.push(row);
      heaviestRow = Math.max(heaviestRow, jsonBytes(row));
    }
    start += count;
    // Twice the heaviest row seen, so that a longer name further down still fits.
    size = Math.max(1, Math.min(MAX_READ_ROWS, Math.floor(SYNC_BUDGET_BYTES / (heaviestRow * 2))));
  }
  return cells;
}
