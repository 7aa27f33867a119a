/** A1 addresses of a sheet, 0-based inside: `C4` is { row: 3, column: 2 }. */

export interface CellPosition {
  row: number;
  column: number;
}

export interface CellBlock {
  top: number;
  left: number;
  /** Inclusive. */
  bottom: number;
  right: number;
}

export function columnLetters(column: number): string {
  let letters = "";
  for (let rest = column + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

export function columnIndex(letters: string): number {
  let index = 0;
  for (const char of letters.toUpperCase()) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

export function parseCell(text: string): CellPosition | undefined {
  const match = CELL.exec(text.trim());
  return match ? { row: Number(match[2]) - 1, column: columnIndex(match[1]!) } : undefined;
}

export const cellAddress = (position: CellPosition) => `${columnLetters(position.column)}${position.row + 1}`;

/** `C4:G9` (or a single cell) as a block; undefined when it is not one. */
export function parseBlock(text: string): CellBlock | undefined {
  const [from, to = from] = text.split(":");
  const start = parseCell(from ?? "");
  const end = parseCell(to ?? "");
  if (!start || !end) return undefined;
  return {
    top: Math.min(start.row, end.row),
    left: Math.min(start.column, end.column),
    bottom: Math.max(start.row, end.row),
    right: Math.max(start.column, end.column),
  };
}

export const blockText = (block: CellBlock) =>
  `${cellAddress({ row: block.top, column: block.left })}:${cellAddress({ row: block.bottom, column: block.right })}`;

export function insideBlock(block: CellBlock, position: CellPosition): boolean {
  return (
    position.row >= block.top &&
    position.row <= block.bottom &&
    position.column >= block.left &&
    position.column <= block.right
  );
}

export function containsBlock(outer: CellBlock, inner: CellBlock): boolean {
  return (
    inner.top >= outer.top && inner.bottom <= outer.bottom && inner.left >= outer.left && inner.right <= outer.right
  );
}
