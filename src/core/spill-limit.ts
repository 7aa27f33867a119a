import type { SpillCell, SpillRows } from "./cell-values";
import { headerRowCount, type SpillTable } from "./rows/spill-table";

/**
 * Excel on the web refuses a custom function result over 5 MB, and the cell then stays #BUSY!
 * for good. The budget is for the UTF-8 JSON of the rows as sent; the rest is left for the
 * envelope Excel wraps around them.
 */
export const DEFAULT_SPILL_BUDGET_BYTES = 4_000_000;

/**
 * The value Excel receives for a row: the row itself where cells go as they are, or the office
 * layer's encoding of it (a date as a number carrying its format costs several times a bare
 * number). Whatever it returns is measured as JSON.
 */
export type RowEncoder = (row: readonly SpillCell[]) => unknown;

const asIs: RowEncoder = (row) => row;

/** Bytes of `text` in UTF-8: what goes over the wire, where a character may take up to four. */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      index++;
    } else bytes += 2;
  }
  return bytes;
}

/** UTF-8 bytes of `value` serialized as JSON, as a request or a function result carries it. */
export function jsonBytes(value: unknown): number {
  return utf8Bytes(JSON.stringify(value) ?? "null");
}

export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function omittedRowsMessage(omitted: number): string {
  const rows = omitted === 1 ? "1 more row" : `${formatCount(omitted)} more rows`;
  return `${rows} not shown: use Insert as table in the Reporting task pane to bring them all.`;
}

function messageRow(omitted: number, width: number): SpillCell[] {
  const row = new Array<SpillCell>(width).fill("");
  row[0] = omittedRowsMessage(omitted);
  return row;
}

/**
 * Keeps a table within the spill budget: the header, as many first data rows as fit, then one
 * row saying how many were left out and how to get them all, padded to the table's width. Sizes
 * are the UTF-8 bytes of the JSON of the rows as `encode` turns them into what Excel receives,
 * message row included. A table already cut (by a smaller budget or a cheaper encoding) is cut
 * again from its rows, its count of left-out rows still that of the whole answer. Never throws:
 * a spill that fails would blank every cell, which is worse than a partial one that says so.
 */
export function limitSpill(table: SpillTable, budgetBytes: number = DEFAULT_SPILL_BUDGET_BYTES, encode: RowEncoder = asIs): SpillTable {
  const { rows, dataRowCount, omittedRowCount } = table;
  const headerCount = headerRowCount(table);
  const present = dataRowCount - omittedRowCount;
  let width = 1;
  for (let index = 0; index < headerCount + present; index++) width = Math.max(width, rows[index]!.length);
  const rowBytes = (row: readonly SpillCell[]) => jsonBytes(encode(row));
  const messageBytes = (omitted: number) => rowBytes(messageRow(omitted, width));
  // Message texts only grow with the count they give, so the longest is that of every row.
  const longestMessage = messageBytes(dataRowCount);

  // "[" then each row followed by "," or the closing "]".
  let used = 1;
  for (let index = 0; index < headerCount; index++) used += rowBytes(rows[index]!) + 1;
  let kept = 0;
  while (kept < present) {
    const next = used + rowBytes(rows[headerCount + kept]!) + 1;
    const left = dataRowCount - kept - 1;
    // A row kept costs at least 4 bytes ("[x]" and a comma) while its message shrinks by at
    // most 2 ("1,000" to "999"): the size only grows, so the first row that does not fit ends
    // the search. The exact message is measured only near the end of the budget.
    const needed = left === 0 ? next : next + longestMessage + 1 <= budgetBytes ? next : next + messageBytes(left) + 1;
    if (needed > budgetBytes) break;
    used = next;
    kept++;
  }
  // Everything fits (with the message of an earlier cut, checked with the last row).
  if (kept === present) return table;
  const limited: SpillRows = rows.slice(0, headerCount + kept);
  limited.push(messageRow(dataRowCount - kept, width));
  return { ...table, rows: limited, omittedRowCount: dataRowCount - kept };
}
