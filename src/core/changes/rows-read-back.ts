import { GROUPS } from "../../api";
import type { TableCell } from "../workbook-queries/table-columns";
import type { TableRows } from "./table-changes";

/**
 * The rows a table held before a refresh, as Excel gives them back: the query's columns only (the
 * first ones, which the record names), dates as serials and numbers as numbers, the way the new
 * rows are written, so that like is compared with like.
 */

const isGroup = (key: string) => (GROUPS as readonly string[]).includes(key);

/** The columns of the table's query as its record names them: a group is matched on, anything else is a figure. */
export function recordedColumns(keys: readonly string[]): TableRows["columns"] {
  return keys.map((key) => ({ key: key as TableRows["columns"][number]["key"], isMetric: !isGroup(key) }));
}

const isBlank = (cell: unknown) => cell === "" || cell === null || cell === undefined;

/**
 * `cells` (one array per body row, the query's columns) as rows to compare. A table keeps one
 * blank row when its query had none: a row with nothing in it is no row of the answer.
 */
export function rowsReadBack(keys: readonly string[], cells: readonly (readonly unknown[])[]): TableRows {
  const rows = cells
    .filter((row) => !row.every(isBlank))
    .map((row) => row.map((cell): TableCell => (isBlank(cell) ? "" : (cell as TableCell))));
  return { columns: recordedColumns(keys), rows };
}
