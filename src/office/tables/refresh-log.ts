import {
  REFRESH_LOG_COLUMNS,
  REFRESH_LOG_HEADERS,
  REFRESH_LOG_SHEET,
  REFRESH_LOG_TABLE,
  refreshLogFormats,
} from "../../core/changes/refresh-log";
import { sheetNameFor } from "../../core/workbook-queries/names";
import type { TableCell } from "../../core/workbook-queries/table-columns";
import { runExcel } from "../excel-run";
import { requireExcel } from "../workbook";
import { blockAddress, headerFormats, writeBlock } from "./cell-blocks";
import { applyFiltersAgain, clearFiltersFor } from "./table-filters";

/**
 * The workbook's Refresh log: an Excel Table (RefreshLog) the add-in appends one row to per table
 * refresh. It is made on the first refresh, on a sheet of its own that it never activates; the
 * user may hide that sheet, move or sort the table, add columns to it: rows are only ever added
 * at its end, matched to its columns by header, and the table is found by name wherever it is,
 * so it is never made twice while it exists.
 */

const FORMATS = new Map(REFRESH_LOG_COLUMNS.map((column) => [column.header.toLowerCase(), column.format]));
const GENERAL = "General";

/** Makes the log with `rows` under its header, on "Refresh log" (or a free name, when a sheet of the user's has that name). */
async function createLog(context: Excel.RequestContext, rows: readonly (readonly TableCell[])[]): Promise<void> {
  const sheets = context.workbook.worksheets;
  sheets.load("items/name");
  await context.sync();
  const sheet = sheets.add(
    sheetNameFor(
      REFRESH_LOG_SHEET,
      sheets.items.map((item) => item.name),
    ),
  );
  const header = [...REFRESH_LOG_HEADERS];
  await writeBlock(context, sheet, 0, 0, {
    values: [header, ...rows],
    formats: [...headerFormats(header), ...refreshLogFormats(rows)],
  });
  const table = sheet.tables.add(blockAddress(0, 0, rows.length + 1, header.length), true);
  table.name = REFRESH_LOG_TABLE;
  table.getRange().format.autofitColumns();
  await context.sync();
}

/** Adds `rows` at the end of the log, each value under the column whose header is its own (blank under a column of the user's). */
async function appendToLog(
  context: Excel.RequestContext,
  table: Excel.Table,
  rows: readonly (readonly TableCell[])[],
): Promise<void> {
  const header = table.getHeaderRowRange();
  header.load("values");
  const body = table.getDataBodyRange();
  body.load("rowIndex, columnIndex, rowCount");
  const sheet = table.worksheet;
  await context.sync();
  const names = (header.values[0] ?? []).map((name) => String(name).toLowerCase());
  const ours = new Map(REFRESH_LOG_HEADERS.map((name, index) => [name.toLowerCase(), index]));
  const cells = rows.map((row) => names.map((name) => (ours.has(name) ? (row[ours.get(name)!] ?? "") : "")));
  const formats = rows.map(() => names.map((name) => FORMATS.get(name) ?? GENERAL));
  // Values written while a filter hides rows can land on the wrong rows (office-js 224).
  const filters = await clearFiltersFor(context, table);
  table.rows.add(
    undefined,
    cells.map((row) => row.map(() => "")),
  );
  // The new rows are the body's last: formats first, so that a name stays the text it is.
  const added = sheet.getRange(
    blockAddress(body.rowIndex + body.rowCount, body.columnIndex, rows.length, names.length),
  );
  added.numberFormat = formats;
  added.values = cells;
  applyFiltersAgain(table, filters);
  await context.sync();
}

/** Appends one row per refresh to the workbook's Refresh log, making the log the first time. */
export async function appendRefreshLog(rows: readonly (readonly TableCell[])[]): Promise<void> {
  if (rows.length === 0) return;
  requireExcel();
  await runExcel(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(REFRESH_LOG_TABLE);
    table.load("name");
    await context.sync();
    if (table.isNullObject) await createLog(context, rows);
    else await appendToLog(context, table, rows);
  });
}
