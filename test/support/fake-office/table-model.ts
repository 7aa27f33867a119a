/**
 * What a table does to its cells, as Excel does it: where its parts are, its calculated columns,
 * sorting and filtering in place, showing or hiding its header and totals rows, growing when a
 * user writes next to it, and misplacing values written over rows a filter hides.
 */
import { addressOf, type Box } from "./addresses";
import { richApiError } from "./excel-errors";
import { isNameSyntax } from "./limits";
import { definedName, sheetById } from "./lookups";
import type { ModelContext } from "./model-context";
import { bodyRowsOf, compareCells, hasHeaders, hasTotals, totalsRow, uniqueHeaders } from "./table-facts";
import type { FakeTable } from "./types";

export type TableModel = ReturnType<typeof createTableModel>;

export function createTableModel(ctx: ModelContext) {
  const { workbook, cells } = ctx;
  const sheetOf = (table: FakeTable) => sheetById(workbook, table.sheetId);

  // ---- a table's parts as Excel gives them: getRange() is header (when shown), body and totals row (when shown) ----
  const tableBox = (table: FakeTable): Box => {
    const hidden = hasHeaders(table) ? 0 : 1;
    return {
      sheet: sheetOf(table),
      row: table.row + hidden,
      column: table.column,
      rows: table.rows - hidden,
      columns: table.columns.length,
    };
  };
  const bodyBox = (table: FakeTable): Box => ({ ...tableBox(table), row: table.row + 1, rows: bodyRowsOf(table) });
  /** What a table's AutoFilter covers: the header row and the body, without the totals row. */
  const filterBox = (table: FakeTable): Box => ({
    ...tableBox(table),
    rows: tableBox(table).rows - (hasTotals(table) ? 1 : 0),
  });
  /** A hidden header or totals row has no range: Excel answers such a request with an error. */
  const shownRow = (table: FakeTable, part: "header" | "totals"): Box => {
    if (part === "header" ? !hasHeaders(table) : !hasTotals(table)) {
      throw richApiError(
        "InvalidArgument",
        `fake Excel: the table ${table.name} does not show its ${part === "header" ? "header row" : "total row"}`,
      );
    }
    return { ...tableBox(table), row: part === "header" ? table.row : totalsRow(table), rows: 1 };
  };
  const checkTableName = (name: string, except?: FakeTable) => {
    const taken =
      workbook.tables.some((table) => table !== except && table.name.toLowerCase() === name.toLowerCase()) ||
      workbook.pivots.some((pivot) => pivot.name.toLowerCase() === name.toLowerCase()) ||
      definedName(workbook, name) !== undefined;
    if (!isNameSyntax(name) || taken)
      throw richApiError("InvalidArgument", `fake Excel: ${name} is not a valid, free table name`);
  };
  /** The formula every body cell of a table column shares: Excel's calculated column, filled into new rows. */
  const calculatedFormula = (table: FakeTable, index: number, bodyRows = bodyRowsOf(table)): string | null => {
    const sheet = sheetOf(table);
    let shared: string | null = null;
    for (let row = table.row + 1; row <= table.row + bodyRows; row++) {
      const formula = cells.formulaAt(sheet, row, table.column + index);
      if (formula === null || (shared !== null && formula !== shared)) return null;
      shared = formula;
    }
    return shared;
  };
  /** Like Excel, a sort while a filter hides rows sorts the visible rows among themselves: hidden rows stay where they are. */
  const sortTable = (table: FakeTable) => {
    if (table.sortFields.length === 0) return;
    const sheet = sheetOf(table);
    const width = table.columns.length;
    const hidden = new Set(table.hiddenRows);
    const visible = Array.from({ length: bodyRowsOf(table) }, (_, index) => index).filter(
      (index) => !hidden.has(index),
    );
    const rows = visible.map((index) =>
      Array.from({ length: width }, (_, c) => ({
        data: cells.cellAt(sheet.id, table.row + 1 + index, table.column + c),
        format: cells.formatSetAt(sheet.id, table.row + 1 + index, table.column + c),
      })),
    );
    rows.sort((x, y) => {
      for (const field of table.sortFields) {
        const order = compareCells(x[field.key]?.data?.value ?? "", y[field.key]?.data?.value ?? "");
        if (order !== 0) return field.ascending ? order : -order;
      }
      return 0;
    });
    rows.forEach((row, index) =>
      row.forEach((cell, c) => {
        const at = table.row + 1 + visible[index]!;
        if (cell.data) cells.setCell(sheet.id, at, table.column + c, cell.data);
        else cells.deleteCell(sheet.id, at, table.column + c);
        if (cell.format !== undefined) cells.setFormat(sheet.id, at, table.column + c, cell.format);
        else cells.unsetFormat(sheet.id, at, table.column + c);
      }),
    );
  };
  const filterTable = (table: FakeTable) => {
    const sheet = sheetOf(table);
    table.hiddenRows = [];
    for (let index = 0; index < bodyRowsOf(table); index++) {
      const row = table.row + 1 + index;
      const hidden = Object.entries(table.filters).some(([column, criteria]) => {
        const values = (criteria as { values?: unknown[] }).values;
        return (
          Array.isArray(values) &&
          !values.map(String).includes(String(cells.valueAt(sheet, row, table.column + Number(column))))
        );
      });
      if (hidden) table.hiddenRows.push(index);
    }
  };
  const writeHeaders = (table: FakeTable) => {
    if (!hasHeaders(table)) return;
    const sheet = sheetOf(table);
    table.columns.forEach((name, c) => {
      cells.setFormat(sheet.id, table.row, table.column + c, "@");
      cells.writeValue(sheet, table.row, table.column + c, name);
    });
  };
  /**
   * Total Row ticked or unticked. Shown, it takes the row under the body (pushing down what is
   * there, in the table's columns) and holds what it held when last hidden, or, the first time,
   * "Total" and a SUBTOTAL of the last column, as Excel does; hidden, its cells are emptied.
   */
  const showTotalRow = (table: FakeTable, show: boolean) => {
    if (show === hasTotals(table)) return;
    const sheet = sheetOf(table);
    const width = table.columns.length;
    const inColumns = (column: number) => column >= table.column && column < table.column + width;
    if (show) {
      const row = table.row + table.rows;
      if (table.columns.some((_, c) => !cells.isEmptyCell(sheet, row, table.column + c)))
        cells.moveCells(sheet, (r, column) => r >= row && inColumns(column), 1, 0);
      table.showTotals = true;
      table.rows += 1;
      const first = table.columns.map((name, c) =>
        c === 0
          ? { value: "Total" }
          : c === width - 1
            ? { value: "", formula: `=SUBTOTAL(109,[${name}])` }
            : { value: "" },
      );
      (table.totalsMemory ?? first).slice(0, width).forEach((cell, c) => {
        if (cell.formula) cells.writeFormula(sheet, row, table.column + c, cell.formula);
        else if (cell.value !== "") cells.writeValue(sheet, row, table.column + c, cell.value);
      });
    } else {
      const row = totalsRow(table);
      table.totalsMemory = table.columns.map((_, c) => {
        const formula = cells.formulaAt(sheet, row, table.column + c);
        return { value: cells.valueAt(sheet, row, table.column + c), ...(formula ? { formula } : {}) };
      });
      for (let c = 0; c < width; c++) cells.clearCell(sheet, row, table.column + c);
      table.showTotals = false;
      table.rows -= 1;
    }
  };
  /** Header Row unticked: the header cells are emptied and the table starts at its first data row; ticked, the names come back above it. */
  const showHeaderRow = (table: FakeTable, show: boolean) => {
    if (show === hasHeaders(table)) return;
    const sheet = sheetOf(table);
    table.showHeaders = show;
    if (show) writeHeaders(table);
    else for (let c = 0; c < table.columns.length; c++) cells.clearCell(sheet, table.row, table.column + c);
  };

  /**
   * Excel's misplacement of values written while an AutoFilter hides rows (office-js #224, a
   * product bug): the array's rows land on the visible rows of the range, one after the other;
   * hidden rows keep what they held and the array's last rows are lost. Null cells are left as is.
   * A single row is written where it was asked, hidden or not.
   */
  const pastFilters = (box: Box, copy: unknown[][]): unknown[][] => {
    if (box.rows < 2) return copy;
    const hidden = new Set<number>();
    for (const table of workbook.tables) {
      if (table.sheetId !== box.sheet.id) continue;
      for (const index of table.hiddenRows) hidden.add(table.row + 1 + index);
    }
    if (!copy.some((_, r) => hidden.has(box.row + r))) return copy;
    let next = 0;
    return copy.map((row, r) =>
      hidden.has(box.row + r) ? row.map(() => null) : (copy[next++] ?? row.map(() => null)),
    );
  };

  /**
   * Excel's automatic table expansion (AutoCorrect's "Include new rows and columns in table", on
   * by default; AutoCorrect applies to add-ins' writes too, office-js #6745): a value or formula
   * written in the row right under a table's last data row joins the table as a new row (a
   * totals row stops it), one written right of its last column joins it as a new column.
   */
  const autoExpand = (box: Box, copy: unknown[][]) => {
    const written = (row: number, column: number) => {
      const cell = copy[row - box.row]?.[column - box.column];
      return cell !== null && cell !== undefined && cell !== "";
    };
    for (const table of workbook.tables) {
      if (table.sheetId !== box.sheet.id) continue;
      const sheet = box.sheet;
      for (
        let under = table.row + table.rows;
        !hasTotals(table) && table.columns.some((_, c) => written(under, table.column + c));
        under++
      ) {
        const calculated = table.columns.map((_, c) => calculatedFormula(table, c));
        table.rows += 1;
        calculated.forEach(
          (formula, c) =>
            formula &&
            cells.isEmptyCell(sheet, under, table.column + c) &&
            cells.writeFormula(sheet, under, table.column + c, formula),
        );
        ctx.recorder.commit({ kind: "tableAutoExpand", target: table.name, value: addressOf(tableBox(table)) });
      }
      for (let right = table.column + table.columns.length; ; right++) {
        const whole = tableBox(table);
        if (!Array.from({ length: whole.rows }, (_, r) => written(whole.row + r, right)).some(Boolean)) break;
        table.columns = uniqueHeaders([
          ...table.columns,
          hasHeaders(table) ? String(cells.valueAt(sheet, table.row, right)) : "",
        ]);
        writeHeaders(table);
        ctx.recorder.commit({ kind: "tableAutoExpand", target: table.name, value: addressOf(tableBox(table)) });
      }
    }
  };

  return {
    tableBox,
    bodyBox,
    filterBox,
    shownRow,
    checkTableName,
    calculatedFormula,
    sortTable,
    filterTable,
    writeHeaders,
    showTotalRow,
    showHeaderRow,
    pastFilters,
    autoExpand,
  };
}
