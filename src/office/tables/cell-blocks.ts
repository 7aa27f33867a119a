import { cellFormat, TEXT_FORMAT, type TableCell, type TableColumn } from "../../core/workbook-queries/table-columns";
import { jsonBytes } from "../../core/spill-limit";
import { columnLetter, syncChunks } from "../workbook";

/**
 * Writing a block of rows in requests Excel accepts: each sync carries the number formats and
 * then the values of a run of rows whose JSON stays within the sync budget (5 MB on the web),
 * formats first so that every text lands in a cell already formatted as text.
 */

/** `A1:C9` for rows [row, row + rows) and columns [column, column + columns), 0-based. */
export function blockAddress(row: number, column: number, rows: number, columns: number): string {
  return `${columnLetter(column)}${row + 1}:${columnLetter(column + columns - 1)}${row + rows}`;
}

/** The formats of data rows, column by column; `userFormats` (one per column, or undefined) win for numbers. */
export function dataFormats(
  rows: readonly (readonly TableCell[])[],
  columns: readonly TableColumn[],
  userFormats: readonly (string | undefined)[] = [],
): string[][] {
  return rows.map((row) => row.map((value, index) => cellFormat(value, columns[index]!, userFormats[index])));
}

export function headerFormats(header: readonly string[]): string[][] {
  return [header.map(() => TEXT_FORMAT)];
}

export interface Block {
  values: readonly (readonly TableCell[])[];
  formats: readonly (readonly string[])[];
}

/**
 * Writes `block` with its top-left cell at (row, column) of `sheet`: one sync per chunk. Returns
 * how many syncs it took.
 */
export async function writeBlock(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  row: number,
  column: number,
  block: Block,
): Promise<number> {
  const width = block.values[0]?.length ?? 0;
  if (width === 0) return 0;
  // Values and formats go together, so they are measured together.
  const chunks = syncChunks(
    block.values.length,
    (index) => jsonBytes(block.values[index]) + jsonBytes(block.formats[index]) + 2,
  );
  for (const [start, end] of chunks) {
    const range = sheet.getRange(blockAddress(row + start, column, end - start, width));
    range.numberFormat = block.formats.slice(start, end).map((cells) => [...cells]);
    range.values = block.values.slice(start, end).map((cells) => [...cells]);
    // A sync per chunk is the point: one request for every row would pass Excel's 5 MB.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
  }
  return chunks.length;
}
