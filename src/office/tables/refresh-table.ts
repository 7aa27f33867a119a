import { rowsReadBack } from "../../core/changes/rows-read-back";
import type { StoredTableQuery } from "../../core/workbook-queries/stored-query";
import type { TableData } from "../../core/workbook-queries/table-columns";
import type { WrittenTable } from "../../core/workbook-queries/table-refresh";
import { runExcel } from "../excel-run";
import { requireExcel, WorkbookError } from "../workbook";
import { blockAddress, dataFormats, writeBlock } from "./cell-blocks";
import { readQueryCells } from "./query-rows";
import { findTable } from "./table-identity";
import { applyFiltersAgain, clearFiltersFor, type SavedFilters } from "./table-filters";
import { putTotalsBack, takeTotalsAway, type SavedTotals } from "./totals-row";
import { keyColumnsOf, readUserValues, writeUserValues } from "./user-columns";

interface Shape {
  sheet: Excel.Worksheet;
  /** The header row. */
  row: number;
  column: number;
  /** Data rows now (a table always keeps at least one, blank when the query had none). */
  bodyRows: number;
  /** A totals row (Total Row ticked) is under the body. */
  totals: boolean;
  /** Every column, the user's included. */
  width: number;
  headers: string[];
  /** The number format of each column's first data cell: the user's choice, kept for numbers. */
  firstRowFormats: string[];
  sorted: boolean;
}

/**
 * Where the table's parts are. The body is `getDataBodyRange()`: `getRange()` is the whole table,
 * header and totals rows included.
 */
async function shapeOf(context: Excel.RequestContext, table: Excel.Table): Promise<Shape> {
  table.load("name, showHeaders, showTotals");
  const body = table.getDataBodyRange();
  body.load("rowIndex, columnIndex, rowCount, columnCount");
  const firstRow = body.getRow(0);
  firstRow.load("numberFormat");
  const columns = table.columns;
  columns.load("items/name");
  const sort = table.sort;
  sort.load("fields");
  const sheet = table.worksheet;
  sheet.load("name");
  await context.sync();
  if (!table.showHeaders) {
    // Without its header row a table gives no column names, and its first row is data: the
    // add-in would have to guess which column is which.
    throw new WorkbookError(
      `The table ${table.name} was not refreshed because its header row is turned off. ` +
        "Select a cell of the table, tick Header Row on the Table Design tab, then refresh again. The table keeps its previous rows.",
    );
  }
  return {
    sheet,
    row: body.rowIndex - 1,
    column: body.columnIndex,
    bodyRows: body.rowCount,
    totals: table.showTotals,
    width: body.columnCount,
    headers: columns.items.map((column) => column.name),
    firstRowFormats: (firstRow.numberFormat[0] ?? []).map(String),
    sorted: sort.fields.length > 0,
  };
}

/** Rows of the whole table: header, body and totals row. */
function tableRows(shape: Shape): number {
  return 1 + shape.bodyRows + (shape.totals ? 1 : 0);
}

/** Throws, in words, when cells of `address` on `sheet` hold anything: the table would cover or move them. */
async function requireEmpty(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  address: string,
  tableName: string,
  why: string,
): Promise<void> {
  const used = sheet.getRange(address).getUsedRangeOrNullObject(true);
  used.load("address");
  await context.sync();
  if (!used.isNullObject) {
    throw new WorkbookError(
      `The table ${tableName} was not refreshed: ${why}, but ${used.address} holds data that the add-in will not overwrite or move. ` +
        "Move that data away from the table, then refresh again. The table keeps its previous rows.",
    );
  }
}

/**
 * The query's columns of the table to match `data`: added (or removed) right after the query's
 * current columns, before any column the user added.
 */
async function matchColumns(
  context: Excel.RequestContext,
  table: Excel.Table,
  shape: Shape,
  owned: number,
  data: TableData,
  name: string,
): Promise<Shape> {
  const wanted = data.columns.length;
  if (wanted === owned) return shape;
  const rightOfTable = blockAddress(shape.row, shape.column + shape.width, tableRows(shape), Math.abs(wanted - owned));
  await requireEmpty(context, shape.sheet, rightOfTable, name, "its query now has a different number of columns");
  if (wanted > owned) {
    for (let index = owned; index < wanted; index++) table.columns.add(index, undefined, data.header[index]);
  } else {
    for (let index = owned - 1; index >= wanted; index--) table.columns.getItemAt(index).delete();
  }
  await context.sync();
  return shapeOf(context, table);
}

