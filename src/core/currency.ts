/**
 * The currency of revenues and eCPM. The service names none; known-facts infers US dollars. The
 * preview, the CSV and Excel files all say it in the same place, the money columns' headings, so
 * that no cell needs a currency sign and a figure reads the same in the pane and in the file.
 */
export const MONEY_CURRENCY = "USD";

/** "Revenues" reads "Revenues (USD)"; "Revenues (previous period)" reads "Revenues (previous period, USD)". */
export function withCurrency(heading: string): string {
  if (heading.includes(MONEY_CURRENCY)) return heading;
  return heading.endsWith(")") ? `${heading.slice(0, -1)}, ${MONEY_CURRENCY})` : `${heading} (${MONEY_CURRENCY})`;
}
