import { ReportingError } from "../../client/errors";
import type { HeaderStyle } from "../arguments/options";
import type { SpillCell } from "../cell-values";
import { NUMBER_FORMATS } from "../workbook-queries/table-columns";
import { sheetNameFor } from "../workbook-queries/names";
import { readableFileHeading } from "./csv-header";
import { loadExcelJs, type ExcelJs } from "./excel-module";
import { QUERY_SHEET_HEADER, type QuerySheetRow } from "./query-sheet";

/**
 * Excel exports: the service's file with its header row in the query's style, or a file made
 * from rows (the legacy service has no export), each with a second sheet "Query" describing the
 * query. Every value is written as a value: a name from the service that starts with `=` stays
 * text (exceljs writes a formula only when given one explicitly).
 */

type Workbook = InstanceType<ExcelJs["Workbook"]>;
type Worksheet = ReturnType<Workbook["addWorksheet"]>;

const QUERY_SHEET_NAME = "Query";

/** The Excel file could not be made: the part of the add-in that writes them did not load, or the service's file did not open. */
export class ExcelExportError extends ReportingError {
  constructor(reason: "load" | "read", cause: unknown) {
    super({
      code: reason === "load" ? "excel_writer_unavailable" : "unreadable_xlsx",
      kind: reason === "load" ? "unavailable" : "bad_answer",
      userMessage:
        reason === "load"
          ? "The part of the add-in that writes Excel files could not be loaded. Check the connection and try Export Excel again, or use Export CSV."
          : "The Excel file from the reporting service could not be opened, so it was not saved. Try again, or use Export CSV.",
      retryable: true,
      cause,
    });
    this.name = "ExcelExportError";
  }
}

async function excelJs(): Promise<ExcelJs> {
  try {
    return await loadExcelJs();
  } catch (error) {
    throw new ExcelExportError("load", error);
  }
}

function addQuerySheet(workbook: Workbook, rows: readonly QuerySheetRow[]): Worksheet {
  const name = sheetNameFor(
    QUERY_SHEET_NAME,
    workbook.worksheets.map((sheet) => sheet.name),
  );
  const sheet = workbook.addWorksheet(name);
  sheet.columns = [{ width: 22 }, { width: 70 }];
  sheet.addRow([...QUERY_SHEET_HEADER]).font = { bold: true };
  for (const [field, value] of rows) sheet.addRow([field, value]);
  sheet.getColumn(2).alignment = { wrapText: true, vertical: "top" };
  return sheet;
}

async function bytesOf(workbook: Workbook): Promise<Uint8Array> {
  const written = await workbook.xlsx.writeBuffer();
  return new Uint8Array(written as ArrayBuffer);
}

const MONEY_COLUMNS = new Set(["revenues", "ecpm"]);

/**
 * Revenues and eCPM with two decimals, as the pane's tables and the Legacy file show them: the
 * service's own format may show more (the emulator's `#,##0.00##`). The value keeps its precision.
 */
function moneyInTwoDecimals(sheet: Worksheet): void {
  sheet.getRow(1).eachCell((cell, column) => {
    if (typeof cell.value === "string" && MONEY_COLUMNS.has(cell.value.trim().toLowerCase()))
      sheet.getColumn(column).numFmt = NUMBER_FORMATS.money;
  });
}

/** The service's Excel file with its first sheet's header row in `style`, money in two decimals, and the Query sheet. */
export async function rewriteStatsXlsx(
  bytes: Uint8Array,
  style: HeaderStyle,
  queryRows: readonly QuerySheetRow[],
): Promise<Uint8Array> {
  const ExcelJS = await excelJs();
  const workbook = new ExcelJS.Workbook();
  try {
    // A copy of the bytes: exactly the file, whatever larger buffer `bytes` views.
    await workbook.xlsx.load(bytes.slice().buffer as ArrayBuffer);
  } catch (error) {
    throw new ExcelExportError("read", error);
  }
  const sheet = workbook.worksheets[0];
  if (sheet) {
    moneyInTwoDecimals(sheet);
    if (style === "readable") {
      sheet.getRow(1).eachCell((cell) => {
        if (typeof cell.value === "string") cell.value = readableFileHeading(cell.value);
      });
    } else if (style === "none") {
      sheet.spliceRows(1, 1);
      // The service freezes its header row; with no header, nothing is frozen.
      sheet.views = [];
    }
  }
  addQuerySheet(workbook, queryRows);
  return bytesOf(workbook);
}

export interface RowsSheet {
  sheetName: string;
  /** Undefined for headers=none. */
  header: readonly string[] | undefined;
  rows: readonly (readonly SpillCell[])[];
  /** One Excel number format per column (`yyyy-mm-dd` for date serials), or undefined for General. */
  numberFormats: readonly (string | undefined)[];
}

/** A new Excel file of `table`'s rows, then the Query sheet. */
export async function rowsXlsx(table: RowsSheet, queryRows: readonly QuerySheetRow[]): Promise<Uint8Array> {
  const ExcelJS = await excelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.sheetName, table.header ? { views: [{ state: "frozen", ySplit: 1 }] } : {});
  sheet.columns = table.numberFormats.map((numFmt, index) => ({
    width: index < 1 ? 14 : 16,
    ...(numFmt ? { style: { numFmt } } : {}),
  }));
  if (table.header) sheet.addRow([...table.header]).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map((cell) => (typeof cell === "boolean" ? String(cell) : cell)));
  addQuerySheet(workbook, queryRows);
  return bytesOf(workbook);
}
