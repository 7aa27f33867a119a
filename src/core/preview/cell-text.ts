import { isExcelDateSerial, isoDateFromExcelSerial } from "../excel-dates";
import { isNumericKind, type PreviewColumn } from "./columns";
import { bucketNote, type BucketContext } from "./date-buckets";
import type { LabelLookup } from "./labels";
import { countText, moneyText, percentText } from "./number-format";

/** One cell as the pane shows it. */
export interface PreviewCell {
  text: string;
  /** The value as the workbook gets it (a code, a date serial, the full number), for tests and copying. */
  value: string;
  numeric: boolean;
  /** Shown on hover. */
  title?: string;
  /**
   * The name of a code, shown beside it. The cell's text is the code, as the workbook and the
   * exported files hold it, so the preview and a file read the same; the name makes it readable.
   */
  name?: string;
  /** A short remark under the text, such as a partial week. */
  note?: string;
}

export interface CellContext {
  labelOf: LabelLookup;
  buckets: BucketContext;
}

function numberText(column: PreviewColumn, value: number): string {
  const signed = column.variant === "change" || column.variant === "change_percent";
  switch (column.kind) {
    case "currency":
    case "ecpm":
      return moneyText(value, { signed });
    case "percent":
      return percentText(value, { signed });
    case "count":
    case "date":
    case "group":
    case "text":
      return countText(value, { signed });
  }
}

export function previewCell(column: PreviewColumn, value: unknown, context: CellContext): PreviewCell {
  const raw = value === null || value === undefined ? "" : String(value);
  if (raw === "") return { text: "", value: "", numeric: isNumericKind(column.kind) };
  if (column.kind === "date" && typeof value === "number" && isExcelDateSerial(value)) {
    const day = isoDateFromExcelSerial(value);
    const note = bucketNote(day, context.buckets);
    return { text: day, value: raw, numeric: false, ...(note ? { note } : {}) };
  }
  if (column.kind === "group" && column.group !== undefined) {
    const label = context.labelOf(column.group, raw);
    return label !== undefined && label !== raw
      ? { text: raw, value: raw, numeric: false, name: label }
      : { text: raw, value: raw, numeric: false };
  }
  if (typeof value === "number")
    return { text: numberText(column, value), value: raw, numeric: column.kind !== "date" && column.kind !== "group" };
  return { text: raw, value: raw, numeric: false };
}
