/** Excel.Worksheet and the workbook's worksheet collection. */
import { boxOf, WHOLE_SHEET } from "./addresses";
import { richApiError } from "./excel-errors";
import type { FakeContext } from "./fake-context";
import { isSheetName } from "./limits";
import { sheetNamed } from "./lookups";
import { collection, loadable, once, type Any } from "./proxies";
import type { Batch } from "./recording";
import type { FakeSheet } from "./types";

export function sheetProxy(ctx: FakeContext, at: FakeSheet | (() => FakeSheet | null), batch: Batch): Any {
  const { workbook, cells, recorder } = ctx;
  const sheets = workbook.sheets;
  const resolveSheet = typeof at === "function" ? at : () => at;
  const sheet = () => {
    const found = resolveSheet();
    if (!found) throw richApiError("ItemNotFound", "fake Excel: no such worksheet");
    return found;
  };
  const range = ctx.proxies.range;
  const proxy: Any = {
    activate: () =>
      recorder.queue(
        batch,
        "activate",
        () => sheet().name,
        null,
        () => {
          // Excel refuses to show a hidden sheet by activating it.
          if ((sheet().visibility ?? "Visible") !== "Visible")
            throw richApiError("InvalidOperation", `fake Excel: the worksheet ${sheet().name} is hidden`);
          ctx.view.activeSheetId = sheet().id;
          recorder.commit({ kind: "activate", target: sheet().name, value: null });
        },
      ),
    delete: () =>
      recorder.call(batch, "deleteWorksheet", () => {
        const data = sheet();
        sheets.splice(sheets.indexOf(data), 1);
        workbook.tables = workbook.tables.filter((table) => table.sheetId !== data.id);
        workbook.pivots = workbook.pivots.filter((pivot) => pivot.sheetId !== data.id);
        recorder.commit({ kind: "deleteWorksheet", target: data.name, value: null });
      }),
    getRange: (address?: string) =>
      range(() => (address ? boxOf(sheet(), address) : { sheet: sheet(), ...WHOLE_SHEET }), batch),
    getCell: (row: number, column: number) =>
      range(() => ({ sheet: sheet(), row, column, rows: 1, columns: 1 }), batch),
    getUsedRangeOrNullObject: (valuesOnly?: boolean) =>
      range(() => cells.usedBox({ sheet: sheet(), ...WHOLE_SHEET }, valuesOnly === true), batch),
    getUsedRange: (valuesOnly?: boolean) =>
      range(
        () =>
          cells.usedBox({ sheet: sheet(), ...WHOLE_SHEET }, valuesOnly === true) ?? {
            sheet: sheet(),
            row: 0,
            column: 0,
            rows: 1,
            columns: 1,
          },
        batch,
      ),
    tables: ctx.proxies.tables(batch, sheet),
    pivotTables: ctx.proxies.pivots(batch, sheet),
    names: ctx.proxies.names(batch, sheet),
  };
  Object.defineProperty(proxy, "name", {
    configurable: true,
    set: (name: string) =>
      recorder.call(batch, name, () => {
        if (
          !isSheetName(name) ||
          sheets.some((other) => other !== sheet() && other.name.toLowerCase() === name.toLowerCase())
        ) {
          throw richApiError("InvalidArgument", `fake Excel: cannot rename a worksheet to ${name}`);
        }
        recorder.commit({ kind: "renameWorksheet", target: sheet().name, value: name });
        sheet().name = name;
      }),
  });
  Object.defineProperty(proxy, "visibility", {
    configurable: true,
    set: (visibility: string) =>
      recorder.call(batch, visibility, () => {
        if (
          visibility !== "Visible" &&
          sheets.filter((other) => other !== sheet() && (other.visibility ?? "Visible") === "Visible").length === 0
        ) {
          throw richApiError("InvalidOperation", "fake Excel: a workbook keeps at least one visible sheet");
        }
        sheet().visibility = visibility;
        recorder.commit({ kind: "sheetVisibility", target: sheet().name, value: visibility });
      }),
  });
  return loadable(proxy, batch, ["id", "name", "position", "visibility"], () => {
    const data = resolveSheet();
    return data
      ? { id: data.id, name: data.name, position: sheets.indexOf(data), visibility: data.visibility ?? "Visible" }
      : null;
  });
}

export function worksheets(ctx: FakeContext, batch: Batch): Any {
  const { workbook, recorder } = ctx;
  const sheets = workbook.sheets;
  const list = collection(batch, () => sheets.map((data) => sheetProxy(ctx, data, batch)));
  list.add = (name: string) => {
    let added: FakeSheet | undefined;
    recorder.queue(batch, "addWorksheet", name, null, () => {
      if (!isSheetName(name) || sheetNamed(workbook, name))
        throw richApiError("ItemAlreadyExists", `fake Excel: a worksheet named ${name} cannot be added`);
      added = { id: `sheet-${++workbook.counter}`, name };
      sheets.push(added);
      recorder.commit({ kind: "addWorksheet", target: name, value: null });
    });
    return sheetProxy(ctx, () => added ?? null, batch);
  };
  list.getItem = (key: string) =>
    sheetProxy(
      ctx,
      once(() => {
        const found = sheetNamed(workbook, key);
        if (!found) throw richApiError("ItemNotFound", `fake Excel: no worksheet ${key}`);
        return found;
      }),
      batch,
    );
  list.getItemOrNullObject = (key: string) =>
    sheetProxy(
      ctx,
      once(() => sheetNamed(workbook, key) ?? null),
      batch,
    );
  list.getActiveWorksheet = () =>
    sheetProxy(
      ctx,
      once(() => sheets.find((sheet) => sheet.id === ctx.view.activeSheetId) ?? sheets[0] ?? null),
      batch,
    );
  return list;
}
