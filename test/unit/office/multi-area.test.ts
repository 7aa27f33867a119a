import { isReportingError } from "../../../src/client/errors";
import { freezeSelection } from "../../../src/office/freeze";
import { readSelectedFormula } from "../../../src/office/selection";
import { insertFormulaAtSelection } from "../../../src/office/workbook";
import { installFakeExcel, type FakeExcel } from "./fake-excel";

const FORMULA = '=REPORTING.STATS("LAST_MONTH",,"country","revenues")';

async function refusal(action: () => Promise<unknown>): Promise<string> {
  const error = await action().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isReportingError(error)) throw new Error(`expected the add-in's own error, got ${String(error)}`);
  return error.paneMessage;
}

describe("a selection of several areas (Ctrl+click)", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("makes the fake's getSelectedRange fail at the sync, as Excel does, while getSelectedRanges reads every area", async () => {
    excel = installFakeExcel();
    excel.user.selectAreas(["Sheet1!B2", "Sheet1!D4:E5"]);
    await expect(
      Excel.run(async (context) => {
        context.workbook.getSelectedRange().load("address");
        await context.sync();
      }),
    ).rejects.toMatchObject({ name: "RichApi.Error" });
    const read = await Excel.run(async (context) => {
      const areas = context.workbook.getSelectedRanges();
      areas.load("areaCount, address");
      await context.sync();
      return [areas.areaCount, areas.address];
    });
    expect(read).toEqual([2, "Sheet1!B2,Sheet1!D4:E5"]);
  });

  it("is refused in plain words by Insert formula, Edit selected formula and Freeze, and nothing is written", async () => {
    excel = installFakeExcel();
    excel.user.selectAreas(["Sheet1!B2", "Sheet1!D4"]);
    const writesBefore = excel.state.writes.length;
    const messages = [
      await refusal(() =>
        insertFormulaAtSelection({
          formula: FORMULA,
          result: { rows: [["Country", "Revenues"]], dateColumns: [], dataRowCount: 0 },
        }),
      ),
      await refusal(() => readSelectedFormula()),
      await refusal(() => freezeSelection(async () => ({ sheetBase: "x", note: [] }))),
    ];
    expect(messages).toEqual([
      "Several areas are selected. Select only the cell where the formula should go, then try again.",
      "Several areas are selected. Select only the formula's cell, then try again.",
      "Several areas are selected. Select only one cell of the table or of the formula's result, then try again.",
    ]);
    expect(excel.state.writes.length).toBe(writesBefore);

    excel.control.select("B2");
    expect(
      await insertFormulaAtSelection({
        formula: FORMULA,
        result: { rows: [["Country", "Revenues"]], dateColumns: [], dataRowCount: 0 },
      }),
    ).toEqual({ address: "Sheet1!B2" });
  });
});
