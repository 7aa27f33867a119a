/** Table.rows: rows added under the body (inserting or growing as Excel does) and rows deleted. */
import { richApiError } from "./excel-errors";
import type { FakeContext } from "./fake-context";
import { checkRowWidth } from "./limits";
import { sheetById } from "./lookups";
import { collection, type Any } from "./proxies";
import type { Batch } from "./recording";
import { bodyRowsOf, hasTotals, totalsRow } from "./table-facts";
import type { FakeTable } from "./types";

export function tableRows(ctx: FakeContext, resolveTable: () => FakeTable, batch: Batch): Any {
  const { cells, recorder, tableModel } = ctx;
  const rows = collection(batch, () =>
    Array.from({ length: bodyRowsOf(resolveTable()) }, (_, at) => ({ __fill: () => 0, index: at })),
  );
  rows.add = (index?: number | null, values?: unknown[][] | null) => {
    recorder.queue(
      batch,
      "tableRowsAdd",
      () => resolveTable().name,
      { index, values },
      () => {
        const table = resolveTable();
        if (index !== null && index !== undefined && index >= 0 && index !== bodyRowsOf(table))
          throw new Error("fake Excel: rows are added at the end only");
        const sheet = sheetById(ctx.workbook, table.sheetId);
        const added = values ?? [table.columns.map(() => null)];
        for (const row of added) checkRowWidth(row, table.columns.length);
        // New rows go under the body: a totals row moves down with what is below it.
        const end = totalsRow(table);
        const occupied =
          hasTotals(table) ||
          added.some((_, r) => table.columns.some((_, c) => !cells.isEmptyCell(sheet, end + r, table.column + c)));
        // Like Excel, a table grows into empty cells, and inserts (pushing down what is below) otherwise.
        if (occupied) {
          cells.moveCells(
            sheet,
            (row, column) => row >= end && column >= table.column && column < table.column + table.columns.length,
            added.length,
            0,
          );
        }
        const calculated = table.columns.map((_, c) => tableModel.calculatedFormula(table, c));
        table.rows += added.length;
        added.forEach((row, r) =>
          row.forEach((value, c) => {
            const formula = calculated[c];
            if ((value === null || value === undefined) && formula)
              cells.writeFormula(sheet, end + r, table.column + c, formula);
            else cells.writeValue(sheet, end + r, table.column + c, value);
          }),
        );
        recorder.commit({ kind: "tableRowsAdd", target: table.name, value: added });
      },
    );
  };
  rows.getItemAt = (at: number) => ({
    getRange: () =>
      ctx.proxies.range(() => {
        const table = resolveTable();
        return { ...tableModel.bodyBox(table), row: table.row + 1 + at, rows: 1 };
      }, batch),
    delete: () =>
      recorder.call(batch, at, () => {
        const table = resolveTable();
        if (at >= bodyRowsOf(table)) throw richApiError("ItemNotFound", "fake Excel: no such table row");
        const sheet = sheetById(ctx.workbook, table.sheetId);
        const row = table.row + 1 + at;
        for (let c = 0; c < table.columns.length; c++) cells.clearCell(sheet, row, table.column + c);
        if (bodyRowsOf(table) > 1) {
          // Like Excel, the cells below, in the table's columns, move up.
          cells.moveCells(
            sheet,
            (r, column) => r > row && column >= table.column && column < table.column + table.columns.length,
            -1,
            0,
          );
          table.rows -= 1;
        }
        recorder.commit({ kind: "tableRowDelete", target: table.name, value: at });
      }),
  });
  return rows;
}
