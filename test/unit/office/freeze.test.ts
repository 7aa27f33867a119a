import { isReportingError } from "../../../src/client/errors";
import type { FreezePlan, FreezeSourceInfo } from "../../../src/core/freeze-note";
import { freezeSelection } from "../../../src/office/freeze";
import { tableColumnsOf, type TableCell, type TableData } from "../../../src/core/workbook-queries/table-columns";
import { insertQueryTable } from "../../../src/office/tables/insert-table";
import { EXCELAPI_WITHOUT_DATA_TYPES, OFFICE_2021 } from "../../support/office-hosts";
import { installFakeExcel, type FakeExcel } from "./fake-excel";

const EXCEL_LIMIT_BYTES = 5_000_000;
const NOTE: [string, string][] = [
  ["Frozen values", "Copied from somewhere."],
  ["Query", '=REPORTING.STATS("LAST_MONTH")'],
];
const STATS_FORMULA = '=REPORTING.STATS("LAST_MONTH",,"date,country","revenues")';

function tableRows(count: number): TableCell[][] {
  const rows: TableCell[][] = [["Date", "Country", "Revenues"]];
  const names = ["FR", '=HYPERLINK("http://x")', "+33 6", "-foo", "@sum", ""];
  for (let index = 0; index < count; index++)
    rows.push([46174 + (index % 30), names[index % names.length]!, index * 1.25]);
  return rows;
}

/** The rows (header first) as the table of a query of revenues by date and country. */
function dateCountryTable(rows: readonly TableCell[][]): TableData {
  const [header = [], ...data] = rows;
  return {
    header: header.map(String),
    rows: data,
    columns: tableColumnsOf({
      filters: { from: "2026-06-01", to: "2026-06-30" },
      groups: ["date", "country"],
      metrics: ["revenues"],
    }),
  };
}

function planning(seen: FreezeSourceInfo[], base = "Jun 2026"): (source: FreezeSourceInfo) => Promise<FreezePlan> {
  return async (source) => {
    seen.push(source);
    return { sheetBase: base, note: NOTE };
  };
}

function expectEverySyncAccepted(excel: FakeExcel): void {
  expect(excel.state.syncs.filter((sync) => sync.refused || sync.bytes > EXCEL_LIMIT_BYTES)).toEqual([]);
}

async function writeFormula(address: string, formula: string): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange(address).formulas = [[formula]];
    await context.sync();
  });
}

