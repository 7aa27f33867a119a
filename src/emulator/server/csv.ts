import type { StatsTable } from "./stats-table";

// Excel guesses the encoding of a CSV file from its first bytes; the byte order mark says UTF-8.
const BYTE_ORDER_MARK = "\uFEFF";
const LINE_END = "\r\n";

function field(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: comma separated, CRLF line ends, a header row, fields quoted only when needed. */
export function toCsv(table: StatsTable): Buffer {
  const lines = [table.columns.map((column) => field(column.name)), ...table.rows.map((row) => row.map(field))];
  return Buffer.from(BYTE_ORDER_MARK + lines.map((cells) => cells.join(",") + LINE_END).join(""), "utf8");
}
