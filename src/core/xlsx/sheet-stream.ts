import type { CellBlock } from "./cell-address";
import { Utf8Batch } from "./part-chunks";
import { cellMatches, rowText, SheetCell, SheetFormatError, type RowText } from "./sheet-cells";

/**
 * A worksheet read as a stream of text, one `<row>` at a time: the text before `<sheetData>`
 * (views, columns, the dimension), each row element, then the rest as it comes. Only the current
 * row and one input piece are held, so a sheet of 100,000 rows is read in a few hundred
 * kilobytes; a sheet rewritten this way is written the same way.
 */

export type SheetPiece =
  { kind: "head"; text: string } | { kind: "row"; row: RowText } | { kind: "tail"; text: string };

const SHEET_DATA = /<(?:[\w.-]+:)?sheetData\b[^>]*?(\/?)>/;
const ROW_OPEN = /^<row[\s/>]/;
const SHEET_DATA_CLOSE = /^<\/(?:[\w.-]+:)?sheetData\s*>/;

export function* sheetPieces(chunks: Iterable<string>): Generator<SheetPiece> {
  const source = chunks[Symbol.iterator]();
  let buffer = "";
  const more = (): boolean => {
    const next = source.next();
    if (next.done) return false;
    buffer += next.value;
    return true;
  };
  function* rest(from: string): Generator<SheetPiece> {
    yield { kind: "tail", text: from };
    for (let next = source.next(); !next.done; next = source.next()) yield { kind: "tail", text: next.value };
  }

  let open: RegExpExecArray | null;
  while (!(open = SHEET_DATA.exec(buffer))) if (!more()) throw new SheetFormatError("no sheetData");
  const start = open.index + open[0].length;
  if (open[1] === "/") {
    yield { kind: "head", text: buffer.slice(0, open.index) + open[0].replace(/\s*\/>$/, ">") };
    yield* rest("</sheetData>" + buffer.slice(start));
    return;
  }
  yield { kind: "head", text: buffer.slice(0, start) };
  buffer = buffer.slice(start);
  let at = 0;
  let previous = -1;
  for (;;) {
    const tag = buffer.indexOf("<", at);
    // Enough of the tag to tell a row from the end of sheetData (a prefix is at most a few letters).
    if (tag < 0 || buffer.length - tag < 16) {
      if (tag < 0) at = buffer.length;
      if (more()) continue;
      if (tag < 0) throw new SheetFormatError("no end of sheetData");
    }
    const head = buffer.slice(tag, tag + 64);
    if (SHEET_DATA_CLOSE.test(head) || head.startsWith("</")) {
      if (!SHEET_DATA_CLOSE.test(head)) throw new SheetFormatError("an element in sheetData that is not a row");
      yield* rest(buffer.slice(tag));
      return;
    }
    if (!ROW_OPEN.test(head)) throw new SheetFormatError("an element in sheetData that is not a row");
    const openEnd = buffer.indexOf(">", tag);
    if (openEnd < 0) {
      if (!more()) throw new SheetFormatError("a row without its end");
      continue;
    }
    let row: RowText;
    let end: number;
    if (buffer[openEnd - 1] === "/") {
      end = openEnd + 1;
      row = rowText(buffer.slice(tag + 4, openEnd - 1), "", buffer.slice(tag, end), previous);
    } else {
      const close = buffer.indexOf("</row>", openEnd);
      if (close < 0) {
        if (!more()) throw new SheetFormatError("a row without its end");
        continue;
      }
      end = close + 6;
      row = rowText(buffer.slice(tag + 4, openEnd), buffer.slice(openEnd + 1, close), buffer.slice(tag, end), previous);
    }
    previous = row.row;
    yield { kind: "row", row };
    at = end;
    // Drop what was read, now and then rather than at every row (each drop copies the rest).
    if (at > 32 * 1024) {
      buffer = buffer.slice(at);
      at = 0;
    }
  }
}

