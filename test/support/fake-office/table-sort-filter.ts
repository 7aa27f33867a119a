/** Table.sort and Table.autoFilter: sorted and filtered in place, as Excel does. */
import { boxOf, type Box } from "./addresses";
import type { FakeContext } from "./fake-context";
import { checkFilterCriteria, checkFilterRange } from "./limits";
import { sheetById } from "./lookups";
import { loadable, type Any } from "./proxies";
import type { Batch } from "./recording";
import { criteriaOf } from "./table-facts";
import type { FakeTable } from "./types";

export function tableSort(ctx: FakeContext, resolveTable: () => FakeTable, batch: Batch): Any {
  const { recorder, tableModel } = ctx;
  const sort: Any = {
    apply: (fields: { key: number; ascending?: boolean }[]) =>
      recorder.call(batch, fields, () => {
        const table = resolveTable();
        table.sortFields = fields.map((field) => ({ key: field.key, ascending: field.ascending !== false }));
        tableModel.sortTable(table);
        recorder.commit({ kind: "tableSort", target: table.name, value: table.sortFields });
      }),
    reapply: () =>
      recorder.call(batch, "reapply", () => {
        const table = resolveTable();
        tableModel.sortTable(table);
        recorder.commit({ kind: "tableSortReapply", target: table.name, value: table.sortFields });
      }),
    clear: () => recorder.call(batch, "clear", () => void (resolveTable().sortFields = [])),
  };
  return loadable(sort, batch, ["fields"], () => ({
    fields: resolveTable().sortFields.map((field) => ({ ...field })),
  }));
}

export function tableAutoFilter(ctx: FakeContext, resolveTable: () => FakeTable, batch: Batch): Any {
  const { recorder, tableModel } = ctx;
  const autoFilter: Any = {
    apply: (range: Any, columnIndex: number, criteria: unknown) =>
      recorder.call(batch, { columnIndex, criteria }, () => {
        const table = resolveTable();
        const given: Box =
          typeof range === "string" ? boxOf(sheetById(ctx.workbook, table.sheetId), range) : range.__box();
        checkFilterRange(table.name, given, tableModel.filterBox(table));
        checkFilterCriteria(criteria);
        table.filters[String(columnIndex)] = criteria;
        tableModel.filterTable(table);
        recorder.commit({ kind: "tableFilter", target: table.name, value: table.filters });
      }),
    reapply: () => recorder.call(batch, "reapply", () => tableModel.filterTable(resolveTable())),
    clearCriteria: () =>
      recorder.call(batch, "clear", () => {
        const table = resolveTable();
        table.filters = {};
        tableModel.filterTable(table);
      }),
  };
  return loadable(autoFilter, batch, ["criteria", "enabled", "isDataFiltered"], () => {
    const table = resolveTable();
    return { criteria: criteriaOf(table), enabled: true, isDataFiltered: Object.keys(table.filters).length > 0 };
  });
}
