import { installFakeExcel, type FakeExcel } from "./fake-excel";

/** The fake's tables as Excel shapes them: Total Row, Header Row, AutoFilter criteria, misplaced writes. */
describe("fake Excel tables", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  beforeEach(async () => {
    excel = installFakeExcel();
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1:B5").values = [
        ["Country", "Revenues"],
        ["FR", 1],
        ["DE", 2],
        ["FR", 3],
        ["IT", 4],
      ];
      sheet.tables.add("A1:B5", true).name = "Sales";
      await context.sync();
    });
  });

  async function addresses(): Promise<Record<string, string>> {
    return Excel.run(async (context) => {
      const table = context.workbook.tables.getItem("Sales");
      const parts = { range: table.getRange(), body: table.getDataBodyRange() };
      for (const part of Object.values(parts)) part.load("address");
      await context.sync();
      return { range: parts.range.address, body: parts.body.address };
    });
  }

  async function partOf(part: "getTotalRowRange" | "getHeaderRowRange"): Promise<string> {
    return Excel.run(async (context) => {
      const range = context.workbook.tables.getItem("Sales")[part]();
      range.load("address");
      await context.sync();
      return range.address;
    });
  }

  it("counts the totals row in getRange() only, and has no totals row range while it is hidden", async () => {
    await expect(partOf("getTotalRowRange")).rejects.toMatchObject({ code: "InvalidArgument" });
    await Excel.run(async (context) => {
      context.workbook.tables.getItem("Sales").showTotals = true;
      await context.sync();
    });
    expect(await addresses()).toEqual({ range: "Sheet1!A1:B6", body: "Sheet1!A2:B5" });
    expect(await partOf("getTotalRowRange")).toBe("Sheet1!A6:B6");
    expect(excel.control.cells("Sheet1!A6:B6").formulas).toEqual([["Total", "=SUBTOTAL(109,[Revenues])"]]);
    // Hidden, then shown again: Excel keeps what the row held.
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem("Sales");
      table.getTotalRowRange().formulas = [["All", "=SUBTOTAL(104,[Revenues])"]];
      table.showTotals = false;
      await context.sync();
    });
    expect(excel.control.cells("Sheet1!A6:B6").formulas).toEqual([["", ""]]);
    expect(await addresses()).toEqual({ range: "Sheet1!A1:B5", body: "Sheet1!A2:B5" });
    await Excel.run(async (context) => {
      context.workbook.tables.getItem("Sales").showTotals = true;
      await context.sync();
    });
    expect(excel.control.cells("Sheet1!A6:B6").formulas).toEqual([["All", "=SUBTOTAL(104,[Revenues])"]]);
  });

  it("starts the table at its first data row while the header row is hidden", async () => {
    await Excel.run(async (context) => {
      context.workbook.tables.getItem("Sales").showHeaders = false;
      await context.sync();
    });
    expect(await addresses()).toEqual({ range: "Sheet1!A2:B5", body: "Sheet1!A2:B5" });
    await expect(partOf("getHeaderRowRange")).rejects.toMatchObject({ code: "InvalidArgument" });
    expect(excel.control.cells("Sheet1!A1:B1").values).toEqual([["", ""]]);
  });

  it("gives AutoFilter criteria with null properties, which apply() refuses, and misplaces values written over hidden rows", async () => {
    const criteria = await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem("Sales");
      table.autoFilter.apply(table.getRange(), 0, { filterOn: "Values", values: ["FR"] });
      const filter = table.autoFilter;
      filter.load("criteria");
      await context.sync();
      return filter.criteria;
    });
    expect(criteria[0]).toMatchObject({ filterOn: "Values", values: ["FR"], criterion1: null });
    expect(criteria[1]).toMatchObject({ filterOn: null });
    await expect(
      Excel.run(async (context) => {
        const table = context.workbook.tables.getItem("Sales");
        table.autoFilter.apply(table.getRange(), 0, criteria[0]!);
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
    // DE and IT (rows 3 and 5) are hidden: the first two values land on rows 2 and 4, the others are lost (office-js #224).
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B2:B5").values = [[10], [20], [30], [40]];
      await context.sync();
    });
    expect(excel.control.cells("Sheet1!B2:B5").values).toEqual([[10], [2], [20], [4]]);
  });

  it("filters a table over its header row and body: a range with the totals row is refused", async () => {
    const filterOver = (range: (table: Excel.Table) => Excel.Range) =>
      Excel.run(async (context) => {
        const table = context.workbook.tables.getItem("Sales");
        table.showTotals = true;
        table.autoFilter.apply(range(table), 0, { filterOn: "Values", values: ["FR"] });
        await context.sync();
      });
    await expect(filterOver((table) => table.getRange())).rejects.toMatchObject({ code: "InvalidArgument" });
    await filterOver((table) => table.getHeaderRowRange().getBoundingRect(table.getDataBodyRange()));
    // DE and IT are hidden; the totals row under them is not a body row and stays shown.
    expect(excel.control.table("Sales")!.hiddenRows).toEqual([1, 3]);
  });
});
