import type { FakeSavedWorkbook } from "../../e2e/support/fake-office";
import { freezeSelection } from "../../../src/office/freeze";
import { insertQueryTable } from "../../../src/office/tables/insert-table";
import { workbookQueryStore } from "../../../src/office/tables/query-store";
import { loadWithDocument } from "../../../src/office/tables/startup";
import { DISABLE_TRUST_UX } from "../../../src/office/trust";
import { insertFormulaAtSelection } from "../../../src/office/workbook";
import { installFakeExcel, type FakeExcel } from "./fake-excel";
import { entries, recordOf, tableData } from "./tables/table-fixtures";

const FORMULA = '=REPORTING.STATS("LAST_MONTH",,"date,country","revenues")';

/** What the saved file keeps in its document settings. */
function savedSettings(excel: FakeExcel): Record<string, unknown> {
  return (JSON.parse(excel.control.save()) as FakeSavedWorkbook).workbook.settings;
}

describe("a workbook opened by a colleague without the add-in", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it.each([
    [
      "a formula is inserted",
      async () =>
        void (await insertFormulaAtSelection({
          formula: FORMULA,
          result: { rows: [["Date", "Country", "Revenues"]], dateColumns: [0], dataRowCount: 0 },
        })),
    ],
    [
      "a table keeps its query",
      async () => {
        const data = tableData(entries(2));
        await workbookQueryStore().put(
          recordOf(await insertQueryTable(data, { kind: "new", sheetName: "Reporting" }), data),
        );
      },
    ],
    ["it refreshes on open", async () => void (await loadWithDocument(true))],
  ])("is saved with Office.DisableTrustUX once %s, so that it shows no trust prompt", async (_when, act) => {
    excel = installFakeExcel();
    expect(savedSettings(excel)[DISABLE_TRUST_UX]).toBeUndefined();
    await act();
    expect(savedSettings(excel)[DISABLE_TRUST_UX]).toBe(true);
  });

  it("reads a frozen sheet as it was: values and formats, no REPORTING formula left", async () => {
    excel = installFakeExcel();
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B2").formulas = [[FORMULA]];
      await context.sync();
    });
    const date = (serial: number) => ({ type: "FormattedNumber", basicValue: serial, numberFormat: "yyyy-mm-dd" });
    excel.control.spill("Sheet1!B2", [
      ["Date", "Country", "Revenues"],
      [date(46174), "=cmd", 12.5],
      [date(46175), "DE", 3],
    ]);
    const frozen = await freezeSelection(async () => ({ sheetBase: "Jun 2026", note: [["Query", FORMULA]] }));
    expect(savedSettings(excel)[DISABLE_TRUST_UX]).toBe(true);

    // The file opened where no add-in answers REPORTING: only what the cells hold is left.
    const saved = excel.control.save();
    excel.restore();
    excel = installFakeExcel({ workbook: saved });
    const cells = excel.control.cells(`'${frozen.sheetName}'!A1:C5`);
    const formulaCells = cells.formulas.flat().filter((cell, index) => cell !== cells.values.flat()[index]);
    expect(formulaCells).toEqual([]);
    expect(cells.values).toEqual([
      ["Query", FORMULA, ""],
      ["", "", ""],
      ["Date", "Country", "Revenues"],
      [46174, "=cmd", 12.5],
      [46175, "DE", 3],
    ]);
    // The formula's text and the service's texts stay text: formatted "@", never read as formulas.
    expect(cells.numberFormat[0]![1]).toBe("@");
    expect(cells.numberFormat[3]).toEqual(["yyyy-mm-dd", "@", "General"]);
    expect(excel.state.formulaLike).toEqual([]);
  });
});

describe("a workbook whose settings cannot be saved (opened read-only)", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("still reports an inserted formula as inserted: the trust setting is best effort", async () => {
    excel = installFakeExcel({ settingsSaveFails: "The document is read-only." });
    const inserted = await insertFormulaAtSelection({
      formula: FORMULA,
      result: { rows: [["Date", "Country", "Revenues"]], dateColumns: [0], dataRowCount: 0 },
    });
    expect(inserted.address).toBe("Sheet1!B2");
    expect(excel.control.cells("Sheet1!B2").formulas).toEqual([[FORMULA]]);
  });

  it("still keeps a table's query in its part, so a retry does not make a second table", async () => {
    excel = installFakeExcel({ settingsSaveFails: "The document is read-only." });
    const data = tableData(entries(2));
    const record = recordOf(await insertQueryTable(data, { kind: "new", sheetName: "Reporting" }), data);
    await expect(workbookQueryStore().put(record)).resolves.toBeUndefined();
    const listed = await workbookQueryStore().list();
    expect(listed.records.map((stored) => stored.id)).toEqual([record.id]);
  });
});
