import { insertQueryTable } from "../../../../src/office/tables/insert-table";
import { linkedTablesNow } from "../../../../src/office/tables/linked-tables";
import { writeTableRows } from "../../../../src/office/tables/refresh-table";
import { holdsQueryColumns } from "../../../../src/core/workbook-queries/written-headers";
import { installFakeExcel, type FakeExcel } from "../fake-excel";
import { entries, recordOf, tableData } from "./table-fixtures";

describe("Table names and ids as Excel hands them out", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("gives a new table a name no defined name has, workbook-wide or of a sheet", async () => {
    excel = installFakeExcel();
    await Excel.run(async (context) => {
      context.workbook.names.add("Stats_by_Date_Country", "=Sheet1!$A$1");
      context.workbook.worksheets.getItem("Sheet1").names.add("stats_by_date_country_2", "=Sheet1!$B$1");
      await context.sync();
    });
    const inserted = await insertQueryTable(tableData(entries(4)), { kind: "new", sheetName: "Reporting" });
    expect(inserted.name).toBe("Stats_by_Date_Country_3");
    expect(excel.state.workbook.tables.map((table) => table.name)).toEqual(["Stats_by_Date_Country_3"]);
  });

  it.each([
    ["on another sheet", "Sheet1"],
    ["on the record's own sheet", "Reporting"],
  ])(
    "does not take a table the user built %s, with the deleted table's id, for the record's table",
    async (_where, userSheet) => {
      excel = installFakeExcel();
      const data = tableData(entries(4));
      const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
      const record = recordOf(inserted, data);
      // The user deletes the query's table, then makes a table of their own: Excel gives it the same id.
      await Excel.run(async (context) => {
        context.workbook.tables.getItem(inserted.name).delete();
        const sheet = context.workbook.worksheets.getItem(userSheet);
        sheet.getRange("A1:B3").values = [
          ["Budget", "Amount"],
          ["Rent", 1200],
          ["Travel", 300],
        ];
        sheet.tables.add("A1:B3", true);
        await context.sync();
      });
      const budget = excel.control.table("Table1")!;
      expect(budget.id).toBe(inserted.excelId);

      await expect(writeTableRows(record, tableData(entries(6)))).rejects.toMatchObject({
        kind: "workbook",
        paneMessage: expect.stringMatching(/^The table Stats_by_Date_Country is no longer in this workbook/),
      });
      expect(excel.control.table("Table1")).toEqual(budget);
      expect(await linkedTablesNow([record])).toEqual(new Map([[record.id, { found: false }]]));
    },
  );

  it("still refreshes the record's table the user renamed on its sheet", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(4));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    const record = recordOf(inserted, data);
    await Excel.run(async (context) => {
      context.workbook.tables.getItem(inserted.name).name = "March_report";
      await context.sync();
    });
    expect(await writeTableRows(record, tableData(entries(6)))).toMatchObject({
      name: "March_report",
      sheet: "Reporting",
      rows: 6,
    });
    expect(await linkedTablesNow([record])).toEqual(
      new Map([[record.id, { found: true, name: "March_report", sheet: "Reporting", rows: 6 }]]),
    );
  });

  it("knows the query's columns under either header style, compared or legacy, whatever their case", () => {
    const stats = {
      query: {
        period: { word: "LAST_7_DAYS" as const },
        groups: [],
        metrics: [],
        filters: {},
        orders: [],
        compare: "previous_period" as const,
      },
      columns: ["date", "revenues", "revenues_change_pct"],
    };
    expect(holdsQueryColumns(stats, ["Date", "Revenues", "Revenues change %", "Notes"])).toBe(true);
    expect(holdsQueryColumns(stats, ["DATE", "revenues", "revenues_change_pct"])).toBe(true);
    expect(holdsQueryColumns(stats, ["Date", "Revenues"])).toBe(false);
    expect(holdsQueryColumns(stats, ["Budget", "Amount", "Revenues change %"])).toBe(false);
    const legacy = {
      query: { source: "legacy" as const, period: { word: "LAST_7_DAYS" as const }, groupBy: ["application" as const] },
      columns: ["asset", "impressions", "revenues", "ecpm", "requests"],
    };
    expect(holdsQueryColumns(legacy, ["Application", "Impressions", "Revenues", "eCPM", "Requests"])).toBe(true);
    expect(holdsQueryColumns(legacy, ["application", "impressions", "revenue", "ecpm", "requests"])).toBe(true);
  });
});
