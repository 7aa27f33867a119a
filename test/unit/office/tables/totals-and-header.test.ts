import { insertQueryTable } from "../../../../src/office/tables/insert-table";
import { writeTableRows } from "../../../../src/office/tables/refresh-table";
import { installFakeExcel, type FakeExcel } from "../fake-excel";
import { entries, recordOf, tableData } from "./table-fixtures";

/** Tables as users shape them on the Table Design tab: Total Row ticked, Header Row unticked. */
describe("Refreshing a table with a totals row or without its header row", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  async function insertTable() {
    excel = installFakeExcel();
    const data = tableData(entries(10));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    return { inserted, record: recordOf(inserted, data) };
  }

  it("keeps the totals row, its SUBTOTAL formulas and formats, under the new rows as they grow and shrink", async () => {
    const { inserted, record } = await insertTable();
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem(inserted.name);
      table.showTotals = true;
      const revenues = table.columns.getItem("Revenues").getTotalRowRange();
      revenues.numberFormat = [["#,##0.00 €"]];
      revenues.formulas = [["=SUBTOTAL(109,[Revenues])"]];
      table.columns.getItem("Impressions").getTotalRowRange().formulas = [["=SUBTOTAL(109,[Impressions])"]];
      context.workbook.worksheets.getItem("Reporting").getRange("H2").values = [["note beside"]];
      await context.sync();
    });
    const totals = [
      "Total",
      "",
      "=SUBTOTAL(109,[Impressions])",
      "=SUBTOTAL(109,[Revenues])",
      "",
      "=SUBTOTAL(109,[Requests])",
    ];
    expect(excel.control.table(inserted.name)!.formulas[11]).toEqual(totals);

    const grown = tableData(entries(25, ["FR", "DE"], 100));
    await writeTableRows(record, grown);
    let table = excel.control.table(inserted.name)!;
    expect(table.address).toBe("Reporting!A1:F27");
    expect(table.showTotals).toBe(true);
    expect(table.values.slice(1, 26)).toEqual(grown.rows);
    expect(table.formulas[26]).toEqual(totals);
    expect(table.numberFormat[26]![3]).toBe("#,##0.00 €");

    const shrunk = tableData(entries(3, ["FR"], 500));
    await writeTableRows(record, shrunk);
    table = excel.control.table(inserted.name)!;
    expect(table.address).toBe("Reporting!A1:F5");
    expect(table.values.slice(1, 4)).toEqual(shrunk.rows);
    expect(table.formulas[4]).toEqual(totals);
    // Nothing of the old rows or the old totals row stays under the table; the note beside it stays.
    const below = excel.control.cells("Reporting!A6:F27");
    expect([...below.values.flat(), ...below.formulas.flat()].every((cell) => cell === "")).toBe(true);
    expect(excel.control.cells("Reporting!H2").values).toEqual([["note beside"]]);
  });

  it("filters a table with a totals row again over its header row and body only, the totals row left out of the filter", async () => {
    const { inserted, record } = await insertTable();
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem(inserted.name);
      table.showTotals = true;
      table.columns.getItem("Impressions").getTotalRowRange().formulas = [["=SUBTOTAL(109,[Impressions])"]];
      table.autoFilter.apply(table.getHeaderRowRange().getBoundingRect(table.getDataBodyRange()), 1, {
        filterOn: "Values",
        values: ["FR"],
      });
      await context.sync();
    });

    const grown = tableData(entries(20, ["FR", "DE"], 100));
    await writeTableRows(record, grown);
    const table = excel.control.table(inserted.name)!;
    expect(table.address).toBe("Reporting!A1:F22");
    expect(table.filters).toEqual({ "1": { filterOn: "Values", values: ["FR"] } });
    // The DE rows are hidden; the totals row (sheet row 22, after 20 body rows) is not.
    expect(table.hiddenRows).toEqual(grown.rows.flatMap((row, index) => (row[1] === "DE" ? [index] : [])));
    expect(table.formulas[21]![2]).toBe("=SUBTOTAL(109,[Impressions])");
  });

  it("refuses to grow a table with a totals row over data below it, and leaves the totals row as it was", async () => {
    const { inserted, record } = await insertTable();
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem(inserted.name);
      table.showTotals = true;
      // Right under the totals row (row 12): the table may not take it.
      context.workbook.worksheets.getItem("Reporting").getRange("C13").values = [["kept"]];
      await context.sync();
    });
    const before = excel.control.table(inserted.name)!;
    await expect(writeTableRows(record, tableData(entries(11)))).rejects.toMatchObject({
      paneMessage: expect.stringMatching(/needs 1 more rows below it, but Reporting!C13 holds data/),
    });
    expect(excel.control.table(inserted.name)).toEqual(before);
  });

  it("refuses a table whose header row is turned off, in words, without moving a row", async () => {
    const { inserted, record } = await insertTable();
    await Excel.run(async (context) => {
      context.workbook.tables.getItem(inserted.name).showHeaders = false;
      await context.sync();
    });
    const before = excel.control.table(inserted.name)!;
    expect(before.address).toBe("Reporting!A2:F11");
    await expect(writeTableRows(record, tableData(entries(4)))).rejects.toMatchObject({
      kind: "workbook",
      paneMessage: expect.stringMatching(
        /^The table Stats_by_Date_Country was not refreshed because its header row is turned off\. .*tick Header Row on the Table Design tab/,
      ),
    });
    expect(excel.control.table(inserted.name)).toEqual(before);
  });
});
