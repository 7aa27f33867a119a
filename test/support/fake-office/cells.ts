/**
 * What each cell of the fake workbook holds, and the number format in force in it, by sheet id:
 * written, cleared and moved as Excel does when a table inserts or deletes cells.
 */
import { letters, WHOLE_SHEET, type Box } from "./addresses";
import { FORMULA_START, readsAsFormula } from "./limits";
import type { FakeOfficeState, FakeSavedWorkbook, FakeSheet } from "./types";

// What a cell holds: the value, the formula (none for a constant) and, for a custom function's
// result, the value as valuesAsJson gives it.
export interface CellData {
  value: unknown;
  formula?: string;
  json?: unknown;
}

export type CellStore = ReturnType<typeof createCellStore>;

/** Columns in a sheet (Excel's XFD is the 16,384th): a cell's place is row × COLUMNS + column. */
const COLUMNS = WHOLE_SHEET.columns;

export function createCellStore(state: FakeOfficeState) {
  // The number format in force, per sheet id, column and row; "General" where none was set.
  const formats = new Map<string, Map<number, string[]>>();
  /** The format set in a cell, undefined where none was. */
  const formatSetAt = (sheetId: string, row: number, column: number): string | undefined =>
    formats.get(sheetId)?.get(column)?.[row];
  const formatAt = (sheetId: string, row: number, column: number) => formatSetAt(sheetId, row, column) ?? "General";
  const setFormat = (sheetId: string, row: number, column: number, format: string) => {
    let columns = formats.get(sheetId);
    if (!columns) formats.set(sheetId, (columns = new Map()));
    let rows = columns.get(column);
    if (!rows) columns.set(column, (rows = []));
    rows[row] = format;
  };
  // Formats are unset by assignment, not `delete`, which would make a long array slow to use.
  const unsetFormat = (sheetId: string, row: number, column: number) => {
    const rows = formats.get(sheetId)?.get(column);
    if (rows && row < rows.length) rows[row] = undefined as unknown as string;
  };

  // Cells per sheet id and place, the place a number (row × COLUMNS + column): the browser tests
  // read and write every cell of a 100,000-row table many times, and a "row,column" text made
  // for each lookup was the fake's largest cost there.
  const cells = new Map<string, Map<number, CellData>>();
  const placeOf = (row: number, column: number) => row * COLUMNS + column;
  const cellAt = (sheetId: string, row: number, column: number) => cells.get(sheetId)?.get(placeOf(row, column));
  const setCell = (sheetId: string, row: number, column: number, data: CellData) => {
    // A place outside the sheet would land on another cell's number: a fault of the fake, said so.
    if (!(row >= 0 && row < WHOLE_SHEET.rows && column >= 0 && column < COLUMNS))
      throw new Error(`the fake has no cell at row ${row}, column ${column}`);
    let sheetCells = cells.get(sheetId);
    if (!sheetCells) cells.set(sheetId, (sheetCells = new Map()));
    sheetCells.set(placeOf(row, column), data);
  };
  const deleteCell = (sheetId: string, row: number, column: number) => cells.get(sheetId)?.delete(placeOf(row, column));
  // The walks below run over every cell of a 100,000-row table at each Queries listing: a callback,
  // not a generator yielding a new tuple per cell, which made them twice as slow as the old fake's
  // loops (and the Queries view's listing time out under load).
  /** Calls `visit` with each cell holding something on a sheet, and its place. */
  const forEachCell = (sheetId: string, visit: (row: number, column: number, data: CellData) => void) => {
    for (const [place, data] of cells.get(sheetId) ?? []) {
      const row = Math.floor(place / COLUMNS);
      visit(row, place - row * COLUMNS, data);
    }
  };
  /** Calls `visit` with each format set on a sheet, and its place (forEach skips the rows never set). */
  const forEachFormat = (sheetId: string, visit: (row: number, column: number, format: string) => void) => {
    for (const [column, rows] of formats.get(sheetId) ?? [])
      rows.forEach((format, row) => format !== undefined && visit(row, column, format));
  };

  // A null in a written array leaves its cell as it is, as in Excel.
  const storeWrite = (kind: string, box: Box, copy: unknown[][], inForce?: string[][]) =>
    copy.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell === null || cell === undefined) return;
        const isFormula =
          typeof cell === "string" && FORMULA_START.test(cell) && (kind === "formulas" || inForce?.[r]?.[c] !== "@");
        setCell(
          box.sheet.id,
          box.row + r,
          box.column + c,
          isFormula ? { value: "", formula: cell as string } : { value: cell },
        );
      }),
    );

  // ---- one cell at a time, as the tables use them ----
  const valueAt = (sheet: FakeSheet, row: number, column: number): unknown =>
    cellAt(sheet.id, row, column)?.value ?? "";
  const formulaAt = (sheet: FakeSheet, row: number, column: number): string | null =>
    cellAt(sheet.id, row, column)?.formula ?? null;
  const isEmptyCell = (sheet: FakeSheet, row: number, column: number) =>
    formulaAt(sheet, row, column) === null && valueAt(sheet, row, column) === "";
  /** One value as Range.values writes it (null: unchanged), with the same check of texts read as formulas. */
  const writeValue = (sheet: FakeSheet, row: number, column: number, value: unknown) => {
    if (value === null || value === undefined) return;
    const format = formatAt(sheet.id, row, column);
    if (readsAsFormula(value, format)) {
      state.formulaLike.push({
        target: `${sheet.name}!${letters(column)}${row + 1}`,
        text: value,
        numberFormat: format,
      });
      setCell(sheet.id, row, column, { value: "", formula: value });
      return;
    }
    setCell(sheet.id, row, column, { value });
  };
  const writeFormula = (sheet: FakeSheet, row: number, column: number, formula: string) =>
    setCell(sheet.id, row, column, { value: "", formula });
  const clearCell = (sheet: FakeSheet, row: number, column: number) => {
    deleteCell(sheet.id, row, column);
    unsetFormat(sheet.id, row, column);
  };
  /** Moves every cell (content and format) of `inside` by `down` rows and `right` columns; what they leave is empty. */
  const moveCells = (
    sheet: FakeSheet,
    inside: (row: number, column: number) => boolean,
    down: number,
    right: number,
  ) => {
    const moved: [number, number, CellData | undefined, string | undefined][] = [];
    forEachCell(sheet.id, (row, column, data) => inside(row, column) && moved.push([row, column, data, undefined]));
    forEachFormat(
      sheet.id,
      (row, column, format) => inside(row, column) && moved.push([row, column, undefined, format]),
    );
    for (const [row, column, data, format] of moved) {
      if (data) deleteCell(sheet.id, row, column);
      if (format !== undefined) unsetFormat(sheet.id, row, column);
    }
    for (const [row, column, data, format] of moved) {
      if (data) setCell(sheet.id, row + down, column + right, data);
      if (format !== undefined) setFormat(sheet.id, row + down, column + right, format);
    }
  };
  /** The bounding box of the non-empty cells of `within` (formats count unless valuesOnly), or null. */
  const usedBox = (within: Box, valuesOnly: boolean): Box | null => {
    let top = Infinity;
    let bottom = -1;
    let left = Infinity;
    let right = -1;
    const take = (row: number, column: number) => {
      if (
        row < within.row ||
        row >= within.row + within.rows ||
        column < within.column ||
        column >= within.column + within.columns
      )
        return;
      top = Math.min(top, row);
      bottom = Math.max(bottom, row);
      left = Math.min(left, column);
      right = Math.max(right, column);
    };
    forEachCell(within.sheet.id, (row, column, data) => {
      if (data.formula !== undefined || (data.value !== "" && data.value !== null && data.value !== undefined))
        take(row, column);
    });
    if (!valuesOnly) forEachFormat(within.sheet.id, take);
    return bottom < 0
      ? null
      : { sheet: within.sheet, row: top, column: left, rows: bottom - top + 1, columns: right - left + 1 };
  };

  /** The cells and formats as a saved file keeps them. */
  const save = (): Pick<FakeSavedWorkbook, "cells" | "formats"> => ({
    cells: [...cells.keys()].map((sheetId) => {
      const entries: [string, CellData][] = [];
      forEachCell(sheetId, (row, column, data) => entries.push([`${row},${column}`, data]));
      return [sheetId, entries];
    }),
    formats: [...formats].map(([sheetId, columns]) => [
      sheetId,
      [...columns].map(([column, rows]) => [column, Array.from(rows, (format) => format ?? null)]),
    ]),
  });
  /** The cells and formats of a saved file, opened again. */
  const open = (saved: Pick<FakeSavedWorkbook, "cells" | "formats">) => {
    for (const [sheetId, entries] of saved.cells) {
      for (const [key, data] of entries) {
        const [row, column] = key.split(",").map(Number) as [number, number];
        setCell(sheetId, row, column, data);
      }
    }
    for (const [sheetId, columns] of saved.formats) {
      formats.set(
        sheetId,
        new Map(columns.map(([column, rows]) => [column, rows.map((format) => format ?? undefined) as string[]])),
      );
    }
  };

  return {
    formatSetAt,
    formatAt,
    setFormat,
    unsetFormat,
    cellAt,
    setCell,
    deleteCell,
    forEachCell,
    forEachFormat,
    storeWrite,
    valueAt,
    formulaAt,
    isEmptyCell,
    writeValue,
    writeFormula,
    clearCell,
    moveCells,
    usedBox,
    save,
    open,
  };
}
