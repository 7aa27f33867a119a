import { summaryOf } from "../changes/change-summary";
import { REFRESH_LOG_HEADERS, REFRESH_LOG_TABLE, refreshLogRow } from "../changes/refresh-log";
import type { TableChanges } from "../changes/table-changes";
import type { StoredTableQuery } from "../workbook-queries/stored-query";
import type { TableCell } from "../workbook-queries/table-columns";
import { blockText, columnLetters, parseBlock, type CellBlock } from "./cell-address";
import { createRefreshLog, LogCreationRefused } from "./refresh-log-create";
import { growDimension, holdsData, type SheetCell } from "./sheet-cells";
import { rewriteSheet, visitBlock, type NewCell } from "./sheet-stream";
import { formulaOnly, updateTablePart, valueCellText } from "./table-rewrite";
import { tablesOf, type TableInfo, type WorkbookPackage } from "./workbook-package";
import type { RefreshedExtent } from "./workbook-recalc";

/**
 * The headless refresh's rows of the workbook's Refresh log (src/core/changes/refresh-log.ts):
 * one per table it refreshed, appended below the RefreshLog table's last row as the pane appends
 * them (each value under the column of its header, blank under a column of the user's, in the
 * style the column's last row has), the table and its filter grown, a totals row moved below the
 * new rows. The rows already there are copied as written, never rewritten. The log is made when
 * the file has none. Growing over cells that hold data is refused: that log only, the tables
 * stay refreshed.
 */

export type RefreshLogOutcome =
  | { state: "appended"; rows: number; sheet: string; created: boolean }
  | { state: "refused"; reason: string }
  | { state: "none" };

export interface RefreshLogAppend {
  outcome: RefreshLogOutcome;
  /** The cells written on the log's sheet, for the calculation chain (absent when the log was made). */
  extent?: RefreshedExtent;
}

/** The record as saved, with the change summary of the rows the refresh compared (as the pane saves it). */
export function withObservedChanges(record: StoredTableQuery, changes: TableChanges | undefined): StoredTableQuery {
  if (!changes || !record.lastRefresh) return record;
  return { ...record, lastRefresh: { ...record.lastRefresh, changes: summaryOf(changes) } };
}

const refused = (reason: string): RefreshLogAppend => ({ outcome: { state: "refused", reason } });

function logTable(pkg: WorkbookPackage): TableInfo | undefined {
  const name = REFRESH_LOG_TABLE.toLowerCase();
  return tablesOf(pkg).find((table) => table.displayName.toLowerCase() === name || table.name.toLowerCase() === name);
}

/** Appends one row per record (each refreshed and saved) to the workbook's Refresh log, making it the first time. */
export function appendRefreshLog(pkg: WorkbookPackage, records: readonly StoredTableQuery[]): RefreshLogAppend {
  const rows = records.flatMap((record) => {
    const row = refreshLogRow(record);
    return row ? [row] : [];
  });
  if (rows.length === 0) return { outcome: { state: "none" } };
  const table = logTable(pkg);
  if (!table) {
    try {
      const { sheet } = createRefreshLog(pkg, rows);
      return { outcome: { state: "appended", rows: rows.length, sheet, created: true } };
    } catch (error) {
      if (error instanceof LogCreationRefused) return refused(error.message);
      throw error;
    }
  }
  return appendRows(pkg, table, rows);
}

function appendRows(pkg: WorkbookPackage, table: TableInfo, rows: readonly (readonly TableCell[])[]): RefreshLogAppend {
  const sheet = table.sheet.name;
  const block = parseBlock(table.ref);
  if (!block || table.headerRows !== 1) {
    return refused(
      `The Refresh log on the sheet ${sheet} was not added to: its table's header row is off or its address could not be read. Open the workbook in Excel, check the ${REFRESH_LOG_TABLE} table (Table Design tab), save, then refresh again.`,
    );
  }
  const totals = table.totalsRows > 0 ? 1 : 0;
  const lastBody = block.bottom - totals;
  const firstNew = lastBody + 1;
  const newBottom = block.bottom + rows.length;
  const ours = new Map(REFRESH_LOG_HEADERS.map((name, index) => [name.toLowerCase(), index]));
  const width = block.right - block.left + 1;
  const source = pkg.source(table.sheet.path);

  let styles: (string | undefined)[] = [];
  let totalsCells = new Map<number, SheetCell>();
  const blocking: SheetCell[] = [];
  visitBlock(source(), { ...block, top: lastBody, bottom: newBottom }, (row, cells) => {
    if (row === lastBody && lastBody > block.top)
      styles = Array.from({ length: width }, (_, column) => cells.get(block.left + column)?.attribute("s"));
    if (totals && row === block.bottom) totalsCells = cells;
    if (row > block.bottom) for (const cell of cells.values()) if (holdsData(cell)) blocking.push(cell);
  });
  if (blocking.length > 0) {
    const where = blocking.map((cell) => `${columnLetters(cell.column)}${cell.row + 1}`);
    return refused(
      `The Refresh log on the sheet ${sheet} was not added to: it needs ${rows.length === 1 ? "1 more row" : `${rows.length} more rows`} below its table, but ${where.slice(0, 5).join(", ")}${where.length > 5 ? "..." : ""} ${where.length === 1 ? "holds" : "hold"} data that the refresh will not overwrite. Move that data away from the ${REFRESH_LOG_TABLE} table and save: later refreshes then add their rows (this one's is not recorded). The tables themselves were refreshed.`,
    );
  }

  const columnOf = table.columns.map((column) => ours.get(column.name.toLowerCase()));
  const letters = Array.from({ length: width }, (_, column) => columnLetters(block.left + column));
  const cellsOfRow = (row: number): NewCell[] => {
    if (row < firstNew + rows.length) {
      const values = rows[row - firstNew]!;
      return letters.flatMap((letter, column) => {
        const at = columnOf[column];
        const text = valueCellText(`${letter}${row + 1}`, at === undefined ? "" : (values[at] ?? ""), styles[column]);
        return text ? [{ column: block.left + column, text }] : [];
      });
    }
    return [...totalsCells.values()]
      .map((cell) => ({ column: cell.column, text: formulaOnly(cell, row) }))
      .sort((a, b) => a.column - b.column);
  };
  const grown: CellBlock = { ...block, bottom: newBottom };
  const touched: CellBlock = { ...block, top: firstNew, bottom: newBottom };
  const dimension = (head: string) =>
    growDimension(head, grown, (ref, wanted) => {
      const current = parseBlock(ref);
      return current
        ? blockText({
            top: Math.min(current.top, wanted.top),
            left: Math.min(current.left, wanted.left),
            bottom: Math.max(current.bottom, wanted.bottom),
            right: Math.max(current.right, wanted.right),
          })
        : ref;
    });
  pkg.replace(table.sheet.path, () => rewriteSheet(source(), touched, cellsOfRow, dimension));
  updateTablePart(pkg, table, grown, totals);
  return {
    outcome: { state: "appended", rows: rows.length, sheet, created: false },
    extent: {
      tableName: table.displayName,
      sheetName: sheet,
      sheetId: table.sheet.sheetId,
      oldData: { ...block, bottom: lastBody },
      newData: { ...block, bottom: newBottom - totals },
      touched,
    },
  };
}
