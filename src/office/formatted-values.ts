import type { SpillTable } from "../core/rows/spill-table";
import { isSetSupported } from "./requirements";

/** Unambiguous in every locale, and sorts as text the way it sorts as a date. */
export const SPILL_DATE_FORMAT = "yyyy-mm-dd";

/**
 * How a date cell of a spill is written:
 * - "double": a number carrying its own format (DoubleCellValue.numberFormat, ExcelApi 1.19);
 * - "formattedNumber": the older FormattedNumberCellValue (ExcelApi 1.16);
 * - "serial": a bare serial number, for runtimes without data types in custom functions
 *   (before CustomFunctionsRuntime 1.4); the cell then shows a number until formatted.
 */
export type DateCellStyle = "double" | "formattedNumber" | "serial";

export interface FormattedDate {
  type: "Double" | "FormattedNumber";
  basicValue: number;
  numberFormat: string;
}

export type SpillOutput = (string | number | boolean | FormattedDate)[][];

/** The best date style this Excel supports; asked per call since Office.js may still be starting. */
export function supportedDateStyle(): DateCellStyle {
  if (!isSetSupported("CustomFunctionsRuntime", "1.4")) return "serial";
  if (isSetSupported("ExcelApi", "1.19")) return "double";
  if (isSetSupported("ExcelApi", "1.16")) return "formattedNumber";
  return "serial";
}

/**
 * The rows Excel spills: numbers in the table's date columns become dated values in `style`;
 * headers, the "more rows" message and every other cell pass through as they are.
 */
export function spillOutput(table: SpillTable, style: DateCellStyle): SpillOutput {
  if (style === "serial" || table.dateColumns.length === 0) return table.rows;
  const type = style === "double" ? "Double" : "FormattedNumber";
  const columns = table.dateColumns;
  return table.rows.map((row) => {
    const out: SpillOutput[number] = row.slice();
    for (const column of columns) {
      const cell = row[column];
      if (typeof cell === "number") out[column] = { type, basicValue: cell, numberFormat: SPILL_DATE_FORMAT };
    }
    return out;
  });
}
