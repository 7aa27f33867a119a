import { isoDateFromExcelSerial } from "../core/excel-dates";
import { clear, el } from "./dom";
import { previewNumberText } from "./number-text";

export type PreviewCell = string | number | boolean | null | undefined;

/** Rows shown in the pane; the workbook gets them all. */
export const PREVIEW_ROWS = 20;

function formatCell(value: PreviewCell, isDate: boolean): { text: string; numeric: boolean } {
  if (value === null || value === undefined) return { text: "", numeric: false };
  if (typeof value === "number") {
    if (isDate) return { text: isoDateFromExcelSerial(value), numeric: false };
    return { text: previewNumberText(value), numeric: true };
  }
  return { text: String(value), numeric: false };
}

/**
 * Renders a header row (or none) and the first data rows as an accessible table.
 * `dateColumn` marks the column holding Excel serial dates.
 */
export function renderPreview(
  container: HTMLElement,
  header: readonly PreviewCell[] | undefined,
  rows: readonly (readonly PreviewCell[])[],
  options: { dateColumn?: number | undefined; caption: string },
): void {
  clear(container);
  const table = el("table", { attrs: { "data-rows": String(rows.length) } });
  table.append(el("caption", { className: "visually-hidden", text: options.caption }));
  if (header) {
    table.append(el("thead", {}, [el("tr", {}, header.map((cell) => el("th", { text: String(cell ?? ""), attrs: { scope: "col" } })))]));
  }
  const body = el("tbody");
  for (const row of rows) {
    body.append(
      el(
        "tr",
        {},
        row.map((cell, index) => {
          const { text, numeric } = formatCell(cell, index === options.dateColumn);
          // The raw value rides along so that tests (and copy tools) need not parse formatted text.
          return el("td", { text, className: numeric ? "number" : "", attrs: { "data-value": String(cell ?? "") } });
        }),
      ),
    );
  }
  table.append(body);
  container.append(table);
}
