/**
 * A Mac export's Excel file is rewritten in a worker thread (src/host/exports/off-thread-rewrite.ts):
 * the same file as the pane's own rewrite, and one too large for the worker's heap fails alone,
 * with what to do, where it once took the server's main thread (seconds of stall, then an
 * out-of-memory that ends the server).
 */
import { loadExcelJs } from "../../../src/core/exports/excel-module";
import { ExcelExportError, rewriteStatsXlsx, rowsXlsx } from "../../../src/core/exports/xlsx-export";
import { UpstreamFailure } from "../../../src/host/exports/fetch-export";
import { rewriteOffThread } from "../../../src/host/exports/off-thread-rewrite";

jest.setTimeout(60_000);

const QUERY_ROWS = [["Period", "2026-06-01 to 2026-06-07"]] as const;

/** An Excel file as the service makes one: API names in the header, `rows` rows. */
function serviceFile(rows: number): Promise<Uint8Array> {
  return rowsXlsx(
    {
      sheetName: "Stats",
      header: ["date", "country", "impressions", "revenues"],
      rows: Array.from({ length: rows }, (_, index) => [
        46_000 + (index % 400),
        `C${index % 90}`,
        index * 7,
        index / 3,
      ]),
      numberFormats: ["yyyy-mm-dd", undefined, "#,##0", "#,##0.00##"],
    },
    [],
  );
}

async function sheetValues(bytes: Uint8Array): Promise<unknown[][][]> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  });
}

describe("rewriteOffThread (a Mac export's Excel file, rewritten beside the server's main thread)", () => {
  it("gives the same sheets as the rewrite in the thread that asks", async () => {
    const file = await serviceFile(2_000);
    const job = { bytes: file, style: "readable" as const, queryRows: QUERY_ROWS };
    const [offThread, inThread] = await Promise.all([
      rewriteOffThread(job),
      rewriteStatsXlsx(file, "readable", QUERY_ROWS),
    ]);
    const sheets = await sheetValues(offThread);
    expect(sheets).toEqual(await sheetValues(inThread));
    expect(sheets[0]![0]).toEqual(["Date", "Country", "Impressions", "Revenues (USD)"]);
    expect(sheets[0]).toHaveLength(2_001);
    // The Query sheet comes last (rowsXlsx, which stands in for the service, made one of its own).
    expect(sheets.at(-1)).toEqual([["Field", "Value"], [...QUERY_ROWS[0]]]);
  });

  it("fails alone, saying what to do, when the file is too large for the worker's heap", async () => {
    const failure = rewriteOffThread(
      { bytes: await serviceFile(40_000), style: "readable", queryRows: [] },
      { heapMb: 24 },
    );
    await expect(failure).rejects.toBeInstanceOf(UpstreamFailure);
    await expect(failure).rejects.toMatchObject({
      status: 502,
      code: "export_too_large",
      message:
        "This Excel file is too large for the add-in's server to prepare: export CSV instead, or less data (a shorter period or fewer groups).",
    });
    // The thread that asked goes on: the next file is rewritten.
    await expect(
      rewriteOffThread({ bytes: await serviceFile(10), style: "api", queryRows: [] }),
    ).resolves.toBeInstanceOf(Uint8Array);
  });

  it("says the service's file could not be opened when it is no Excel file", async () => {
    const failure = rewriteOffThread({ bytes: new Uint8Array([0x50, 0x4b, 3, 4, 9, 9]), style: "api", queryRows: [] });
    await expect(failure).rejects.toBeInstanceOf(ExcelExportError);
    await expect(failure).rejects.toMatchObject({ code: "unreadable_xlsx" });
  });
});
