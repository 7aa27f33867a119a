import type { SpillCell } from "./cell-values";

/**
 * Excel on the web refuses a custom function result over 5 MB, and the cell then stays #BUSY!
 * for good. The budget is for the UTF-8 JSON of the rows as sent; the rest is left for the
 * envelope Excel wraps around them. The office layer cuts spills to it (spill-fit.ts), on the
 * rows as its Excel receives them.
 */
export const DEFAULT_SPILL_BUDGET_BYTES = 4_000_000;

// Any character outside ASCII: text without one is as many bytes as characters.
const NON_ASCII = /[\u0080-\uffff]/;

/** Bytes of `text` in UTF-8: what goes over the wire, where a character may take up to four. */
export function utf8Bytes(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (
      code >= 0xd800 &&
      code <= 0xdbff &&
      index + 1 < text.length &&
      (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00
    ) {
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

function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function omittedRowsMessage(omitted: number): string {
  const rows = omitted === 1 ? "1 more row" : `${formatCount(omitted)} more rows`;
  return `${rows} not shown: use Insert as table in the Reporting task pane to bring them all.`;
}

/** The last row of a cut spill: how many rows were left out and how to get them all, padded to the table's `width`. */
export function omittedRowsNote(omitted: number, width: number): SpillCell[] {
  const row = new Array<SpillCell>(Math.max(width, 1)).fill("");
  row[0] = omittedRowsMessage(omitted);
  return row;
}
