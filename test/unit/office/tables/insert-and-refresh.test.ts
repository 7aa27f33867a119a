import { insertQueryTable } from "../../../../src/office/tables/insert-table";
import { writeTableRows } from "../../../../src/office/tables/refresh-table";
import { OFFICE_2021 } from "../../../support/office-hosts";
import { installFakeExcel, type FakeExcel } from "../fake-excel";
import { entries, recordOf, tableData } from "./table-fixtures";

const EXCEL_LIMIT_BYTES = 5_000_000;

function expectEverySyncAccepted(excel: FakeExcel): void {
  expect(excel.state.syncs.filter((sync) => sync.refused || sync.bytes > EXCEL_LIMIT_BYTES)).toEqual([]);
}

/** Every cell of the sheet outside `except` (`A1:H9`-style boxes), as one comparable text. */
function outside(
  excel: FakeExcel,
  sheet: string,
  columns: number,
  rows: number,
  except: (row: number, column: number) => boolean,
): string {
  const letters = (n: number) => String.fromCharCode(65 + n);
  const all = excel.control.cells(`${sheet}!A1:${letters(columns - 1)}${rows}`);
  return JSON.stringify(
    all.values.map((row, r) =>
      row.map((value, c) => (except(r, c) ? null : [value, all.formulas[r]![c], all.numberFormat[r]![c]])),
    ),
  );
}

describe("Insert as table", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("writes every row as a named table on a new sheet: real dates, counts and money formatted, text as text, syncs under 5 MB", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(30_000));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    expect(inserted).toMatchObject({
      name: "Stats_by_Date_Country",
      sheet: "Reporting",
      rows: 30_000,
      address: "A1:F30001",
    });
    expect(inserted.headers).toEqual(["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests"]);
    expectEverySyncAccepted(excel);
    expect(excel.state.syncs.length).toBeGreaterThan(2);
    expect(excel.state.formulaLike).toEqual([]);
    const table = excel.control.table("Stats_by_Date_Country")!;
    expect(table.values.slice(0, 3)).toEqual([
      ["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests"],
      [46023, "FR", 1000, 2.5, 1.25, 2000],
      [46023, '=HYPERLINK("x")', 1001, 3.5, 1.25, 2001],
    ]);
    expect(table.numberFormat[2]).toEqual(["yyyy-mm-dd", "@", "#,##0", "#,##0.00", "#,##0.00", "#,##0"]);
    // No formula anywhere: the hostile name is a value.
    expect(
      table.formulas
        .flat()
        .some((cell) => typeof cell === "string" && cell.startsWith("=") && cell !== '=HYPERLINK("x")'),
    ).toBe(false);
    expect(excel.state.workbook.tables[0]!.name).toBe("Stats_by_Date_Country");
  });

  it("on a chosen sheet, goes right of what the sheet holds and gives a second table a name of its own", async () => {
    excel = installFakeExcel();
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2").values = [
        ["Notes", 1],
        ["kept", 2],
      ];
    });
    const data = tableData(entries(4));
    const first = await insertQueryTable(data, { kind: "existing", sheetName: "Sheet1" });
    const second = await insertQueryTable(data, { kind: "existing", sheetName: "Sheet1" });
    expect([first.address, first.sheet, first.name]).toEqual(["D1:I5", "Sheet1", "Stats_by_Date_Country"]);
    expect([second.address, second.name]).toEqual(["K1:P5", "Stats_by_Date_Country_2"]);
    expect(excel.control.cells("Sheet1!A1:B2").values).toEqual([
      ["Notes", 1],
      ["kept", 2],
    ]);
  });
});

