import { isReportingError } from "../../../src/client/errors";
import { readSelectedFormula, splitAddress, updateFormulaInPlace } from "../../../src/office/selection";
import { OFFICE_2021 } from "../../support/office-hosts";
import { installFakeExcel, type FakeExcel } from "./fake-excel";

const FORMULA = '=REPORTING.STATS("LAST_MONTH",,"date,country","revenues")';

async function writeFormula(address: string, formula: string): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange(address).formulas = [[formula]];
    await context.sync();
  });
}

describe("readSelectedFormula", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("reads the selected cell's formula as Range.formulas gives it", async () => {
    excel = installFakeExcel({ selection: "B2" });
    await writeFormula("B2", FORMULA);
    expect(await readSelectedFormula()).toEqual({ address: "Sheet1!B2", formula: FORMULA });
  });

  it("finds the formula of the spill a selected result cell belongs to", async () => {
    excel = installFakeExcel({ selection: "B2" });
    await writeFormula("B2", FORMULA);
    excel.control.spill("Sheet1!B2", [
      ["Date", "Country"],
      [46174, "FR"],
      [46175, "DE"],
    ]);
    excel.control.select("C4");
    expect(await readSelectedFormula()).toEqual({ address: "Sheet1!B2", formula: FORMULA });
  });

  it("finds a spill's formula in Office 2021, and gives none for a plain value", async () => {
    excel = installFakeExcel({ selection: "B2", requirementSets: OFFICE_2021 });
    await writeFormula("B2", FORMULA);
    excel.control.spill("Sheet1!B2", [["Date"], [46174]]);
    excel.control.select("B3");
    expect(await readSelectedFormula()).toEqual({ address: "Sheet1!B2", formula: FORMULA });
    await writeFormula("D2", "7");
    excel.control.select("D2");
    expect(await readSelectedFormula()).toEqual({ address: "Sheet1!D2", formula: "" });
  });
});

describe("updateFormulaInPlace", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("writes the new formula in the same cell, and nothing else", async () => {
    excel = installFakeExcel({ selection: "B2" });
    await writeFormula("B2", FORMULA);
    const before = excel.state.writes.length;
    const edited = '=REPORTING.STATS("LAST_MONTH",,"country","revenues")';
    await updateFormulaInPlace({ address: "Sheet1!B2", expected: FORMULA, formula: edited });
    expect(excel.state.writes.slice(before)).toEqual([{ kind: "formulas", target: "Sheet1!B2", value: [[edited]] }]);
    expect(excel.control.cells("Sheet1!B2").formulas).toEqual([[edited]]);
  });

  it("leaves a cell alone that changed since it was loaded, and says so", async () => {
    excel = installFakeExcel({ selection: "B2" });
    await writeFormula("B2", "=1+1");
    const before = excel.state.writes.length;
    const refused = await updateFormulaInPlace({ address: "Sheet1!B2", expected: FORMULA, formula: "=2" }).catch(
      (error: unknown) => error,
    );
    expect(isReportingError(refused) && refused.paneMessage).toMatch(
      /^The cell Sheet1!B2 changed since its formula was loaded, so it was not overwritten/,
    );
    expect(excel.state.writes.slice(before)).toEqual([]);
  });

  it("says what to do when the sheet is gone", async () => {
    excel = installFakeExcel({ selection: "B2" });
    const refused = await updateFormulaInPlace({ address: "Gone!B2", expected: FORMULA, formula: "=2" }).catch(
      (error: unknown) => error,
    );
    expect(isReportingError(refused) && refused.paneMessage).toMatch(/could not update the formula in Gone!B2/);
  });
});

describe("splitAddress", () => {
  it("reads quoted sheet names", () => {
    expect(splitAddress("'Q2 ''26'!B2")).toEqual({ sheet: "Q2 '26", cell: "B2" });
    expect(splitAddress("Sheet1!B2:C3")).toEqual({ sheet: "Sheet1", cell: "B2:C3" });
  });
});