/** Grows or shrinks the table's data rows to `rows`, touching no cell outside it. */
async function resizeRows(
  context: Excel.RequestContext,
  table: Excel.Table,
  shape: Shape,
  rows: number,
  name: string,
): Promise<void> {
  const { sheet, row, column, width, bodyRows } = shape;
  if (rows === bodyRows) return;
  if (rows > bodyRows) {
    await requireEmpty(
      context,
      sheet,
      blockAddress(row + 1 + bodyRows, column, rows - bodyRows, width),
      name,
      `it needs ${(rows - bodyRows).toLocaleString("en-US")} more rows below it`,
    );
  }
  table.resize(blockAddress(row, column, rows + 1, width));
  // Rows the table gave up become plain cells again: emptied, so no stale number stays behind.
  if (rows < bodyRows) sheet.getRange(blockAddress(row + 1 + rows, column, bodyRows - rows, width)).clear();
  await context.sync();
}

/** After a failed write, the totals row and filters the refresh took away come back, if Excel still lets them. */
async function restoreUserSetup(
  context: Excel.RequestContext,
  table: Excel.Table,
  totals: SavedTotals | undefined,
  filters: SavedFilters,
): Promise<void> {
  if (!totals && filters.length === 0) return;
  try {
    if (totals) putTotalsBack(table, totals);
    applyFiltersAgain(table, filters);
    await context.sync();
  } catch {
    // The write's own error is the one to report.
  }
}

/**
 * Writes a refreshed answer into the record's table. The table keeps its name, style, the user's
 * formats of its columns (for numbers), their sort and filter (cleared while the rows are written,
 * then applied again to the new rows), its totals row (under the new rows) and every column the
 * user added right of the query's (their formulas fill the new rows; what they typed stays with
 * its record). A table whose header row is turned off is refused. Cells
 * outside the table are never written: a table that must grow over data fails, saying where.
 */
export async function writeTableRows(record: StoredTableQuery, data: TableData): Promise<WrittenTable> {
  requireExcel();
  return runExcel(async (context) => {
    const table = await findTable(context, record);
    table.load("id, name");
    let shape = await shapeOf(context, table);
    const name = table.name;
    const owned = Math.min(record.columns.length, shape.width);
    // The rows as they were, for the change report: read before a column of the query is added or removed.
    const bodyStart = { sheet: shape.sheet, row: shape.row + 1, column: shape.column };
    const cellsBefore = await readQueryCells(context, { ...bodyStart, rows: shape.bodyRows, columns: owned });
    shape = await matchColumns(context, table, shape, owned, data, name);
    // The query's columns get new headers only when the query changed; a header the user renamed stays.
    const sameColumns =
      record.columns.length === data.columns.length &&
      record.columns.every((key, index) => key === data.columns[index]?.key);
    if (!sameColumns) {
      data.header.forEach((header, index) => {
        if (shape.headers[index] !== header) table.columns.getItemAt(index).name = header;
      });
    }
    // A table keeps at least one data row: blank when the query returned none.
    const rows = data.rows.length > 0 ? data.rows : [data.columns.map(() => "")];
    if (rows.length > shape.bodyRows) {
      // Checked before anything changes; the rows go under the totals row, which moves down.
      const below = blockAddress(shape.row + tableRows(shape), shape.column, rows.length - shape.bodyRows, shape.width);
      await requireEmpty(
        context,
        shape.sheet,
        below,
        name,
        `it needs ${(rows.length - shape.bodyRows).toLocaleString("en-US")} more rows below it`,
      );
    }
    // What the user typed in their own columns follows its record, not its row number.
    const { keyIndexes, keyColumns } = keyColumnsOf(data, record.columns, Math.min(owned, data.columns.length));
    const body = { sheet: shape.sheet, row: shape.row + 1, column: shape.column };
    const keys = cellsBefore.map((cells) => keyColumns.map((column) => cells[column]));
    const typed = await readUserValues(
      context,
      { ...body, rows: shape.bodyRows, keyColumns, firstUserColumn: data.columns.length, width: shape.width },
      keys,
    );
    const filters = await clearFiltersFor(context, table);
    let totals: SavedTotals | undefined;
    try {
      if (shape.totals) totals = await takeTotalsAway(context, table);
      await resizeRows(context, table, { ...shape, totals: false }, rows.length, name);
      const userFormats = data.columns.map((column, index) =>
        sameColumns || record.columns[index] === column.key ? shape.firstRowFormats[index] : undefined,
      );
      await writeBlock(context, shape.sheet, shape.row + 1, shape.column, {
        values: rows,
        formats: dataFormats(rows, data.columns, userFormats),
      });
      await writeUserValues(context, body, typed, rows, keyIndexes);
      if (totals) putTotalsBack(table, totals);
      // The user's sort and filter, applied to the new rows as Excel's own Refresh does: the sort
      // first, since a sort under a filter leaves the hidden rows where they are.
      if (shape.sorted) table.sort.reapply();
      applyFiltersAgain(table, filters);
      await context.sync();
    } catch (error) {
      await restoreUserSetup(context, table, totals, filters);
      throw error;
    }
    return {
      excelId: table.id,
      name: table.name,
      sheet: shape.sheet.name,
      rows: data.rows.length,
      before: rowsReadBack(record.columns.slice(0, owned), cellsBefore),
    };
  });
}
