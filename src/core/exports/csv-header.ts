import type { HeaderStyle } from "../arguments/options";
import { firstCsvRecord } from "../csv-safety";
import { withCurrency } from "../currency";
import { isMoneyHeading } from "../preview/columns";
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
 * A column's readable heading in a file (`revenues` → `Revenues (USD)`): the preview's heading, the
 * currency beside money as the preview says it. Service names (headers=api) stay exactly the
 * service's, for the programs that read them.
 */
export function readableFileHeading(name: string): string {
  const readable = readableColumnName(name);
  return isMoneyHeading(readable) ? withCurrency(readable) : readable;
}

/** A header row the add-in made (the Legacy tab's), as a file writes it in `style`. */
export function fileHeaderRow(header: readonly string[] | undefined, style: HeaderStyle): string[] | undefined {
  if (!header) return undefined;
  return style === "readable" ? header.map(readableFileHeading) : [...header];
}

/**
 * The CSV text with its header record in `style`: `api` keeps it, `readable` renames each known
 * column (Date, Country, Revenues (USD)...), `none` removes the record and its line end. A byte order
 * mark stays first. Throws an `UnreadableCsvError` when the header record is not CSV.
 */
export function rewriteCsvHeader(text: string, style: HeaderStyle): string {
  if (style === "api") return text;
  const header = firstCsvRecord(text);
  if (!header) return text;
  const bom = text.slice(0, header.start);
  if (style === "none") return bom + text.slice(header.next);
  return bom + header.values.map(readableFileHeading).map(csvField).join(",") + text.slice(header.end);
}
