import type { GroupName, MetricName, StatsEntry } from "../../../src/api";
import { tableColumnsOf, type TableCell, type TableData } from "../../../src/core/workbook-queries/table-columns";
import { spillCall } from "../../../src/office/custom-function-calls";
import { insertQueryTable } from "../../../src/office/tables/insert-table";
import { insertFormulaAtSelection, insertWorkbookSheets } from "../../../src/office/workbook";
import { columnFormats, installFakeExcel, rangeOf, type FakeExcel } from "./fake-excel";
import { functionsAnswering, largeStats } from "./large-answers";

const EXCEL_LIMIT_BYTES = 5_000_000;
const SERIAL_DATES = ["CustomFunctionsRuntime 1.3", "ExcelApi 1.19", "SharedRuntime 1.1"];
const FORMATTED_DATES = ["CustomFunctionsRuntime 1.4", "ExcelApi 1.19", "SharedRuntime 1.1"];
const HOSTILE_NAMES = ['=HYPERLINK("http://x")', "+33 6 12 34 56 78", "-foo", "@sum"];

function tableRows(count: number, names: readonly string[] = ["FR", "DE"]): TableCell[][] {
  const rows: TableCell[][] = [["Date", "Country", "Revenues"]];
  for (let index = 0; index < count; index++)
    rows.push([45658 + (index % 365), names[index % names.length]!, index * 1.25]);
  return rows;
}

/** The rows (header first) as a table of a query grouped by `groups` with `metrics`. */
function tableOf(rows: readonly TableCell[][], groups: GroupName[], metrics: MetricName[]): TableData {
  const [header = [], ...data] = rows;
  return {
    header: header.map(String),
    rows: data,
    columns: tableColumnsOf({ filters: { from: "2025-01-01", to: "2025-12-31" }, groups, metrics }),
  };
}

function expectEverySyncAccepted(excel: FakeExcel): void {
  expect(excel.state.syncs.length).toBeGreaterThan(0);
  expect(excel.state.syncs.filter((sync) => sync.refused || sync.bytes > EXCEL_LIMIT_BYTES)).toEqual([]);
}

describe("insertQueryTable, the pane's table writer", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("point 2: writes 400,000 rows with every sync under 5 MB and every date formatted", async () => {
    excel = installFakeExcel();
    const inserted = await insertQueryTable(tableOf(tableRows(400_000), ["date", "country"], ["revenues"]), {
      kind: "new",
      sheetName: "Reporting",
    });
    expect(inserted).toMatchObject({ sheet: "Reporting", rows: 400_000, address: "A1:C400001" });
    expectEverySyncAccepted(excel);
    const values = excel.state.writes.filter((write) => write.kind === "values");
    expect(values.reduce((sum, write) => sum + rangeOf(write.target).rows, 0)).toBe(400_001);
    const dates = columnFormats(excel.state, "Reporting", 0);
    for (let row = 1; row <= 400_000; row++)
      if (dates.get(row) !== "yyyy-mm-dd") throw new Error(`row ${row + 1} has no date format`);
    expect(excel.state.writes.find((write) => write.kind === "table")).toEqual({
      kind: "table",
      target: "Reporting!A1:C400001",
      value: { hasHeaders: true },
    });
  }, 60_000);

  it("point 3: writes the service's names exactly as text, numbers and dates keeping their formats", async () => {
    excel = installFakeExcel();
    await insertQueryTable(tableOf(tableRows(8, HOSTILE_NAMES), ["date", "country"], ["revenues"]), {
      kind: "new",
      sheetName: "Reporting",
    });
    expect(excel.state.formulaLike).toEqual([]);
    const written = excel.state.writes.filter((write) => write.kind === "values");
    const cells = written.flatMap((write) =>
      (write.value as TableCell[][]).flatMap((row, r) =>
        row.map((value, c) => ({ value, format: write.numberFormat![r]![c]! })),
      ),
    );
    for (const name of HOSTILE_NAMES)
      expect(cells.filter((cell) => cell.value === name).map((cell) => cell.format)).toEqual(["@", "@"]);
    expect(columnFormats(excel.state, "Reporting", 0).get(1)).toBe("yyyy-mm-dd");
    const revenues = columnFormats(excel.state, "Reporting", 2);
    revenues.delete(0);
    expect(new Set(revenues.values())).toEqual(new Set(["#,##0.00"]));
  });

  it("point 3: keeps a text column's numbers as numbers and its texts as text", async () => {
    excel = installFakeExcel();
    const rows: TableCell[][] = [
      ["Asset", "Revenues"],
      ["-1", 3],
      [7, ""],
      ["=A1", -2],
    ];
    await insertQueryTable(tableOf(rows, ["asset"], ["revenues"]), { kind: "new", sheetName: "Reporting" });
    expect(excel.state.formulaLike).toEqual([]);
    const formats = columnFormats(excel.state, "Reporting", 0);
    expect([formats.get(1), formats.get(3)]).toEqual(["@", "@"]);
    expect(formats.get(2)).not.toBe("@");
    expect(columnFormats(excel.state, "Reporting", 1).get(3)).not.toBe("@");
  });
});

