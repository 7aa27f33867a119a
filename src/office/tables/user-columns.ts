import type { TableCell, TableData } from "../../core/workbook-queries/table-columns";
import { jsonBytes } from "../../core/spill-limit";
import { SYNC_BUDGET_BYTES } from "../workbook";
import { writeBlock } from "./cell-blocks";

/**
 * Values a user typed in columns they added to a query's table (a comment, a flag, an owner)
 * belong to a record, not to a row number: a refresh writes the query's rows in a new order and
 * the sort moves rows again. So those values are read before the write, keyed by the record's
 * group columns (date, country...), and written beside the same record after it; a record no
 * longer in the answer takes its values away with it. Columns of formulas are Excel's own:
 * calculated columns fill every row by themselves.
 */

/** Where the query's columns and the user's are in the table's body. */
export interface BodyLayout {
  sheet: Excel.Worksheet;
  /** The first body row and the table's first column, on the sheet. */
  row: number;
  column: number;
  rows: number;
  /** Table column of each group column of the new answer, as the table holds it before the write. */
  keyColumns: number[];
  /** The user's columns: from `firstUserColumn` to the table's last. */
  firstUserColumn: number;
  width: number;
}

interface MovedColumn {
  /** Its index in the table. */
  index: number;
  /** The values (and formats) of each record, by key, in the order they were in the table. */
  byKey: Map<string, { value: TableCell; format: string }[]>;
  /** The column's format, for rows of records it held nothing for. */
  format: string;
}

export type UserValues = MovedColumn[];

const FIRST_READ_ROWS = 500;
const MAX_READ_ROWS = 20_000;

/** `count` cells of one table column from body row `start`. */
const columnBlock = (layout: BodyLayout, start: number, column: number, count: number): Excel.Range =>
  layout.sheet.getCell(layout.row + start, layout.column + column).getResizedRange(count - 1, 0);
const keyOf = (cells: readonly unknown[]): string => JSON.stringify(cells.map((cell) => String(cell ?? "")));
/** A text typed into a cell formatted as text reads the same as values and as formulas, even "=...". */
const isFormula = (formula: unknown, value: unknown): boolean =>
  typeof formula === "string" && formula.startsWith("=") && formula !== value;

/** Reads `columns` of `layout`'s body (as values, plus formulas and formats for the user's) block by block, within the sync budget. */
async function readBody(
  context: Excel.RequestContext,
  layout: BodyLayout,
  userColumns: number[],
  keysRead?: readonly (readonly unknown[])[],
) {
  const keys: unknown[][] = [];
  const user = userColumns.map(() => ({ values: [] as unknown[], formulas: [] as unknown[], formats: [] as string[] }));
  let heaviestRow = 1;
  for (let start = 0, size = FIRST_READ_ROWS; start < layout.rows;) {
    const count = Math.min(size, layout.rows - start);
    const keyRanges = (keysRead ? [] : layout.keyColumns).map((column) => {
      const range = columnBlock(layout, start, column, count);
      range.load("values");
      return range;
    });
    const userRanges = userColumns.map((column) => {
      const range = columnBlock(layout, start, column, count);
      range.load("values, formulas, numberFormat");
      return range;
    });
    // A sync per block is the point: one read of every row could pass Excel's 5 MB.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    for (let r = 0; r < count; r++) {
      const key = keysRead ? [...(keysRead[start + r] ?? [])] : keyRanges.map((range) => range.values[r]?.[0]);
      keys.push(key);
      let bytes = jsonBytes(key);
      userRanges.forEach((range, c) => {
        const into = user[c]!;
        into.values.push(range.values[r]?.[0]);
        into.formulas.push(range.formulas[r]?.[0]);
        into.formats.push(String(range.numberFormat[r]?.[0] ?? "General"));
        bytes += 3 * jsonBytes(range.formulas[r]?.[0]) + jsonBytes(range.numberFormat[r]?.[0]);
      });
      heaviestRow = Math.max(heaviestRow, bytes);
    }
    start += count;
    size = Math.max(1, Math.min(MAX_READ_ROWS, Math.floor(SYNC_BUDGET_BYTES / (heaviestRow * 2))));
  }
  return { keys, user };
}

/**
 * The values of the user's typed-in columns, by record, read before the refresh writes: none when
 * the table has no such column (a column whose first cell holds a formula is a column of formulas).
 * `keys`, when the caller already read the key columns (one array per body row), are not read again.
 */
export async function readUserValues(
  context: Excel.RequestContext,
  layout: BodyLayout,
  keys?: readonly (readonly unknown[])[],
): Promise<UserValues> {
  if (layout.firstUserColumn >= layout.width || layout.keyColumns.length === 0) return [];
  const firstRow = layout.sheet
    .getCell(layout.row, layout.column + layout.firstUserColumn)
    .getResizedRange(0, layout.width - layout.firstUserColumn - 1);
  firstRow.load("formulas, values");
  await context.sync();
  const values = firstRow.values[0] ?? [];
  const candidates = (firstRow.formulas[0] ?? []).flatMap((cell, offset) =>
    isFormula(cell, values[offset]) ? [] : [layout.firstUserColumn + offset],
  );
  if (candidates.length === 0) return [];
  const { keys: keyCells, user } = await readBody(context, layout, candidates, keys);
  return candidates.flatMap((index, c): MovedColumn[] => {
    const read = user[c]!;
    if (
      read.formulas.some((formula, r) => isFormula(formula, read.values[r])) ||
      read.values.every((value) => value === "" || value === null || value === undefined)
    )
      return [];
    const byKey = new Map<string, { value: TableCell; format: string }[]>();
    keyCells.forEach((key, r) => {
      const id = keyOf(key);
      const list = byKey.get(id) ?? [];
      list.push({ value: read.values[r] as TableCell, format: read.formats[r]! });
      byKey.set(id, list);
    });
    return [{ index, byKey, format: read.formats[0] ?? "General" }];
  });
}

/**
 * Writes each saved value beside the record it was typed for, in the rows the refresh wrote
 * (`rows`, in `data`'s columns; `keyIndexes` are the group columns in them). Returns the syncs taken.
 */
export async function writeUserValues(
  context: Excel.RequestContext,
  layout: Pick<BodyLayout, "sheet" | "row" | "column">,
  saved: UserValues,
  rows: readonly (readonly TableCell[])[],
  keyIndexes: readonly number[],
): Promise<number> {
  let syncs = 0;
  for (const column of saved) {
    // Each record takes its own values, in order, when the answer has the same record twice.
    const left = new Map([...column.byKey].map(([key, list]) => [key, [...list]]));
    const cells = rows.map(
      (row) => left.get(keyOf(keyIndexes.map((index) => row[index])))?.shift() ?? { value: "", format: column.format },
    );
    syncs += await writeBlock(context, layout.sheet, layout.row, layout.column + column.index, {
      values: cells.map((cell) => [cell.value]),
      formats: cells.map((cell) => [cell.format]),
    });
  }
  return syncs;
}

/**
 * The group columns the new answer (`data`) shares with the table as it is (`recordColumns`, of
 * which the first `kept` are still in place): their indexes in the answer, and in the table.
 */
export function keyColumnsOf(
  data: TableData,
  recordColumns: readonly string[],
  kept: number,
): { keyIndexes: number[]; keyColumns: number[] } {
  const shared = data.columns.flatMap((column, index) => {
    const before = recordColumns.indexOf(column.key);
    return !column.isMetric && before >= 0 && before < kept ? [[index, before] as const] : [];
  });
  return { keyIndexes: shared.map(([index]) => index), keyColumns: shared.map(([, before]) => before) };
}
