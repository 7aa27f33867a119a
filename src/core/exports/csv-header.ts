import type { HeaderStyle } from "../arguments/options";
import { firstCsvRecord } from "../csv-safety";
import { readableColumnName } from "../rows/headers";

/**
 * The service's CSV always starts with a record of API names (`date,country,revenues`). An
 * export follows the header choice of its query: readable names, the service's names, or no
 * header record at all. Only the first record changes; the data records are kept byte for byte,
 * so the formula check of csv-safety.ts still sees (and neutralises) every field after this.
 */

/** A field as RFC 4180 writes it: quoted only when it holds a quote, comma or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The CSV text with its header record in `style`: `api` keeps it, `readable` renames each known
 * column (Date, Country, Revenues...), `none` removes the record and its line end. A byte order
 * mark stays first. Throws an `UnreadableCsvError` when the header record is not CSV.
 */
export function rewriteCsvHeader(text: string, style: HeaderStyle): string {
  if (style === "api") return text;
  const header = firstCsvRecord(text);
  if (!header) return text;
  const bom = text.slice(0, header.start);
  if (style === "none") return bom + text.slice(header.next);
  return bom + header.values.map(readableColumnName).map(csvField).join(",") + text.slice(header.end);
}
