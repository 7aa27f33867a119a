import ExcelJS from "exceljs";
import { isReportingError } from "../../../../src/client/errors";
import { rewriteStatsXlsx, rowsXlsx } from "../../../../src/core/exports/xlsx-export";
import { fileNumberFormat, metricColumn } from "../../../../src/core/workbook-queries/table-columns";

/** A file shaped like the service's export: API names in a frozen header row, then the rows. */
async function serviceFile(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Statistics", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(["date", "country", "revenues"]);
  sheet.addRow([new Date("2026-10-01T00:00:00Z"), "=cmd", 12.5]);
  sheet.addRow([new Date("2026-10-02T00:00:00Z"), "FR", 3]);
  // The emulator's format for money: up to four decimals.
  sheet.getColumn(3).numFmt = "#,##0.00##";
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function read(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook;
}

const values = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
const QUERY_ROWS = [
  ["From", "2026-10-01"],
  ["Formula", '=REPORTING.STATS("LAST_MONTH")'],
] as const;

describe("the Excel export", () => {
  it("readable: renames the header row of the first sheet, the currency beside money as in the preview, and adds the Query sheet, values kept", async () => {
    const workbook = await read(await rewriteStatsXlsx(await serviceFile(), "readable", QUERY_ROWS));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Statistics", "Query"]);
    const [header, first] = values(workbook.worksheets[0]!);
    expect(header).toEqual(["Date", "Country", "Revenues (USD)"]);
    expect(first).toEqual([new Date("2026-10-01T00:00:00Z"), "=cmd", 12.5]);
    expect(values(workbook.getWorksheet("Query")!)).toEqual([
      ["Field", "Value"],
      ["From", "2026-10-01"],
      ["Formula", '=REPORTING.STATS("LAST_MONTH")'],
    ]);
    // Text that looks like a formula stays text.
    expect(workbook.getWorksheet("Query")!.getCell("B3").type).toBe(ExcelJS.ValueType.String);
  });

  it("api keeps the service's names; none removes the header row and unfreezes it", async () => {
    const api = await read(await rewriteStatsXlsx(await serviceFile(), "api", QUERY_ROWS));
    expect(values(api.worksheets[0]!)[0]).toEqual(["date", "country", "revenues"]);
    const none = await read(await rewriteStatsXlsx(await serviceFile(), "none", QUERY_ROWS));
    expect(values(none.worksheets[0]!)[0]).toEqual([new Date("2026-10-01T00:00:00Z"), "=cmd", 12.5]);
    expect((none.worksheets[0]!.views ?? []).some((view) => view.state === "frozen")).toBe(false);
  });

  it.each(["readable", "api", "none"] as const)(
    "%s: shows revenues with two decimals, as the Legacy file does",
    async (style) => {
      const sheet = (await read(await rewriteStatsXlsx(await serviceFile(), style, QUERY_ROWS))).worksheets[0]!;
      const first = style === "none" ? 1 : 2;
      const legacyMoney = fileNumberFormat(metricColumn("revenues"));
      expect(legacyMoney).toBe("#,##0.00");
      expect([sheet.getCell(first, 3).numFmt, sheet.getCell(first + 1, 3).numFmt]).toEqual([legacyMoney, legacyMoney]);
      expect(sheet.getCell(first, 3).value).toBe(12.5);
    },
  );

  it("refuses a file that is not an Excel file, in the error contract's words", async () => {
    const caught = await rewriteStatsXlsx(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "readable", []).catch(
      (error: unknown) => error,
    );
    expect(isReportingError(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/could not be opened.*Try again, or use Export CSV/);
  });

  it("makes a file of rows, dates and money formatted, then the Query sheet", async () => {
    const bytes = await rowsXlsx(
      {
        sheetName: "Legacy statistics",
        header: ["Date", "Impressions", "Revenues"],
        rows: [[46296, 1000, 2.5]],
        numberFormats: ["yyyy-mm-dd", "#,##0", "#,##0.00"],
      },
      QUERY_ROWS,
    );
    const workbook = await read(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Legacy statistics", "Query"]);
    const sheet = workbook.worksheets[0]!;
    // A serial with a date format is a real Excel date, read back as one.
    expect(values(sheet)).toEqual([
      ["Date", "Impressions", "Revenues"],
      [new Date("2026-10-01T00:00:00Z"), 1000, 2.5],
    ]);
    expect(sheet.getCell("A2").numFmt).toBe("yyyy-mm-dd");
    expect(sheet.getCell("C2").numFmt).toBe("#,##0.00");
  });
});