/** What reached the cells (the document setting that spares colleagues a trust prompt aside). */
function cellWrites(excel: FakeExcel) {
  return excel.state.writes.filter((write) => write.kind !== "setting");
}

describe("insertFormulaAtSelection", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  /** A narrow date-grouped answer: few bytes a row, so the spill shows several hundred thousand rows. */
  const narrow = (count: number): StatsEntry[] =>
    largeStats(count, ["date"]).map((entry) => ({ ...entry, metrics: { revenues: 1 } }));
  const FORMULA = '=REPORTING.STATS("2020-01-01","2026-06-29","date","revenues")';

  async function spillAndResult(entries: StatsEntry[]) {
    const functions = functionsAnswering(entries);
    const spill = await spillCall({}, (signal) =>
      functions.stats("2020-01-01", "2026-06-29", "date", "revenues", null, null, null, signal),
    );
    const result = await functions.statsTable({
      request: { filters: { from: "2020-01-01", to: "2026-06-29" }, groups: ["date"], metrics: ["revenues"] },
      headers: "readable",
    });
    return { spill, result };
  }

  it("point 2: formats the date column of exactly the rows the spill shows, in syncs under 5 MB (serial dates)", async () => {
    excel = installFakeExcel({ requirementSets: SERIAL_DATES, selection: "B2" });
    const { spill, result } = await spillAndResult(narrow(600_000));
    const shown = spill.length - 2;
    expect(shown).toBeGreaterThan(300_000);
    expect(shown).toBeLessThan(600_000);
    const inserted = await insertFormulaAtSelection({ formula: FORMULA, result });
    expect(inserted.address).toBe("Sheet1!B2");
    expectEverySyncAccepted(excel);
    expect(excel.state.writes[0]).toEqual({ kind: "formulas", target: "Sheet1!B2", value: [[FORMULA]] });
    const dates = columnFormats(excel.state, "Sheet1", 1);
    expect(dates.size).toBe(shown);
    const rows = [...dates.keys()];
    expect(rows.reduce((low, row) => Math.min(low, row))).toBe(2);
    expect(rows.reduce((high, row) => Math.max(high, row))).toBe(1 + shown);
    expect(new Set(dates.values())).toEqual(new Set(["yyyy-mm-dd"]));
  }, 60_000);

  it("point 2: formats every row of a spill that fits whole", async () => {
    excel = installFakeExcel({ requirementSets: SERIAL_DATES, selection: "D5" });
    const { spill, result } = await spillAndResult(narrow(30));
    expect(spill).toHaveLength(31);
    await insertFormulaAtSelection({ formula: FORMULA, result });
    expect(cellWrites(excel).slice(1)).toEqual([
      { kind: "numberFormat", target: "Sheet1!D6:D35", value: Array.from({ length: 30 }, () => ["yyyy-mm-dd"]) },
    ]);
  });

  it("point 2: writes no date format where the function returns formatted dates (CustomFunctionsRuntime 1.4)", async () => {
    excel = installFakeExcel({ requirementSets: FORMATTED_DATES });
    const { result } = await spillAndResult(narrow(50_000));
    await insertFormulaAtSelection({ formula: FORMULA, result });
    expect(cellWrites(excel)).toEqual([{ kind: "formulas", target: "Sheet1!B2", value: [[FORMULA]] }]);
  });
});

describe("insertWorkbookSheets", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  // The pane checks the file's size against Excel on the web's limit before (taskpane/widgets/downloads.ts).
  it("adds the sheets of a file in one request", async () => {
    excel = installFakeExcel();
    const inserted = await insertWorkbookSheets(new Uint8Array(1000).fill(65));
    expect(inserted.sheetNames).toEqual(["Export 2"]);
    expectEverySyncAccepted(excel);
  });
});
