import { reportingFormulaCensus } from "../../../../src/office/tables/formula-census";
import { installFakeExcel, type FakeExcel } from "../fake-excel";

describe("the Queries tab's count of REPORTING formulas", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("counts the development add-in's REPORTINGDEV formulas and Excel's placeholders beside production's", async () => {
    excel = installFakeExcel();
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1:A5").formulas = [
        ['=REPORTINGDEV.STATS("LAST_MONTH")'],
        ['=REPORTING.VALUE("revenues","MTD")'],
        ["=_xldudf_REPORTINGDEV_DATES()"],
        ["=REPORTING_TOTAL*2"],
        ["=1+1"],
      ];
      await context.sync();
    });
    expect(await reportingFormulaCensus()).toEqual([{ sheet: "Sheet1", count: 3 }]);
  });
});
