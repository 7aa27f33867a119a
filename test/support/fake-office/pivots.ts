/** Excel.PivotTable on a table: its fields, layout and refreshes, and the PivotTables of a workbook or sheet. */
import { addressOf, overlaps, type Box } from "./addresses";
import { richApiError } from "./excel-errors";
import type { FakeContext } from "./fake-context";
import { checkDataSourceString } from "./limits";
import { sheetById, tableNamed } from "./lookups";
import { summarise } from "./pivot-summary";
import { clientResult, collection, loadable, once, type Any } from "./proxies";
import type { Batch } from "./recording";
import type { FakePivot, FakePivotData, FakeSheet, FakeTable } from "./types";

function pivotProxy(ctx: FakeContext, resolvePivot: () => FakePivot, batch: Batch): Any {
  const { workbook, recorder } = ctx;
  const refreshSummary = (pivot: FakePivot) => summarise(workbook, ctx.cells, pivot);
  const sourceTable = () => {
    const table = workbook.tables.find((candidate) => candidate.id === resolvePivot().sourceTableId);
    if (!table) throw richApiError("InvalidOperation", "fake Excel: the PivotTable's source is gone");
    return table;
  };
  const field = (name: string) => {
    if (!sourceTable().columns.includes(name))
      throw richApiError("ItemNotFound", `fake Excel: the PivotTable has no field ${name}`);
  };
  const dataHierarchy = (locate: () => FakePivotData): Any => {
    const data = once(locate);
    const proxy: Any = {};
    for (const property of ["summarizeBy", "numberFormat", "name"] as const) {
      Object.defineProperty(proxy, property, {
        configurable: true,
        set: (value: string) =>
          recorder.call(batch, value, () => {
            data()[property] = value;
            refreshSummary(resolvePivot());
            recorder.commit({
              kind: "pivotDataField",
              target: resolvePivot().name,
              value: { field: data().source, [property]: value },
            });
          }),
      });
    }
    return loadable(proxy, batch, ["name", "summarizeBy", "numberFormat"], () => ({ ...data() }));
  };
  const rowHierarchies = collection(batch, () =>
    resolvePivot().rowFields.map((name) => loadable({}, batch, ["name"], () => ({ name }))),
  );
  rowHierarchies.add = (source: Any) => {
    recorder.call(batch, source.__name, () => {
      const pivot = resolvePivot();
      field(source.__name);
      pivot.rowFields.push(source.__name);
      refreshSummary(pivot);
      recorder.commit({ kind: "pivotRows", target: pivot.name, value: [...pivot.rowFields] });
    });
    return loadable({}, batch, ["name"], () => ({ name: source.__name }));
  };
  const dataHierarchies = collection(batch, () => resolvePivot().dataFields.map((data) => dataHierarchy(() => data)));
  dataHierarchies.add = (source: Any) => {
    let added: FakePivotData | undefined;
    recorder.call(batch, source.__name, () => {
      const pivot = resolvePivot();
      field(source.__name);
      // Excel sums a numeric field by default.
      added = { name: `Sum of ${source.__name}`, source: source.__name, summarizeBy: "Sum", numberFormat: "General" };
      pivot.dataFields.push(added);
      refreshSummary(pivot);
      recorder.commit({ kind: "pivotData", target: pivot.name, value: source.__name });
    });
    return dataHierarchy(() => {
      if (!added) throw richApiError("ItemNotFound", "fake Excel: the data field was not added");
      return added;
    });
  };
  const layout: Any = {};
  for (const property of ["layoutType", "showRowGrandTotals", "showColumnGrandTotals"] as const) {
    Object.defineProperty(layout, property, {
      configurable: true,
      set: (value: unknown) =>
        recorder.call(batch, value, () => {
          (resolvePivot().layout as Record<string, unknown>)[property] = value;
          recorder.commit({ kind: "pivotLayout", target: resolvePivot().name, value: { [property]: value } });
        }),
    });
  }
  loadable(layout, batch, ["layoutType", "showRowGrandTotals", "showColumnGrandTotals"], () => ({
    ...resolvePivot().layout,
  }));
  const proxy: Any = {
    hierarchies: { getItem: (name: string) => ({ __name: name }) },
    rowHierarchies,
    dataHierarchies,
    columnHierarchies: collection(batch, () => []),
    filterHierarchies: collection(batch, () => []),
    layout,
    refresh: () =>
      recorder.call(batch, "refresh", () => {
        const pivot = resolvePivot();
        sourceTable();
        pivot.refreshCount += 1;
        refreshSummary(pivot);
        recorder.commit({ kind: "pivotRefresh", target: pivot.name, value: pivot.refreshCount });
      }),
    getDataSourceString: () =>
      clientResult(batch, () => {
        checkDataSourceString(ctx.supportsSet);
        return sourceTable().name;
      }),
    delete: () =>
      recorder.call(batch, "delete", () => {
        const pivot = resolvePivot();
        workbook.pivots = workbook.pivots.filter((other) => other !== pivot);
        recorder.commit({ kind: "pivotDelete", target: pivot.name, value: null });
      }),
  };
  Object.defineProperty(proxy, "worksheet", {
    get: () => ctx.proxies.sheet(() => sheetById(workbook, resolvePivot().sheetId), batch),
  });
  Object.defineProperty(proxy, "name", {
    configurable: true,
    set: (name: string) => recorder.call(batch, name, () => void (resolvePivot().name = name)),
  });
  return loadable(proxy, batch, ["id", "name"], () => ({ id: resolvePivot().id, name: resolvePivot().name }));
}

