import type { SpillCell } from "../core/cell-values";
import type { SpillTable } from "../core/rows/spill-table";
import { NUMBER_FORMATS } from "../core/workbook-queries/table-columns";
import { isSetSupported } from "./requirements";

/** Unambiguous in every locale, and sorts as text the way it sorts as a date. */
export const SPILL_DATE_FORMAT = NUMBER_FORMATS.date;
/** Change % of compare= columns: fractions (0.125) that read as 12.5%. */
export const SPILL_PERCENT_FORMAT = NUMBER_FORMATS.percent;

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
 * Range.valuesAsJson (ExcelApi 1.16) shows the format a custom function's value carries; it needs
 * the data types of CustomFunctionsRuntime 1.4, since ExcelApi 1.16 can report true on builds
 * without them (office-js issue 3504). Office 2021 has neither.
 */
export function valuesAsJsonSupported(): boolean {
  return isSetSupported("CustomFunctionsRuntime", "1.4") && isSetSupported("ExcelApi", "1.16");
}

/** The columns that carry a number format of their own: dates, and compare='s change %. */
function formattedColumns(table: SpillTable): [column: number, format: string][] {
  return [
    ...table.dateColumns.map((column): [number, string] => [column, SPILL_DATE_FORMAT]),
    ...(table.percentColumns ?? []).map((column): [number, string] => [column, SPILL_PERCENT_FORMAT]),
  ];
}

type SpillOutputRow = SpillOutput[number];

/** A row as Excel receives it: numbers of the formatted columns become values carrying their format in `style`. */
function encodeRow(
  row: readonly SpillCell[],
  columns: readonly [number, string][],
  type: FormattedDate["type"],
): SpillOutputRow {
  const out: SpillOutputRow = row.slice();
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

const asIs = (row: readonly SpillCell[]): SpillOutputRow => row as SpillOutputRow;

/**
 * How each row of `table` goes to Excel in `style`: numbers in the date (and percent) columns
 * become values carrying their format; header texts and every other cell pass through as they
 * are (each row as it is when no column needs a format, or in serial style). spill-fit.ts
 * encodes each row it keeps, once; its "more rows" note is text and goes as it is.
 */
export function rowEncoder(table: SpillTable, style: DateCellStyle): (row: readonly SpillCell[]) => SpillOutputRow {
  const type = dateType(style);
  const columns = formattedColumns(table);
  if (type === undefined || columns.length === 0) return asIs;
  return (row) => encodeRow(row, columns, type);
}
