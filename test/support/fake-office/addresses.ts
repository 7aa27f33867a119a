import type { FakeSheet } from "./types";

/** A rectangle of cells on one sheet, 0-based. */
export interface Box {
  sheet: FakeSheet;
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** Every cell of a sheet, as Excel's getRange() without an address gives it. */
export const WHOLE_SHEET = { row: 0, column: 0, rows: 1_048_576, columns: 16_384 };

/** A column's letters: 0 is A, 26 is AA. */
export function letters(column: number): string {
  let text = "";
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) text = String.fromCharCode(65 + ((n - 1) % 26)) + text;
  return text;
}

/** `B7` (or `$B$7`) as a 0-based row and column. */
export function parseCell(cell: string): { row: number; column: number } {
  const match = /^\$?([A-Z]+)\$?(\d+)$/.exec(cell);
  if (!match) throw new Error(`fake Excel cannot read the address ${cell}`);
  let column = 0;
  for (const char of match[1] as string) column = column * 26 + (char.charCodeAt(0) - 64);
  return { row: Number(match[2]) - 1, column: column - 1 };
}

/** `Sheet1!B2:C3`, or `Sheet1!B2` for one cell. */
export function addressOf(box: Box): string {
  const first = `${letters(box.column)}${box.row + 1}`;
  const last = `${letters(box.column + box.columns - 1)}${box.row + box.rows}`;
  return `${box.sheet.name}!${first === last ? first : `${first}:${last}`}`;
}

/** The box of `A1:B2` (any sheet name before `!` is ignored) on `sheet`. */
export function boxOf(sheet: FakeSheet, address: string): Box {
  const local = address.slice(address.lastIndexOf("!") + 1);
  const [start, end] = local.split(":") as [string, string | undefined];
  const a = parseCell(start);
  const b = end ? parseCell(end) : a;
  return { sheet, row: a.row, column: a.column, rows: b.row - a.row + 1, columns: b.column - a.column + 1 };
}

export function overlaps(a: Box, b: Box): boolean {
  return (
    a.sheet.id === b.sheet.id &&
    a.row < b.row + b.rows &&
    b.row < a.row + a.rows &&
    a.column < b.column + b.columns &&
    b.column < a.column + a.columns
  );
}
