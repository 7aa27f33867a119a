import type { TableCell, TableColumn } from "../workbook-queries/table-columns";
import { isExcelDateSerial, isoDateFromExcelSerial } from "../excel-dates";
import { changeLine, moveText } from "./change-line";
import { keyText } from "./frozen-check-text";
import { streamedDiff } from "./streamed-diff";
import { largestMoves, movedBeyond, type MetricChange, type MetricValues, type TableChanges } from "./table-changes";

/**
 * The change report of a table whose rows stream past (the headless refresh): the old rows as
 * the sheet is read, the new ones as they are written. Rows are compared as they arrive
 * (streamed-diff.ts): the run keeps each old row's group values and metric numbers, compactly,
 * and of the new rows only the counts, the totals and the 10 largest moves (what the run log
 * writes), never every row of both sides.
 */

/** How many moves a table's run log line lists. */
export const LOGGED_MOVES = 10;

export interface RowCollector {
  /** How many old rows will come: room is made for them at once. */
  expectRows(count: number): void;
  before(values: readonly (TableCell | undefined)[]): void;
  after(values: readonly TableCell[]): void;
  /** The report over every row heard so far; `moves` holds the largest 10 only. */
  changes(): TableChanges;
}

/** Group columns and the metrics the service reports are compared; comparison columns are derived, not compared. */
export function rowCollector(columns: readonly Pick<TableColumn, "key" | "isMetric">[]): RowCollector {
  return streamedDiff(columns, LOGGED_MOVES);
}

/** One move as the run log writes it: group values by column (dates as 2026-06-03), each metric before and after. */
export interface LoggedMove {
  group: Record<string, TableCell>;
  /** In words: "2026-06-03 · FR: Revenues 120.00 → 80.50, -39.50". */
  text: string;
  change: "added" | "removed" | "changed";
  before?: MetricValues;
  after?: MetricValues;
}

/** A table's change report in the run log's JSON line. */
export interface LoggedChanges {
  /** The one line the Queries tab shows: "Revenues 123,456.78 → 124,001.02, +544.24 (+0.44 %); 37 rows changed". */
  line: string;
  rowsAdded: number;
  rowsRemoved: number;
  rowsChanged: number;
  /** False when the group columns changed since the last refresh: totals compare, rows do not. */
  rowsMatched: boolean;
  totals: MetricChange[];
  /** The LOGGED_MOVES (10) largest moves by revenue. */
  largestMoves: LoggedMove[];
  /** Revenue moved more than `thresholdPercent`. */
  flagged: boolean;
  thresholdPercent: number;
}

/** A table's group column, as a logged move names it. */
export interface GroupColumn {
  key: string;
  isDate: boolean;
}

const groupValue = (cell: TableCell, column: GroupColumn): TableCell =>
  column.isDate && typeof cell === "number" && isExcelDateSerial(cell) ? isoDateFromExcelSerial(cell) : cell;

export function loggedChanges(
  changes: TableChanges,
  groups: readonly GroupColumn[],
  thresholdPercent: number,
): LoggedChanges {
  const dates = groups.map((group) => group.isDate);
  const metric = changes.totals.some((total) => total.metric === "revenues") ? "revenues" : changes.totals[0]?.metric;
  return {
    line: changeLine(changes),
    rowsAdded: changes.added,
    rowsRemoved: changes.removed,
    rowsChanged: changes.changed,
    rowsMatched: changes.matched,
    totals: changes.totals,
    largestMoves: largestMoves(changes, LOGGED_MOVES).map((move) => ({
      group: Object.fromEntries(groups.map((group, index) => [group.key, groupValue(move.key[index] ?? "", group)])),
      text: metric === undefined ? keyText(move.key, dates) : moveText(move, keyText(move.key, dates), metric),
      change: move.change,
      ...(move.before ? { before: move.before } : {}),
      ...(move.after ? { after: move.after } : {}),
    })),
    flagged: movedBeyond(changes, thresholdPercent),
    thresholdPercent,
  };
}

/** The group columns of a table, in order: the keys of a logged move's `group`. */
export const groupColumnsOf = (columns: readonly Pick<TableColumn, "key" | "isMetric" | "kind">[]): GroupColumn[] =>
  columns
    .filter((column) => !column.isMetric)
    .map((column) => ({ key: String(column.key), isDate: column.kind === "date" }));
