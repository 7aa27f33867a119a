import type { SpillCell } from "../core/cell-values";
import type { SpillTable } from "../core/rows/spill-table";
import { DEFAULT_SPILL_BUDGET_BYTES, limitSpill } from "../core/spill-limit";
import { isSetSupported } from "./requirements";

/** Unambiguous in every locale, and sorts as text the way it sorts as a date. */
export const SPILL_DATE_FORMAT = "yyyy-mm-dd";
/** Change % of compare= columns: fractions (0.125) that read as 12.5%. */
export const SPILL_PERCENT_FORMAT = "0.0%";

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

/** The columns that carry a number format of their own: dates, and compare='s change %. */
function formattedColumns(table: SpillTable): [column: number, format: string][] {
  return [
    ...table.dateColumns.map((column): [number, string] => [column, SPILL_DATE_FORMAT]),
    ...(table.percentColumns ?? []).map((column): [number, string] => [column, SPILL_PERCENT_FORMAT]),
  ];
}

/** A row as Excel receives it: numbers of the formatted columns become values carrying their format in `style`. */
function encodeRow(row: readonly SpillCell[], columns: readonly [number, string][], type: FormattedDate["type"]): SpillOutput[number] {
  const out: SpillOutput[number] = row.slice();
  for (const [column, numberFormat] of columns) {
    const cell = row[column];
    if (typeof cell === "number") out[column] = { type, basicValue: cell, numberFormat };
  }
  return out;
}

function dateType(style: DateCellStyle): FormattedDate["type"] | undefined {
  if (style === "serial") return undefined;
  return style === "double" ? "Double" : "FormattedNumber";
}

/**
 * The rows Excel spills: numbers in the table's date columns become dated values in `style`;
 * headers, the "more rows" message and every other cell pass through as they are.
 */
export function spillOutput(table: SpillTable, style: DateCellStyle): SpillOutput {
  const type = dateType(style);
  const columns = formattedColumns(table);
  if (type === undefined || columns.length === 0) return table.rows;
  return table.rows.map((row) => encodeRow(row, columns, type));
}

/**
 * The table cut to what one spill may return in `style`: measured on the rows as Excel will
 * receive them (dated values cost about five times a bare serial), not on the rows before.
 * Runs after the functions' own cut, which cannot know this Excel's date style.
 */
export function fitSpill(table: SpillTable, style: DateCellStyle, budgetBytes: number = DEFAULT_SPILL_BUDGET_BYTES): SpillTable {
  const type = dateType(style);
  const columns = formattedColumns(table);
  if (type === undefined || columns.length === 0) return limitSpill(table, budgetBytes);
  return limitSpill(table, budgetBytes, (row) => encodeRow(row, columns, type));
}