/** The cells of a row inside columns `left`..`right`. */
export function cellsOfRowIn(row: RowText, left: number, right: number): Map<number, SheetCell> {
  const cells = new Map<number, SheetCell>();
  for (const cell of cellMatches(row)) {
    if (cell.column >= left && cell.column <= right)
      cells.set(cell.column, new SheetCell(row.row, cell.column, cell.open, cell.inner));
  }
  return cells;
}

/**
 * Visits the rows `block.top`..`block.bottom` that exist, with their cells inside the block's
 * columns, and stops reading once past them.
 */
export function visitBlock(
  chunks: Iterable<string>,
  block: CellBlock,
  visit: (row: number, cells: Map<number, SheetCell>) => void,
): void {
  for (const piece of sheetPieces(chunks)) {
    if (piece.kind !== "row") continue;
    if (piece.row.row > block.bottom) return;
    if (piece.row.row >= block.top) visit(piece.row.row, cellsOfRowIn(piece.row, block.left, block.right));
  }
}

export interface NewCell {
  column: number;
  text: string;
}

/**
 * The sheet with the cells of `block`'s columns in its rows rewritten: `cells(row)` gives a
 * row's new cells (addressed, in column order), asked in increasing row order; any other cell
 * of those rows stays as it was, and rows outside the block are copied as written. A row element
 * that does not exist is added; a row's `spans` (an optional hint) is dropped when its cells
 * change. `head` edits the text before the rows (the dimension), `tail` the text after them
 * (conditional formats, data validations: a few kilobytes, edited whole). The sheet comes out as
 * UTF-8, in pieces of about 64 KB (part-chunks.ts says why bytes).
 */
export function* rewriteSheet(
  chunks: Iterable<string>,
  block: CellBlock,
  cells: (row: number) => NewCell[],
  head: (text: string) => string,
  tail: (text: string) => string = (text) => text,
): Generator<Uint8Array> {
  const batch = new Utf8Batch();
  let next = block.top;
  function* emitNew(upTo: number): Generator<Uint8Array> {
    for (; next <= Math.min(upTo, block.bottom); next++) {
      const made = cells(next);
      if (made.length === 0) continue;
      let text = `<row r="${next + 1}">`;
      for (const cell of made) text += cell.text;
      const full = batch.add(`${text}</row>`);
      if (full) yield full;
    }
  }
  let after: string[] | undefined;
  for (const piece of sheetPieces(chunks)) {
    if (piece.kind === "head") {
      const full = batch.add(head(piece.text));
      if (full) yield full;
      continue;
    }
    if (piece.kind === "tail") {
      if (!after) {
        yield* emitNew(block.bottom);
        after = [];
      }
      after.push(piece.text);
      continue;
    }
    const row = piece.row;
    if (row.row < block.top || row.row > block.bottom) {
      if (row.row > block.bottom) yield* emitNew(block.bottom);
      const full = batch.add(row.text);
      if (full) yield full;
      continue;
    }
    yield* emitNew(row.row - 1);
    next = row.row + 1;
    // Cells beside the block stay in their row: their text as written.
    const kept: NewCell[] = [];
    for (const cell of cellMatches(row))
      if (cell.column < block.left || cell.column > block.right) kept.push({ column: cell.column, text: cell.text });
    const made = cells(row.row);
    const merged = kept.length === 0 ? made : [...kept, ...made].sort((a, b) => a.column - b.column);
    const open = row.open.replace(/\sspans\s*=\s*("[^"]*"|'[^']*')/, "").replace(/\s+$/, "");
    let text = `<row${open}>`;
    for (const cell of merged) text += cell.text;
    const full = batch.add(merged.length === 0 ? `<row${open}/>` : `${text}</row>`);
    if (full) yield full;
  }
  if (after) {
    const full = batch.add(tail(after.join("")));
    if (full) yield full;
  }
  if (!batch.empty) yield batch.take();
}
