/** Excel.Table and the tables of a workbook or worksheet. */
import { addressOf, boxOf, overlaps, type Box } from "./addresses";
import { richApiError } from "./excel-errors";
import type { FakeContext } from "./fake-context";
import { definedName, sheetById, sheetNamed, tableNamed } from "./lookups";
import { collection, loadable, once, orNull, type Any } from "./proxies";
import type { Batch } from "./recording";
import { tableColumns } from "./table-columns";
import { bodyRowsOf, hasHeaders, hasTotals, nextTableId, totalsRow, uniqueHeaders } from "./table-facts";
import { tableRows } from "./table-rows";
import { tableAutoFilter, tableSort } from "./table-sort-filter";
import type { FakeSheet, FakeTable } from "./types";

export function tableProxy(ctx: FakeContext, resolveTable: () => FakeTable, batch: Batch): Any {
  const { workbook, cells, recorder, tableModel } = ctx;
  const { tableBox } = tableModel;
  const rangeOfTable = (part: (table: FakeTable) => Box) => ctx.proxies.range(() => part(resolveTable()), batch);
  const proxy: Any = {
    getRange: () => rangeOfTable(tableBox),
    getDataBodyRange: () => rangeOfTable(tableModel.bodyBox),
    getHeaderRowRange: () => rangeOfTable((table) => tableModel.shownRow(table, "header")),
    getTotalRowRange: () => rangeOfTable((table) => tableModel.shownRow(table, "totals")),
    columns: tableColumns(ctx, resolveTable, batch),
    rows: tableRows(ctx, resolveTable, batch),
    sort: tableSort(ctx, resolveTable, batch),
    autoFilter: tableAutoFilter(ctx, resolveTable, batch),
    resize: (address: string) =>
      recorder.queue(
        batch,
        "tableResize",
        () => resolveTable().name,
        address,
        () => {
          const table = resolveTable();
          const sheet = sheetById(workbook, table.sheetId);
          const next = boxOf(sheet, address);
          if (next.row !== tableBox(table).row || next.column !== table.column || next.rows < 2) {
            throw richApiError("InvalidArgument", "fake Excel: a resized table keeps its header row and first column");
          }
          if (workbook.tables.some((other) => other !== table && overlaps(tableBox(other), next))) {
            throw richApiError("InvalidOperation", "fake Excel: a table cannot overlap another table");
          }
          const oldBodyRows = bodyRowsOf(table);
          const oldTotals = hasTotals(table) ? totalsRow(table) : -1;
          const names = table.columns.slice(0, next.columns);
          for (let c = table.columns.length; c < next.columns; c++)
            names.push(String(cells.valueAt(sheet, table.row, table.column + c)));
          const calculated = names.map((_, c) =>
            c < table.columns.length ? tableModel.calculatedFormula(table, c) : null,
          );
          table.columns = uniqueHeaders(names);
          tableModel.writeHeaders(table);
          table.rows = next.rows + (hasHeaders(table) ? 0 : 1);
          // The new range's last row is the totals row: the totals move there, over what it held.
          const newTotals = hasTotals(table) ? totalsRow(table) : -1;
          if (oldTotals >= 0 && newTotals !== oldTotals) {
            const inColumns = (column: number) =>
              column >= table.column && column < table.column + table.columns.length;
            for (let c = 0; c < table.columns.length; c++) cells.clearCell(sheet, newTotals, table.column + c);
            cells.moveCells(sheet, (row, column) => row === oldTotals && inColumns(column), newTotals - oldTotals, 0);
          }
          // Excel fills a calculated column into the rows a table grows by.
          calculated.forEach((formula, c) => {
            if (formula)
              for (let r = oldBodyRows; r < bodyRowsOf(table); r++)
                cells.writeFormula(sheet, table.row + 1 + r, table.column + c, formula);
          });
          recorder.commit({ kind: "tableResize", target: table.name, value: addressOf(tableBox(table)) });
        },
      ),
    reapplyFilters: () =>
      recorder.call(batch, "reapplyFilters", () => {
        const table = resolveTable();
        tableModel.filterTable(table);
        recorder.commit({ kind: "tableFilterReapply", target: table.name, value: table.filters });
      }),
    clearFilters: () =>
      recorder.call(batch, "clearFilters", () => {
        const table = resolveTable();
        table.filters = {};
        tableModel.filterTable(table);
      }),
    delete: () =>
      recorder.call(batch, "deleteTable", () => {
        const table = resolveTable();
        const box = tableBox(table);
        for (let r = 0; r < box.rows; r++)
          for (let c = 0; c < box.columns; c++) cells.clearCell(box.sheet, box.row + r, box.column + c);
        workbook.tables = workbook.tables.filter((other) => other !== table);
        recorder.commit({ kind: "tableDelete", target: table.name, value: null });
      }),
    convertToRange: () => {
      recorder.call(batch, "convertToRange", () => {
        const table = resolveTable();
        workbook.tables = workbook.tables.filter((other) => other !== table);
        recorder.commit({ kind: "tableToRange", target: table.name, value: null });
      });
      return ctx.proxies.range(() => tableBox(resolveTable()), batch);
    },
    // What a PivotTable is built on, known at the sync.
    __table: resolveTable,
  };
  Object.defineProperty(proxy, "worksheet", {
    get: () => ctx.proxies.sheet(() => sheetById(workbook, resolveTable().sheetId), batch),
  });
  Object.defineProperty(proxy, "name", {
    configurable: true,
    set: (name: string) =>
      recorder.queue(
        batch,
        "tableName",
        () => resolveTable().name,
        name,
        () => {
          const table = resolveTable();
          tableModel.checkTableName(name, table);
          recorder.commit({ kind: "tableName", target: table.name, value: name });
          table.name = name;
        },
      ),
  });
  for (const [property, toggle] of [
    ["showTotals", tableModel.showTotalRow],
    ["showHeaders", tableModel.showHeaderRow],
  ] as const) {
    Object.defineProperty(proxy, property, {
      configurable: true,
      set: (show: boolean) =>
        recorder.call(batch, show, () => {
          const table = resolveTable();
          toggle(table, show === true);
          recorder.commit({ kind: property, target: table.name, value: show === true });
        }),
    });
  }
  return loadable(proxy, batch, ["id", "name", "showHeaders", "showTotals", "style"], () => {
    const table = resolveTable();
    return {
      id: table.id,
      name: table.name,
      showHeaders: hasHeaders(table),
      showTotals: hasTotals(table),
      style: table.style,
    };
  });
}

