/**
 * How the pane's previews show a number. Money and eCPM read best with two decimals, as a
 * finance user writes them; amounts below a cent keep three significant digits rather than
 * turning into a misleading 0.00. The workbook always gets the full value: this is display only.
 */
export function previewNumberText(value: number, locale?: string): string {
  if (Number.isInteger(value)) return value.toLocaleString(locale);
  if (Math.abs(value) < 0.01) return value.toLocaleString(locale, { maximumSignificantDigits: 3 });
  return value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
