import type { SpillTable } from "../../../src/core/rows/spill-table";
import { insertFormulaAtSelection } from "../../../src/office/workbook";
import { installFakeExcel, type FakeExcel } from "./fake-excel";

const FORMULA = '=REPORTING.STATS("2026-01-01","2026-01-31","country","revenues")';
/** A two-column answer of `rows` countries, header first. */
const answer = (rows: number): SpillTable => ({
  rows: [["Country", "Revenues"], ...Array.from({ length: rows }, (_, index) => [`C${index}`, index])],
  dateColumns: [],
  dataRowCount: rows,
});

/** A user's table on Sheet1 at A1:C4 (Region, Budget, Owner), optionally with its totals row (A5). */
async function userTable(totals = false): Promise<void> {
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    sheet.getRange("A1:C4").values = [
      ["Region", "Budget", "Owner"],
      ["North", 10, "Ann"],
      ["South", 20, "Bo"],
      ["East", 30, "Cy"],
    ];
    const table = sheet.tables.add("A1:C4", true);
    table.name = "Budget";
    if (totals) table.showTotals = true;
    await context.sync();
  });
}

describe("Inserting a formula next to a table", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("(what Excel does) a formula written right under a table joins it, and its result cannot spill there", async () => {
    excel = installFakeExcel();
    await userTable();
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A5").formulas = [[FORMULA]];
      await context.sync();
    });
    expect(excel.control.table("Budget")!.address).toBe("Sheet1!A1:C5");
    excel.control.spill("Sheet1!A5", answer(3).rows);
    expect(excel.control.cells("Sheet1!A5:B6").values).toEqual([
      ["#SPILL!", ""],
      ["", ""],
    ]);
  });

  for (const [where, cell, words] of [
    [
      "right under its last row",
      "A5",
      /^The formula was not inserted: Sheet1!A5 is right under the table Budget, so Excel would take it into the table/,
    ],
    ["right of its last column", "D3", /^The formula was not inserted: Sheet1!D3 is right beside the table Budget/],
    ["inside it", "B3", /^The formula was not inserted: its result would spill from Sheet1!B3 into the table Budget/],
  ] as const) {
    it(`refuses a cell ${where}, where Excel's automatic expansion would give #SPILL!, and leaves the table alone`, async () => {
      excel = installFakeExcel({ selection: cell });
      await userTable();
      const before = excel.control.table("Budget")!;
      await expect(insertFormulaAtSelection({ formula: FORMULA, result: answer(3) })).rejects.toMatchObject({
        kind: "workbook",
        paneMessage: expect.stringMatching(words),
      });
      expect(excel.control.table("Budget")).toEqual(before);
      expect(excel.state.writes.some((write) => write.kind === "formulas")).toBe(false);
    });
  }

  it("refuses a cell whose result would spill over a table further down", async () => {
    excel = installFakeExcel({ selection: "B2" });
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("B10:C11").values = [
        ["Region", "Budget"],
        ["North", 10],
      ];
      sheet.tables.add("B10:C11", true).name = "Budget";
      await context.sync();
    });
    await expect(insertFormulaAtSelection({ formula: FORMULA, result: answer(12) })).rejects.toMatchObject({
      paneMessage: expect.stringMatching(/would spill from Sheet1!B2 into the table Budget/),
    });
  });

  it("inserts with an empty row between it and the table, or under a totals row, and the result spills", async () => {
    excel = installFakeExcel({ selection: "A6" });
    await userTable();
    const before = excel.control.table("Budget")!;
    expect(await insertFormulaAtSelection({ formula: FORMULA, result: answer(3) })).toEqual({ address: "Sheet1!A6" });
    excel.control.spill("Sheet1!A6", answer(3).rows);
    expect(excel.control.cells("Sheet1!A6:B7").values).toEqual([
      ["Country", "Revenues"],
      ["C0", 0],
    ]);
    expect(excel.control.table("Budget")).toEqual(before);

    excel.restore();
    excel = installFakeExcel({ selection: "A6" });
    await userTable(true);
    expect(excel.control.table("Budget")!.address).toBe("Sheet1!A1:C5");
    await insertFormulaAtSelection({ formula: FORMULA, result: answer(3) });
    expect(excel.control.table("Budget")!.address).toBe("Sheet1!A1:C5");
  });
});
