/** `window.__officeFakeControl`: what a test does that Excel or its user would, and the workbook saved as a file. */
import { addressOf, overlaps } from "./addresses";
import { readCells } from "./cell-reads";
import type { FakeContext } from "./fake-context";
import { resolveAddress, tableNamed } from "./lookups";
import type { FakeOfficeControl, FakeSavedWorkbook } from "./types";

/** The workbook as a file keeps it. */
export function saveWorkbook(ctx: FakeContext): string {
  const file: FakeSavedWorkbook = {
    workbook: ctx.workbook,
    ...ctx.cells.save(),
    spills: ctx.spills.map((spill) => ({
      sheetId: spill.sheet.id,
      row: spill.row,
      column: spill.column,
      rows: spill.rows,
      columns: spill.columns,
    })),
  };
  return JSON.stringify(file);
}

export function fakeControl(ctx: FakeContext): FakeOfficeControl {
  const { workbook, cells, spills, tableModel } = ctx;
  const resolve = (address: string) => resolveAddress(workbook, address);
  return {
    select: (address) => {
      resolve(address);
      ctx.view.selection = address;
    },
    spill: (anchor, rows) => {
      const box = resolve(anchor);
      const formula = cells.cellAt(box.sheet.id, box.row, box.column)?.formula;
      // A result cannot spill inside a table, nor over one: Excel shows #SPILL! in the formula's cell.
      const over = { ...box, rows: rows.length, columns: rows[0]?.length ?? 1 };
      if (workbook.tables.some((table) => overlaps(tableModel.tableBox(table), over))) {
        cells.setCell(box.sheet.id, box.row, box.column, { value: "#SPILL!", ...(formula ? { formula } : {}) });
        return;
      }
      rows.forEach((row, r) =>
        row.forEach((cell, c) => {
          const json = typeof cell === "object" && cell !== null ? cell : undefined;
          const value = json ? (json as { basicValue?: unknown }).basicValue : cell;
          cells.setCell(box.sheet.id, box.row + r, box.column + c, {
            value,
            ...(r === 0 && c === 0 && formula ? { formula } : {}),
            ...(json ? { json } : {}),
          });
        }),
      );
      const earlier = spills.findIndex(
        (spill) => spill.sheet.id === box.sheet.id && spill.row === box.row && spill.column === box.column,
      );
      if (earlier >= 0) spills.splice(earlier, 1);
      spills.push({ ...box, rows: rows.length, columns: rows[0]?.length ?? 1 });
    },
    cells: (address) => readCells(ctx.reads, resolve(address)),
    save: () => saveWorkbook(ctx),
    // A table as the workbook holds it now, for tests: where it is and every cell of it.
    table: (name) => {
      const table = tableNamed(workbook, name);
      if (!table) return undefined;
      const box = tableModel.tableBox(table);
      return {
        ...JSON.parse(JSON.stringify(table)),
        sheet: box.sheet.name,
        address: addressOf(box),
        ...readCells(ctx.reads, box),
      };
    },
  };
}
