/** Table.columns: each column's ranges, name and deletion, and columns added as Excel adds them. */
import type { Box } from "./addresses";
import { richApiError } from "./excel-errors";
import type { FakeContext } from "./fake-context";
import { sheetById } from "./lookups";
import { collection, loadable, once, type Any } from "./proxies";
import type { Batch } from "./recording";
import { uniqueHeaders } from "./table-facts";
import type { FakeTable } from "./types";

export function tableColumns(ctx: FakeContext, resolveTable: () => FakeTable, batch: Batch): Any {
  const { cells, recorder, tableModel } = ctx;
  const rangeOfTable = (part: (table: FakeTable) => Box) => ctx.proxies.range(() => part(resolveTable()), batch);
  const columnProxy = (locate: () => number): Any => {
    const index = once(locate);
    const proxy: Any = {
      getDataBodyRange: () =>
        rangeOfTable((table) => ({ ...tableModel.bodyBox(table), column: table.column + index(), columns: 1 })),
      getHeaderRowRange: () =>
        rangeOfTable((table) => ({
          ...tableModel.shownRow(table, "header"),
          column: table.column + index(),
          columns: 1,
        })),
      getTotalRowRange: () =>
        rangeOfTable((table) => ({
          ...tableModel.shownRow(table, "totals"),
          column: table.column + index(),
          columns: 1,
        })),
      getRange: () =>
        rangeOfTable((table) => ({ ...tableModel.tableBox(table), column: table.column + index(), columns: 1 })),
      delete: () =>
        recorder.call(batch, "deleteColumn", () => {
          const table = resolveTable();
          const at = index();
          const box = tableModel.tableBox(table);
          for (let r = 0; r < box.rows; r++) cells.clearCell(box.sheet, box.row + r, table.column + at);
          // Like Excel, the cells right of the column, in the table's rows, move left.
          cells.moveCells(
            box.sheet,
            (row, column) => row >= box.row && row < box.row + box.rows && column > table.column + at,
            0,
            -1,
          );
          table.columns.splice(at, 1);
          recorder.commit({ kind: "tableColumnDelete", target: table.name, value: at });
        }),
    };
    Object.defineProperty(proxy, "name", {
      configurable: true,
      set: (name: string) =>
        recorder.call(batch, name, () => {
          const table = resolveTable();
          table.columns[index()] = name;
          tableModel.writeHeaders(table);
        }),
    });
    return loadable(proxy, batch, ["name", "index", "id"], () => {
      const table = resolveTable();
      const at = index();
      return at < table.columns.length ? { name: table.columns[at], index: at, id: at + 1 } : null;
    });
  };
  const columns = collection(batch, () => resolveTable().columns.map((_, at) => columnProxy(() => at)));
  columns.getItemAt = (at: number) => columnProxy(() => at);
  columns.getItem = (key: string | number) =>
    columnProxy(() => {
      const at =
        typeof key === "number"
          ? key - 1
          : resolveTable().columns.findIndex((name) => name.toLowerCase() === key.toLowerCase());
      if (at < 0) throw richApiError("ItemNotFound", `fake Excel: no column ${key}`);
      return at;
    });
  columns.add = (index?: number | null, values?: unknown[][] | null, name?: string) => {
    let at = -1;
    recorder.queue(
      batch,
      "tableColumnAdd",
      () => resolveTable().name,
      { index, values, name },
      () => {
        const table = resolveTable();
        const sheet = sheetById(ctx.workbook, table.sheetId);
        at = index === null || index === undefined || index < 0 ? table.columns.length : index;
        const column = table.column + at;
        const box = tableModel.tableBox(table);
        const inRows = (row: number) => row >= box.row && row < box.row + box.rows;
        const occupied = Array.from(
          { length: box.rows },
          (_, r) => !cells.isEmptyCell(sheet, box.row + r, column),
        ).some(Boolean);
        // Like Excel, a column goes into empty cells, or pushes right what is there (in the table's rows).
        if (at < table.columns.length || occupied) cells.moveCells(sheet, (row, c) => inRows(row) && c >= column, 0, 1);
        const header = name ?? (values && values.length === table.rows ? String(values[0]?.[0] ?? "") : "");
        const names = [...table.columns];
        names.splice(at, 0, header);
        table.columns = uniqueHeaders(names);
        tableModel.writeHeaders(table);
        const body = values ? (values.length === table.rows ? values.slice(1) : values) : [];
        body.forEach((row, r) => {
          const cell = row[0];
          if (typeof cell === "string" && cell.startsWith("="))
            cells.writeFormula(sheet, table.row + 1 + r, column, cell);
          else cells.writeValue(sheet, table.row + 1 + r, column, cell);
        });
        recorder.commit({ kind: "tableColumnAdd", target: table.name, value: { index: at, name: table.columns[at] } });
      },
    );
    return columnProxy(() => at);
  };
  return columns;
}
