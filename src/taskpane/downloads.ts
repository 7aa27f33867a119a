/** Saves bytes or text as a file the browser downloads (works in Excel's web view too). */
export function downloadFile(fileName: string, content: BlobPart, mediaType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mediaType }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `reporting_2025-02-01_to_2025-02-28_by_date_country.csv`: says what the file holds. */
export function exportFileName(period: { from: string; to: string }, groups: readonly string[], extension: string): string {
  const by = groups.length > 0 ? `_by_${groups.join("_")}` : "_totals";
  return `reporting_${period.from}_to_${period.to}${by}.${extension}`;
}

export const CSV_MEDIA_TYPE = "text/csv;charset=utf-8";
export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Excel reads a CSV file as UTF-8 only when it starts with the byte order mark. */
export function withByteOrderMark(csv: string): string {
  return csv.startsWith("\uFEFF") ? csv : `\uFEFF${csv}`;
}