describe("Refreshing a table", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  /** A table as a user leaves it: a calculated column added, revenues in euros, sorted by revenues, filtered to FR, a note beside it. */
  async function userTable(options: Parameters<typeof installFakeExcel>[0] = {}) {
    excel = installFakeExcel(options);
    const data = tableData(entries(10));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem(inserted.name);
      const margin = table.columns.add(undefined, undefined, "Margin");
      margin.getDataBodyRange().formulas = Array.from({ length: 10 }, () => ["=[@Revenues]*0.3"]);
      table.columns.getItem("Revenues").getDataBodyRange().numberFormat = Array.from({ length: 10 }, () => [
        "[$€-2] #,##0.00",
      ]);
      table.sort.apply([{ key: 3, ascending: false }]);
      table.autoFilter.apply(table.getRange(), 1, { filterOn: "Values", values: ["FR"] });
      context.workbook.worksheets.getItem("Reporting").getRange("J2:J3").values = [["beside"], ["the table"]];
      await context.sync();
    });
    return { inserted, record: recordOf(inserted, data) };
  }

  for (const [label, requirementSets] of [
    ["in Microsoft 365", undefined],
    ["in Office 2021", OFFICE_2021],
  ] as const) {
    it(`grows and shrinks to the new rows, keeping the user's column, formats, sort and filter, touching nothing outside: ${label}`, async () => {
      const { inserted, record } = await userTable(requirementSets ? { requirementSets: [...requirementSets] } : {});
      const besideBefore = outside(excel, "Reporting", 12, 40, (row, column) => column < 7 && row < 40);
      const grown = tableData(entries(25, ["FR", "DE"], 100));
      const written = await writeTableRows(record, grown);
      expect(written).toMatchObject({ excelId: inserted.excelId, name: inserted.name, sheet: "Reporting", rows: 25 });
      let table = excel.control.table(inserted.name)!;
      expect(table.address).toBe("Reporting!A1:G26");
      expect(table.values[0]).toEqual(["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests", "Margin"]);
      // Sorted again by revenues, descending, as the user left it; the rows are the new answer's.
      const body = table.values.slice(1).map((row) => row.slice(0, 6));
      const expected = grown.rows.map((row) => [...row]).sort((a, b) => (b[3] as number) - (a[3] as number));
      expect(body).toEqual(expected);
      expect(table.formulas.slice(1).map((row) => row[6])).toEqual(new Array(25).fill("=[@Revenues]*0.3"));
      expect(new Set(table.numberFormat.slice(1).map((row) => row[3]))).toEqual(new Set(["[$€-2] #,##0.00"]));
      expect(table.filters).toEqual({ "1": { filterOn: "Values", values: ["FR"] } });
      expect(table.hiddenRows).toHaveLength(grown.rows.filter((row) => row[1] !== "FR").length);
      expect(outside(excel, "Reporting", 12, 40, (row, column) => column < 7 && row < 40)).toBe(besideBefore);

      await writeTableRows(record, tableData(entries(3, ["FR"], 500)));
      table = excel.control.table(inserted.name)!;
      expect(table.address).toBe("Reporting!A1:G4");
      // What the table gave up is empty again.
      const below = excel.control.cells("Reporting!A5:G26");
      expect(below.values.flat().every((cell) => cell === "")).toBe(true);
      expect(below.formulas.flat().every((cell) => cell === "")).toBe(true);
      expect(outside(excel, "Reporting", 12, 40, (row, column) => column < 7 && row < 40)).toBe(besideBefore);
      expectEverySyncAccepted(excel);
      expect(excel.state.formulaLike).toEqual([]);
    });
  }

  it("keeps one blank row when the query returns none", async () => {
    const { inserted, record } = await userTable();
    expect(await writeTableRows(record, tableData([]))).toMatchObject({ rows: 0 });
    const table = excel.control.table(inserted.name)!;
    expect(table.address).toBe("Reporting!A1:G2");
    expect(table.values[1]!.slice(0, 6)).toEqual(["", "", "", "", "", ""]);
  });

  it("refuses to grow over data below the table, saying where, and leaves the old rows", async () => {
    const { inserted, record } = await userTable();
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Reporting").getRange("B15").values = [["total"]];
    });
    const before = excel.control.table(inserted.name)!;
    await expect(writeTableRows(record, tableData(entries(30)))).rejects.toMatchObject({
      kind: "workbook",
      paneMessage: expect.stringMatching(
        /^The table Stats_by_Date_Country was not refreshed: it needs 20 more rows below it, but Reporting!B15 holds data/,
      ),
    });
    expect(excel.control.table(inserted.name)!.values).toEqual(before.values);
  });

  it("finds a renamed table by its id, and says so when the table is gone", async () => {
    const { inserted, record } = await userTable();
    await Excel.run(async (context) => {
      context.workbook.tables.getItem(inserted.name).name = "Sales";
    });
    expect(await writeTableRows(record, tableData(entries(2)))).toMatchObject({ name: "Sales", rows: 2 });
    await Excel.run(async (context) => {
      context.workbook.tables.getItem("Sales").delete();
    });
    await expect(writeTableRows(record, tableData(entries(2)))).rejects.toMatchObject({
      paneMessage: expect.stringMatching(/is no longer in this workbook/),
    });
  });

  it("adds the query's new columns before the user's own when the query changes", async () => {
    const { inserted, record } = await userTable();
    const request = {
      ...record.query,
      filters: { from: "2026-01-01", to: "2026-03-31" },
      groups: ["date" as const, "country" as const, "format" as const],
    };
    const wider = tableData(
      entries(4).map((entry) => ({ ...entry, group: { ...entry.group, format: "interstitial" } })),
      { filters: request.filters, groups: request.groups, metrics: ["impressions", "revenues", "ecpm", "requests"] },
    );
    await writeTableRows(record, wider);
    const table = excel.control.table(inserted.name)!;
    expect(table.values[0]).toEqual([
      "Date",
      "Country",
      "Format",
      "Impressions",
      "Revenues",
      "eCPM",
      "Requests",
      "Margin",
    ]);
    expect(table.formulas[1]![7]).toBe("=[@Revenues]*0.3");
  });
});
