import { installFakeExcel, type FakeExcel } from "./fake-excel";

/** The fake of Excel's object model must refuse what Excel refuses, or the write tests prove nothing. */
describe("the recording fake of Excel", () => {
  let excel: FakeExcel;
  beforeEach(() => {
    excel = installFakeExcel();
  });
  afterEach(() => excel.restore());

  const column = (rows: number, value: string) => Array.from({ length: rows }, () => [value]);

  it("refuses a sync whose queued payload passes 5 MB, like Excel on the web, and applies none of it", async () => {
    const run = Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1").values = [["kept out"]];
      // The old single-sync date format of a 400,000-row table: about 6 MB.
      sheet.getRange("A2:A400001").numberFormat = column(400_000, "yyyy-mm-dd");
      await context.sync();
    });
    await expect(run).rejects.toMatchObject({ name: "RichApi.Error", code: "RequestPayloadSizeLimitExceeded" });
    expect(excel.state.syncs).toEqual([{ bytes: expect.any(Number), refused: true }]);
    expect(excel.state.syncs[0]!.bytes).toBeGreaterThan(5_000_000);
    expect(excel.state.writes).toEqual([]);
  });

  it("counts UTF-8 bytes, not characters", async () => {
    // 1.3 million emoji: 2.6 million UTF-16 units, 5.2 million bytes.
    const rocket = "🚀".repeat(1_300_000);
    await expect(
      Excel.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[rocket]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["a".repeat(4_900_000)]];
      await context.sync();
    });
    expect(excel.state.syncs.map((sync) => sync.refused)).toEqual([true, false]);
  });

  it("counts the base64 of an inserted workbook", async () => {
    const run = Excel.run(async (context) => {
      context.workbook.insertWorksheetsFromBase64("A".repeat(5_100_000));
      await context.sync();
    });
    await expect(run).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
  });

  it("applies what a batch queued, in order, at each sync and when Excel.run ends", async () => {
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add("Data");
      sheet.getRange("A1:B1").numberFormat = [["@", "General"]];
      sheet.getRange("A1:B1").values = [["-foo", "=1+1"]];
      await context.sync();
      expect(excel.state.writes.map((write) => write.kind)).toEqual(["addWorksheet", "numberFormat", "values"]);
      sheet.activate();
    });
    expect(excel.state.writes.map((write) => write.kind)).toEqual([
      "addWorksheet",
      "numberFormat",
      "values",
      "activate",
    ]);
    expect(excel.state.writes[2]).toEqual({
      kind: "values",
      target: "Data!A1:B1",
      value: [["-foo", "=1+1"]],
      numberFormat: [["@", "General"]],
    });
  });

  it("lists every text Excel would read as a formula: = + - or @ first, in a cell not formatted as text", async () => {
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1:A2").numberFormat = [["@"], ["@"]];
      sheet.getRange("A1:B4").values = [
        ["=SUM(1)", "=SUM(1)"],
        ["+33 6", "+33 6"],
        ["plain", "-foo"],
        [12, "@sum"],
      ];
      sheet.getRange("C1").formulas = [["=A1"]];
    });
    expect(excel.state.formulaLike).toEqual([
      { target: "Sheet1!B1", text: "=SUM(1)", numberFormat: "General" },
      { target: "Sheet1!B2", text: "+33 6", numberFormat: "General" },
      { target: "Sheet1!B3", text: "-foo", numberFormat: "General" },
      { target: "Sheet1!B4", text: "@sum", numberFormat: "General" },
    ]);
  });

  it("answers requirement sets as configured", () => {
    excel.restore();
    excel = installFakeExcel({ requirementSets: ["CustomFunctionsRuntime 1.3", "ExcelApi 1.19"] });
    const requirements = Office.context.requirements;
    expect(requirements.isSetSupported("CustomFunctionsRuntime", "1.3")).toBe(true);
    expect(requirements.isSetSupported("CustomFunctionsRuntime", "1.4")).toBe(false);
    expect(requirements.isSetSupported("ExcelApi", "1.8")).toBe(true);
    expect(requirements.isSetSupported("SharedRuntime", "1.1")).toBe(false);
  });
});
