import type { HeaderStyle } from "../arguments/options";
import { BYTE_ORDER_MARK, parseCsv } from "../csv-safety";
import { READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "../rows/headers";

/**
 * The service's CSV always starts with a record of API names (`date,country,revenues`). An
 * export follows the header choice of its query: readable names, the service's names, or no
 * header record at all. Only the first record changes; the data records are kept byte for byte,
 * so the formula check of csv-safety.ts still sees (and neutralises) every field after this.
 */

const READABLE_NAMES: Record<string, string> = { ...READABLE_GROUP_HEADERS, ...READABLE_METRIC_HEADERS };

/** The readable name of a column the service names `api`; an unknown name stays as it came. */
export function readableColumnName(api: string): string {
  return Object.hasOwn(READABLE_NAMES, api) ? READABLE_NAMES[api]! : api;
}

/** A field as RFC 4180 writes it: quoted only when it holds a quote, comma or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Where the first record ends and the next starts, read as csv-safety.ts reads (a quote opens a
 * quoted field only at a field's start; `""` inside one is a quote; CRLF, LF or a lone CR end a
 * record). `start` is after the byte order mark. A quoted field left open ends the text.
 */
function firstRecordBounds(text: string, start: number): { end: number; next: number } {
  let position = start;
  let atFieldStart = true;
  while (position < text.length) {
    const char = text[position]!;
    if (atFieldStart && char === '"') {
      position += 1;
      for (;;) {
        const close = text.indexOf('"', position);
        if (close === -1) return { end: text.length, next: text.length };
        position = close + 1;
        if (text[position] !== '"') break;
        position += 1;
      }
      atFieldStart = false;
      continue;
    }
    if (char === "\r" || char === "\n") {
      const next = char === "\r" && text[position + 1] === "\n" ? position + 2 : position + 1;
      return { end: position, next };
    }
    atFieldStart = char === ",";
    position += 1;
  }
  return { end: text.length, next: text.length };
}

/**
 * The CSV text with its header record in `style`: `api` keeps it, `readable` renames each known
 * column (Date, Country, Revenues...), `none` removes the record and its line end. A byte order
 * mark stays first.
 */
export function rewriteCsvHeader(text: string, style: HeaderStyle): string {
  if (style === "api") return text;
  const start = text.startsWith(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK.length : 0;
  if (start === text.length) return text;
  const { end, next } = firstRecordBounds(text, start);
  const bom = text.slice(0, start);
  if (style === "none") return bom + text.slice(next);
  const header = (parseCsv(text.slice(start, end))[0] ?? []).map(readableColumnName).map(csvField).join(",");
  return bom + header + text.slice(end);
}
