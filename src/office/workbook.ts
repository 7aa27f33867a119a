import { ReportingError } from "../client/errors";
import type { SpillTable } from "../core/rows/spill-table";
import { jsonBytes } from "../core/spill-limit";
import { excelRunAvailable, runExcel } from "./excel-run";
import { supportedDateStyle, type DateCellStyle } from "./formatted-values";
import { tableInTheWay } from "./formula-place";
import { fitSpill, type FittedSpill } from "./spill-fit";
import { quietForColleaguesWithoutAddin } from "./trust";

/**
 * Every write the task pane makes to the workbook. Nothing here ever receives a credential:
 * callers pass formulas, numbers and files only.
 */

/** Unambiguous in every locale, and sorts as text the way it sorts as a date. */
export const DATE_NUMBER_FORMAT = "yyyy-mm-dd";

/**
 * What one context.sync may carry of values, formulas and number formats, counted as the UTF-8
 * JSON they travel as. Excel on the web refuses a request over 5 MB; the rest is left for the
 * addresses, the other queued operations and the request's own envelope.
 */
export const SYNC_BUDGET_BYTES = 4_000_000;
// Microsoft suggests writing a large range in blocks of 5,000 to 20,000 rows, whatever their size.
const MAX_ROWS_PER_SYNC = 20_000;
// Room in each sync for the range's address and the names of the operations.
const WRITE_OVERHEAD_BYTES = 200;

/** Excel cannot do a write the pane asked for; the message says what to do instead. */
export class WorkbookError extends ReportingError {
  constructor(userMessage: string) {
    super({ code: "workbook", kind: "workbook", userMessage, retryable: false });
    this.name = "WorkbookError";
  }
}

/** What a write into the workbook says outside Excel; the pane says it before trying too. */
export const NEEDS_EXCEL = "Inserting needs Excel: open this add-in inside Excel.";

export function requireExcel(): void {
  if (!excelRunAvailable()) {
    throw new WorkbookError(NEEDS_EXCEL);
  }
}

/**
 * The top-left cell of the selection. With several areas selected (Ctrl+click), Excel's
 * getSelectedRange fails with an error meant for developers; `whatToSelect` says what to select.
 */
export async function selectedCell(context: Excel.RequestContext, whatToSelect: string): Promise<Excel.Range> {
  const areas = context.workbook.getSelectedRanges();
  areas.load("areaCount");
  await context.sync();
  if (areas.areaCount > 1)
    throw new WorkbookError(`Several areas are selected. Select ${whatToSelect}, then try again.`);
  return context.workbook.getSelectedRange().getCell(0, 0);
}

function sameInEveryRow(rows: number, value: string): string[][] {
  return Array.from({ length: rows }, () => [value]);
}

/**
 * Splits rows 0..count into consecutive runs, one per sync, whose bytes (`rowBytes`, each row's
 * values and formats together) stay within the sync budget. A single row larger than the
 * budget still goes, alone: Excel is the one to refuse it.
 */
export function syncChunks(
  count: number,
  rowBytes: (index: number) => number,
  budgetBytes: number = SYNC_BUDGET_BYTES,
): [number, number][] {
  const chunks: [number, number][] = [];
  let start = 0;
  let used = WRITE_OVERHEAD_BYTES;
  for (let index = 0; index < count; index++) {
    const bytes = rowBytes(index);
    if (index > start && (used + bytes > budgetBytes || index - start >= MAX_ROWS_PER_SYNC)) {
      chunks.push([start, index]);
      start = index;
      used = WRITE_OVERHEAD_BYTES;
    }
    used += bytes;
  }
  if (count > start) chunks.push([start, count]);
  return chunks;
}

export interface InsertFormulaOptions {
  formula: string;
  /**
   * The formula's whole answer as the pane fetched it: it tells the date columns and, cut as the
   * function's spill is cut in this Excel, the rows the spill shows.
   */
  result: SpillTable;
}

export interface InsertedFormula {
  /** Where the formula went, such as `Sheet1!B2`. */
  address: string;
}

/**
 * The date columns the pane must format under a formula, and down to which data row: none
 * where the function returns dates carrying their own format (CustomFunctionsRuntime 1.4),
 * otherwise as many rows as the spill shows, never the rows the spill leaves out.
 */
function spillDateFormats(
  result: SpillTable,
  style: DateCellStyle,
  spill: FittedSpill,
): { columns: number[]; headerRows: number; rows: number } {
  if (style !== "serial" || result.dateColumns.length === 0) return { columns: [], headerRows: 0, rows: 0 };
  return { columns: result.dateColumns, headerRows: spill.headerRows, rows: spill.shownRows };
}

/** Writes `formula` at the top-left cell of the selection, and a date format under it where needed. */
export async function insertFormulaAtSelection(options: InsertFormulaOptions): Promise<InsertedFormula> {
  requireExcel();
  const style = supportedDateStyle();
  const spill = fitSpill(options.result, style);
  const dates = spillDateFormats(options.result, style, spill);
  const formatRowBytes = dates.columns.length * (jsonBytes([DATE_NUMBER_FORMAT]) + 1);
  const chunks = dates.columns.length === 0 ? [] : syncChunks(dates.rows, () => formatRowBytes);
  const inserted = await runExcel(async (context) => {
    const cell = await selectedCell(context, "only the cell where the formula should go");
    cell.load("address");
    const width = spill.rows.reduce((widest, row) => Math.max(widest, row.length), 1);
    const problem = await tableInTheWay(context, cell, spill.rows.length, width);
    if (problem) throw new WorkbookError(problem);
    cell.formulas = [[options.formula]];
    if (chunks.length === 0) await context.sync();
    for (const [start, end] of chunks) {
      // The spill is not computed yet (the function is still fetching), so the format goes on
      // the cells it will fill; Excel keeps a cell's format when a spill writes into it.
      for (const column of dates.columns) {
        const range = cell.getOffsetRange(dates.headerRows + start, column).getResizedRange(end - start - 1, 0);
        range.numberFormat = sameInEveryRow(end - start, DATE_NUMBER_FORMAT);
      }
      // A sync per chunk is the point: one request over 5 MB is refused by Excel on the web.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
    }
    return { address: cell.address };
  });
  await quietForColleaguesWithoutAddin();
  return inserted;
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
  return runExcel(async (context) => {
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

export function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Recalculates every formula of the workbook, custom functions included. */
export async function recalculateWorkbook(): Promise<void> {
  requireExcel();
  await runExcel(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}
