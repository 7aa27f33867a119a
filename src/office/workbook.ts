import { ReportingError } from "../client/errors";
import { excelApiSupported } from "./host";

/**
 * Every write the task pane makes to the workbook. Nothing here ever receives a credential:
 * callers pass formulas, numbers and files only.
 */

/** Unambiguous in every locale, and sorts as text the way it sorts as a date. */
export const DATE_NUMBER_FORMAT = "yyyy-mm-dd";

/** Excel cannot do a write the pane asked for; the message says what to do instead. */
export class WorkbookError extends ReportingError {
  constructor(userMessage: string) {
    super({ code: "workbook", kind: "workbook", userMessage, retryable: false });
    this.name = "WorkbookError";
  }
}

function requireExcel(): void {
  if (typeof Excel === "undefined" || typeof Excel.run !== "function") {
    throw new WorkbookError("Inserting needs Excel: open this add-in inside Excel.");
  }
}

function sameInEveryRow(rows: number, value: string): string[][] {
  return Array.from({ length: rows }, () => [value]);
}

export interface InsertFormulaOptions {
  formula: string;
  /** Column of the date inside the spill (0-based), if the result has one. */
  dateColumn?: number | undefined;
  /** Rows above the first data row (the header row). */
  headerRows: number;
  /** How many data rows to give the date format; the preview's row count. */
  dataRows: number;
}

export interface InsertedFormula {
  /** Where the formula went, such as `Sheet1!B2`. */
  address: string;
}

/** Writes `formula` at the top-left cell of the selection, and a date format under it. */
export async function insertFormulaAtSelection(options: InsertFormulaOptions): Promise<InsertedFormula> {
  requireExcel();
  return Excel.run(async (context) => {
    const cell = context.workbook.getSelectedRange().getCell(0, 0);
    cell.load("address");
    cell.formulas = [[options.formula]];
    if (options.dateColumn !== undefined && options.dataRows > 0) {
      // The spill is not computed yet (the function is still fetching), so the format goes on
      // the cells it will fill; Excel keeps a cell's format when a spill writes into it.
      const dates = cell.getOffsetRange(options.headerRows, options.dateColumn).getResizedRange(options.dataRows - 1, 0);
      dates.numberFormat = sameInEveryRow(options.dataRows, DATE_NUMBER_FORMAT);
    }
    await context.sync();
    return { address: cell.address };
  });
}

const BASE64_CHUNK = 0x8000;

/** Base64 of bytes, in chunks so that large files do not overflow the argument list. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += BASE64_CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + BASE64_CHUNK));
  }
  return btoa(binary);
}

/** Adds the sheets of an `.xlsx` file to the end of the open workbook and shows the first. */
export async function insertWorkbookSheets(xlsx: Uint8Array): Promise<{ sheetNames: string[] }> {
  requireExcel();
  if (!excelApiSupported("1.13")) {
    throw new WorkbookError(
      "This version of Excel cannot add a worksheet from a file. Use \"Export Excel\" and open the downloaded file instead.",
    );
  }
  return Excel.run(async (context) => {
    const ids = context.workbook.insertWorksheetsFromBase64(bytesToBase64(xlsx), {
      positionType: Excel.WorksheetPositionType.end,
    });
    await context.sync();
    const sheets = ids.value.map((id) => {
      const sheet = context.workbook.worksheets.getItem(id);
      sheet.load("name");
      return sheet;
    });
    sheets[0]?.activate();
    await context.sync();
    return { sheetNames: sheets.map((sheet) => sheet.name) };
  });
}

export type CellValue = string | number | boolean;

export interface InsertTableOptions {
  /** The header row first, then the data rows. */
  rows: readonly (readonly CellValue[])[];
  dateColumn?: number | undefined;
  /** Base of the new worksheet's name, such as `Reporting`. */
  sheetName: string;
  /** Adds a PivotTable beside the table when Excel supports it. */
  withPivot: boolean;
}

// Excel on the web refuses requests near 5 MB; this many rows stays well below.
const ROWS_PER_WRITE = 5000;

function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Writes every row into a new worksheet as an Excel Table, with a PivotTable next to it. */
export async function insertTable(options: InsertTableOptions): Promise<{ sheetName: string; pivot: boolean }> {
  requireExcel();
  const header = options.rows[0];
  if (!header || header.length === 0) throw new WorkbookError("There is nothing to insert: the query returned no columns.");
  const width = header.length;
  const lastColumn = columnLetter(width - 1);
  return Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const taken = new Set(sheets.items.map((sheet) => sheet.name.toLowerCase()));
    let name = options.sheetName;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${options.sheetName} ${n}`;
    const sheet = sheets.add(name);
    for (let start = 0; start < options.rows.length; start += ROWS_PER_WRITE) {
      const chunk = options.rows.slice(start, start + ROWS_PER_WRITE).map((row) => [...row]);
      sheet.getRange(`A${start + 1}:${lastColumn}${start + chunk.length}`).values = chunk;
      // A sync per chunk is the point: one sync for every row would send a single request over
      // Excel's 5 MB limit, which Excel on the web refuses.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
    }
    const dataRows = options.rows.length - 1;
    if (options.dateColumn !== undefined && dataRows > 0) {
      const letter = columnLetter(options.dateColumn);
      const dates = sheet.getRange(`${letter}2:${letter}${dataRows + 1}`);
      dates.numberFormat = sameInEveryRow(dataRows, DATE_NUMBER_FORMAT);
    }
    const table = sheet.tables.add(`A1:${lastColumn}${options.rows.length}`, true);
    table.getRange().format.autofitColumns();
    const pivot = options.withPivot && excelApiSupported("1.8");
    if (pivot) {
      const target = sheet.getRange(`${columnLetter(width + 1)}1`);
      sheet.pivotTables.add(`${name.replace(/[^A-Za-z0-9]/g, "")}Pivot`, table, target);
    }
    sheet.activate();
    await context.sync();
    return { sheetName: name, pivot };
  });
}

/** Recalculates every formula of the workbook, custom functions included. */
export async function recalculateWorkbook(): Promise<void> {
  requireExcel();
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}
