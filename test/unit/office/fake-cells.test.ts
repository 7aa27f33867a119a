import type { Box } from "../../support/fake-office/addresses";
import { createCellStore } from "../../support/fake-office/cells";
import type { FakeOfficeState } from "../../support/fake-office/types";

/**
 * The fake's cell store, walked by getUsedRange, getSpecialCells and the moves of a table's
 * rows: every cell and every format set counts, wherever it is (the last row of the sheet too),
 * and nothing else does.
 */
describe("the fake's cell store", () => {
  const sheet = { id: "sheet-1", name: "Sheet1" };
  const LAST_ROW = 1_048_575;
  const wholeSheet: Box = { sheet, row: 0, column: 0, rows: LAST_ROW + 1, columns: 16_384 };
  const store = () => createCellStore({ formulaLike: [] } as unknown as FakeOfficeState);

  it("finds the used range from values, formulas and (unless values only) formats, down to the last row", () => {
    const cells = store();
    cells.writeValue(sheet, 1, 2, "kept");
    cells.writeFormula(sheet, 4, 1, "=A1");
    cells.setCell(sheet.id, 9, 9, { value: "" });
    cells.setFormat(sheet.id, LAST_ROW, 3, "@");
    expect(cells.usedBox(wholeSheet, true)).toEqual({ sheet, row: 1, column: 1, rows: 4, columns: 2 });
    expect(cells.usedBox(wholeSheet, false)).toEqual({ sheet, row: 1, column: 1, rows: LAST_ROW, columns: 3 });
    cells.unsetFormat(sheet.id, LAST_ROW, 3);
    expect(cells.usedBox(wholeSheet, false)).toEqual({ sheet, row: 1, column: 1, rows: 4, columns: 2 });
    expect(cells.usedBox({ ...wholeSheet, row: 5 }, true)).toBeNull();
  });

  it("walks each cell and each format set once, with its place", () => {
    const cells = store();
    cells.writeValue(sheet, 12, 345, 7);
    cells.writeFormula(sheet, 0, 0, "=B2");
    cells.setFormat(sheet.id, LAST_ROW, 2, "0.00");
    cells.setFormat(sheet.id, 3, 2, "@");
    const seen: unknown[] = [];
    cells.forEachCell(sheet.id, (row, column, data) => seen.push([row, column, data]));
    cells.forEachFormat(sheet.id, (row, column, format) => seen.push([row, column, format]));
    expect(seen).toEqual([
      [12, 345, { value: 7 }],
      [0, 0, { value: "", formula: "=B2" }],
      [3, 2, "@"],
      [LAST_ROW, 2, "0.00"],
    ]);
  });

  it("moves cells and formats together, leaving their old places empty", () => {
    const cells = store();
    cells.writeValue(sheet, 2, 0, "below");
    cells.setFormat(sheet.id, 2, 0, "@");
    cells.writeValue(sheet, 2, 5, "beside");
    cells.moveCells(sheet, (row, column) => row >= 2 && column < 3, 3, 0);
    expect(cells.valueAt(sheet, 5, 0)).toBe("below");
    expect(cells.formatAt(sheet.id, 5, 0)).toBe("@");
    expect(cells.isEmptyCell(sheet, 2, 0)).toBe(true);
    expect(cells.formatAt(sheet.id, 2, 0)).toBe("General");
    expect(cells.valueAt(sheet, 2, 5)).toBe("beside");
  });
});
