/** Excel.Range: a box found at the sync (as Office.js resolves a path), read and written through the batch. */
import { addressOf, overlaps, type Box } from "./addresses";
import { HEAVY_READS } from "./cell-reads";
import { richApiError } from "./excel-errors";
import type { FakeContext } from "./fake-context";
import { checkShape, checkValuesAsJson } from "./limits";
import { collection, loadable, type Any } from "./proxies";
import { applyWrite } from "./range-writes";
import type { Batch } from "./recording";
import { formulaAreas } from "./special-cells";

/** A range whose box is found at the sync (null for a null object). */
export function makeRange(ctx: FakeContext, at: Box | (() => Box | null), batch: Batch): Any {
  const { workbook, cells, recorder, tableModel, spills } = ctx;
  const resolveBox = typeof at === "function" ? at : () => at;
  const box = () => {
    const found = resolveBox();
    if (!found) throw richApiError("InvalidOperation", "fake Excel: this range is a null object");
    return found;
  };
  const derive = (change: (b: Box) => Box | null) =>
    makeRange(
      ctx,
      () => {
        const found = resolveBox();
        return found ? change(found) : null;
      },
      batch,
    );
  const spillAt = (spill: Box, b: Box) =>
    spill.sheet.id === b.sheet.id && spill.row === b.row && spill.column === b.column;
  const range: Any = {
    getTables: () =>
      collection(batch, () =>
        workbook.tables
          .filter((table) => overlaps(tableModel.tableBox(table), box()))
          .map((table) => ctx.proxies.table(() => table, batch)),
      ),
    getSpillingToRangeOrNullObject: () => derive((b) => spills.find((spill) => spillAt(spill, b)) ?? null),
    getSpillParentOrNullObject: () =>
      derive((b) => {
        const spill = spills.find((candidate) => overlaps(candidate, { ...b, rows: 1, columns: 1 }));
        return spill ? { ...spill, rows: 1, columns: 1 } : null;
      }),
    getCell: (row: number, column: number) =>
      derive((b) => ({ ...b, row: b.row + row, column: b.column + column, rows: 1, columns: 1 })),
    getOffsetRange: (rows: number, columns: number) =>
      derive((b) => ({ ...b, row: b.row + rows, column: b.column + columns })),
    getResizedRange: (rows: number, columns: number) =>
      derive((b) => ({ ...b, rows: b.rows + rows, columns: b.columns + columns })),
    getRow: (row: number) => derive((b) => ({ ...b, row: b.row + row, rows: 1 })),
    getColumn: (column: number) => derive((b) => ({ ...b, column: b.column + column, columns: 1 })),
    getBoundingRect: (other: Any) =>
      derive((b) => {
        const o: Box = other.__box();
        if (o.sheet.id !== b.sheet.id)
          throw richApiError("InvalidArgument", "fake Excel: the ranges are on different worksheets");
        const row = Math.min(b.row, o.row);
        const column = Math.min(b.column, o.column);
        return {
          sheet: b.sheet,
          row,
          column,
          rows: Math.max(b.row + b.rows, o.row + o.rows) - row,
          columns: Math.max(b.column + b.columns, o.column + o.columns) - column,
        };
      }),
    getRowsBelow: (count = 1) => derive((b) => ({ ...b, row: b.row + b.rows, rows: count })),
    getColumnsAfter: (count = 1) => derive((b) => ({ ...b, column: b.column + b.columns, columns: count })),
    getUsedRangeOrNullObject: (valuesOnly?: boolean) => derive((b) => cells.usedBox(b, valuesOnly === true)),
    getSpecialCellsOrNullObject: (cellType: string) => formulaAreas(ctx, resolveBox, cellType, batch),
    format: { autofitColumns: () => recorder.queue(batch, "autofit", () => addressOf(box()), null) },
    clear: () =>
      recorder.call(batch, "clear", () => {
        const b = box();
        for (let r = 0; r < b.rows; r++)
          for (let c = 0; c < b.columns; c++) cells.clearCell(b.sheet, b.row + r, b.column + c);
        recorder.commit({ kind: "clear", target: addressOf(b), value: null });
      }),
    select: () =>
      recorder.call(batch, "select", () => {
        const b = box();
        ctx.view.selection = addressOf(b);
        ctx.view.activeSheetId = b.sheet.id;
        recorder.commit({ kind: "select", target: addressOf(b), value: null });
      }),
    // Where the range is, known at the sync: a PivotTable's destination.
    __box: box,
  };
  Object.defineProperty(range, "worksheet", { get: () => ctx.proxies.sheet(() => box().sheet, batch) });
  for (const kind of ["formulas", "values", "numberFormat"]) {
    Object.defineProperty(range, kind, {
      configurable: true,
      set: (value: unknown) => {
        if (typeof at !== "function") checkShape(at, value, kind);
        recorder.queue(
          batch,
          kind,
          () => addressOf(box()),
          value,
          (copy: unknown[][]) => applyWrite(ctx, kind, box(), copy),
        );
      },
    });
  }
  return loadable(
    range,
    batch,
    ["address", "rowCount", "columnCount", "rowIndex", "columnIndex", "cellCount"],
    (names) => {
      const b = resolveBox();
      if (!b) return null;
      if (names.includes("valuesAsJson")) checkValuesAsJson(ctx.supportsSet);
      return Object.fromEntries(
        names.filter((name) => name in ctx.reads).map((name) => [name, (ctx.reads[name] as (read: Box) => unknown)(b)]),
      );
    },
    HEAVY_READS,
  );
}
