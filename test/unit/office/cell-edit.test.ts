import { recalculateWorkbook } from "../../../src/office/workbook";
import { insertQueryTable } from "../../../src/office/tables/insert-table";
import { workbookQueryStore } from "../../../src/office/tables/query-store";
import { writeTableRows } from "../../../src/office/tables/refresh-table";
import { installFakeExcel, type FakeExcel } from "./fake-excel";
import { entries, recordOf, tableData } from "./tables/table-fixtures";

/** Lets every promise that can settle do so. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the fake's cell-edit mode", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("refuses a batch as Excel does while the user types in a cell, and holds one run with delayForCellEdit", async () => {
    excel = installFakeExcel();
    excel.user.startEditing();
    const write = (context: Excel.RequestContext) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      return context.sync();
    };
    await expect(Excel.run(write)).rejects.toMatchObject({
      name: "RichApi.Error",
      code: "InvalidOperationInCellEditMode",
    });
    expect(excel.user.failedInCellEdit()).toBe(1);

    let done = false;
    const held = Excel.run({ delayForCellEdit: true }, write).then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    expect(excel.control.cells("Sheet1!A1").values).toEqual([[""]]);
    excel.user.stopEditing();
    await held;
    expect(excel.control.cells("Sheet1!A1").values).toEqual([[1]]);
  });
});

describe("batches started while the user edits a cell", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("wait for the user to leave the cell: the query store's writes, a table's refresh, the recalculation", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(2));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    const record = recordOf(inserted, data);
    const store = workbookQueryStore();

    excel.user.startEditing();
    const work = Promise.all([store.put(record), writeTableRows(record, tableData(entries(4))), recalculateWorkbook()]);
    const outcome = work.then(
      () => "done",
      (error: unknown) => error,
    );
    await settle();
    expect(excel.user.heldForCellEdit()).toBeGreaterThan(0);
    excel.user.stopEditing();
    expect(await outcome).toBe("done");
    expect(excel.user.failedInCellEdit()).toBe(0);
    expect(excel.control.table(inserted.name)?.rows).toBe(5);
    expect((await store.list()).records.map((stored) => stored.id)).toEqual([record.id]);
  });
});