describe("freezeSelection", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("copies the selected table as values with its formats, under the note, texts as text", async () => {
    excel = installFakeExcel();
    const rows = tableRows(40);
    const inserted = await insertQueryTable(dateCountryTable(rows), { kind: "new", sheetName: "Reporting" });
    excel.control.select("Reporting!B7");
    const seen: FreezeSourceInfo[] = [];
    const syncsBefore = excel.state.syncs.length;
    const frozen = await freezeSelection(planning(seen));

    expect(frozen).toMatchObject({ sheetName: "Jun 2026 (frozen)", rows: 41, columns: 3 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ kind: "table", address: "Reporting!A1:C41", tableName: inserted.name });
    expect(seen[0]!.rows).toEqual(rows);
    const source = excel.control.cells("Reporting!A1:C41");
    const copy = excel.control.cells("'Jun 2026 (frozen)'!A4:C44");
    expect(copy.values).toEqual(source.values);
    expect(copy.numberFormat).toEqual(source.numberFormat);
    expect(copy.formulas).toEqual(source.values);
    expect(excel.control.cells("'Jun 2026 (frozen)'!A1:B2").values).toEqual(NOTE);
    expect(excel.state.formulaLike).toEqual([]);
    expect(excel.state.syncs.length).toBeGreaterThan(syncsBefore);
    expectEverySyncAccepted(excel);
  });

  it("copies a 100,000-row table in blocks, every sync under 5 MB both ways", async () => {
    excel = installFakeExcel();
    await insertQueryTable(dateCountryTable(tableRows(100_000)), { kind: "new", sheetName: "Reporting" });
    excel.control.select("Reporting!A1");
    const syncsBefore = excel.state.syncs.length;
    const frozen = await freezeSelection(planning([]));
    expect(frozen.rows).toBe(100_001);
    expect(excel.state.syncs.length - syncsBefore).toBeGreaterThan(4);
    expectEverySyncAccepted(excel);
    expect(excel.control.cells("'Jun 2026 (frozen)'!A100004:C100004").values).toEqual(
      excel.control.cells("Reporting!A100001:C100001").values,
    );
    expect(excel.state.formulaLike).toEqual([]);
  }, 60_000);

  it("reads a spill of long texts in blocks small enough for Excel's answers", async () => {
    excel = installFakeExcel();
    await writeFormula("B2", STATS_FORMULA);
    const long = "x".repeat(2_000);
    excel.control.spill(
      "Sheet1!B2",
      Array.from({ length: 3_000 }, (_, index) => [index, long]),
    );
    const frozen = await freezeSelection(planning([]));
    expect(frozen.rows).toBe(3_000);
    expectEverySyncAccepted(excel);
    expect(excel.state.syncs.filter((sync) => sync.bytes > 1_000_000).length).toBeGreaterThan(2);
  });

  it("copies the spill of the REPORTING formula the selection is in, its dates keeping the format they carry", async () => {
    excel = installFakeExcel();
    await writeFormula("B2", STATS_FORMULA);
    const date = (serial: number) => ({ type: "FormattedNumber", basicValue: serial, numberFormat: "yyyy-mm-dd" });
    excel.control.spill("Sheet1!B2", [
      ["Date", "Country", "Revenues"],
      [date(46174), "=cmd", 12.5],
      [date(46175), "DE", 3],
    ]);
    excel.control.select("C3");
    const seen: FreezeSourceInfo[] = [];
    const frozen = await freezeSelection(planning(seen));
    expect(seen[0]).toMatchObject({ kind: "spill", address: "Sheet1!B2:D4", formula: STATS_FORMULA });
    const copy = excel.control.cells(`'${frozen.sheetName}'!A4:C6`);
    expect(copy.values).toEqual([
      ["Date", "Country", "Revenues"],
      [46174, "=cmd", 12.5],
      [46175, "DE", 3],
    ]);
    expect(copy.numberFormat.map((row) => row[0])).toEqual(["@", "yyyy-mm-dd", "yyyy-mm-dd"]);
    expect(copy.numberFormat[1]![1]).toBe("@");
    expect(excel.state.formulaLike).toEqual([]);
  });

  it.each([
    ["Office 2021", OFFICE_2021],
    ["ExcelApi 1.16 without data types (office-js 3504)", EXCELAPI_WITHOUT_DATA_TYPES],
  ])("copies a spill of bare serial dates in %s, reading values, not valuesAsJson", async (_host, requirementSets) => {
    excel = installFakeExcel({ requirementSets });
    await writeFormula("B2", STATS_FORMULA);
    excel.control.spill("Sheet1!B2", [
      ["Date", "Revenues"],
      [46174, 12.5],
    ]);
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B3").numberFormat = [["yyyy-mm-dd"]];
      await context.sync();
    });
    const frozen = await freezeSelection(planning([]));
    const copy = excel.control.cells(`'${frozen.sheetName}'!A4:B5`);
    expect(copy.values).toEqual([
      ["Date", "Revenues"],
      [46174, 12.5],
    ]);
    expect(copy.numberFormat[1]).toEqual(["yyyy-mm-dd", "General"]);
  });

  it("makes the new sheet's name unique", async () => {
    excel = installFakeExcel();
    await writeFormula("B2", STATS_FORMULA);
    excel.control.spill("Sheet1!B2", [["Date"], [1]]);
    expect((await freezeSelection(planning([]))).sheetName).toBe("Jun 2026 (frozen)");
    excel.control.select("Sheet1!B2");
    expect((await freezeSelection(planning([]))).sheetName).toBe("Jun 2026 (frozen 2)");
  });

  it("says what to select when the selection is no table or REPORTING result, and writes nothing", async () => {
    excel = installFakeExcel();
    await writeFormula("B2", "=SEQUENCE(3)");
    excel.control.spill("Sheet1!B2", [[1], [2], [3]]);
    excel.control.select("B3");
    const before = excel.state.writes.length;
    const refused = await freezeSelection(planning([])).catch((error: unknown) => error);
    expect(isReportingError(refused) && refused.paneMessage).toBe(
      "Select a cell of an Excel table or of a REPORTING formula's result, then choose Freeze selection as values.",
    );
    expect(excel.state.writes.length).toBe(before);
  });

  it("copies a selected table in Office 2021 as well", async () => {
    excel = installFakeExcel({ requirementSets: OFFICE_2021 });
    await insertQueryTable(dateCountryTable(tableRows(3)), { kind: "new", sheetName: "Reporting" });
    excel.control.select("Reporting!A2");
    const seen: FreezeSourceInfo[] = [];
    expect(await freezeSelection(planning(seen))).toMatchObject({ rows: 4, columns: 3 });
    expect(seen[0]).toMatchObject({ kind: "table" });
  });
});