/** The tables of the workbook, or of one worksheet. */
export function tableCollection(ctx: FakeContext, batch: Batch, ofSheet?: () => FakeSheet): Any {
  const { workbook, cells, recorder, tableModel } = ctx;
  const inScope = () => workbook.tables.filter((table) => !ofSheet || table.sheetId === ofSheet().id);
  const list = collection(batch, () => inScope().map((table) => tableProxy(ctx, () => table, batch)));
  const find = (key: string) =>
    inScope().find((table) => table.id === key || table.name.toLowerCase() === key.toLowerCase());
  list.getItem = (key: string) =>
    tableProxy(
      ctx,
      once(() => {
        const found = find(key);
        if (!found) throw richApiError("ItemNotFound", `fake Excel: no table ${key}`);
        return found;
      }),
      batch,
    );
  list.getItemOrNullObject = (key: string) =>
    orNull(
      () => find(key) ?? null,
      (resolveTable) => tableProxy(ctx, resolveTable, batch),
      batch,
    );
  list.add = (address: string, hasHeaderRow: boolean) => {
    let created: FakeTable | undefined;
    const local = address.slice(address.lastIndexOf("!") + 1);
    const sheetOf = () =>
      ofSheet
        ? ofSheet()
        : sheetNamed(workbook, address.slice(0, Math.max(0, address.lastIndexOf("!"))).replace(/^'(.*)'$/, "$1"));
    recorder.queue(
      batch,
      "table",
      () => `${sheetOf()?.name}!${local}`,
      { hasHeaders: hasHeaderRow },
      (copy) => {
        const sheet = sheetOf();
        if (!sheet) throw richApiError("ItemNotFound", `fake Excel: no worksheet for ${address}`);
        if (!hasHeaderRow) throw new Error("fake Excel: tables without a header row are not modelled");
        const box = boxOf(sheet, local);
        if (workbook.tables.some((table) => overlaps(tableModel.tableBox(table), box)))
          throw richApiError("InvalidOperation", "fake Excel: a table cannot overlap another table");
        let number = workbook.tables.length + 1;
        while (tableNamed(workbook, `Table${number}`) || definedName(workbook, `Table${number}`)) number++;
        created = {
          id: nextTableId(workbook),
          name: `Table${number}`,
          sheetId: sheet.id,
          row: box.row,
          column: box.column,
          rows: Math.max(2, box.rows),
          columns: uniqueHeaders(
            Array.from({ length: box.columns }, (_, c) => String(cells.valueAt(sheet, box.row, box.column + c))),
          ),
          sortFields: [],
          filters: {},
          hiddenRows: [],
          style: "TableStyleMedium2",
        };
        workbook.tables.push(created);
        recorder.commit({ kind: "table", target: addressOf(box), value: copy });
      },
    );
    return tableProxy(
      ctx,
      () => {
        if (!created) throw richApiError("ItemNotFound", "fake Excel: the table was not added");
        return created;
      },
      batch,
    );
  };
  return list;
}