/** The PivotTables of the workbook, or of one worksheet. */
export function pivotCollection(ctx: FakeContext, batch: Batch, ofSheet?: () => FakeSheet): Any {
  const { workbook, recorder, tableModel } = ctx;
  const inScope = () => workbook.pivots.filter((pivot) => !ofSheet || pivot.sheetId === ofSheet().id);
  const list = collection(batch, () => inScope().map((pivot) => pivotProxy(ctx, () => pivot, batch)));
  const find = (key: string) => inScope().find((pivot) => pivot.name.toLowerCase() === key.toLowerCase());
  list.getItem = (name: string) =>
    pivotProxy(
      ctx,
      once(() => {
        const found = find(name);
        if (!found) throw richApiError("ItemNotFound", `fake Excel: no PivotTable ${name}`);
        return found;
      }),
      batch,
    );
  list.add = (name: string, source: Any, destination: Any) => {
    let created: FakePivot | undefined;
    recorder.queue(batch, "pivot", "pivotTables", { name }, () => {
      if (!source?.__table) throw new Error("fake Excel: PivotTables are built on tables only here");
      const table: FakeTable = source.__table();
      if (
        workbook.pivots.some((pivot) => pivot.name.toLowerCase() === name.toLowerCase()) ||
        tableNamed(workbook, name)
      ) {
        throw richApiError("InvalidArgument", `fake Excel: the PivotTable name ${name} is taken`);
      }
      const box: Box = destination.__box();
      if (workbook.tables.some((other) => overlaps(tableModel.tableBox(other), box)))
        throw richApiError("InvalidOperation", "fake Excel: a PivotTable cannot overlap a table");
      created = {
        id: `{pivot-${++workbook.counter}}`,
        name,
        sheetId: box.sheet.id,
        row: box.row,
        column: box.column,
        sourceTableId: table.id,
        rowFields: [],
        dataFields: [],
        layout: { layoutType: "Compact", showRowGrandTotals: true, showColumnGrandTotals: true },
        refreshCount: 0,
        summary: [],
      };
      workbook.pivots.push(created);
      summarise(workbook, ctx.cells, created);
      recorder.commit({ kind: "pivot", target: addressOf(box), value: { name, source: table.name } });
    });
    return pivotProxy(
      ctx,
      () => {
        if (!created) throw richApiError("ItemNotFound", "fake Excel: the PivotTable was not added");
        return created;
      },
      batch,
    );
  };
  return list;
}
