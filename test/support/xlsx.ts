import ExcelJS from "exceljs";

/** Each sheet of an xlsx file by name, as rows of cell values (ExcelJS's 1-based arrays made 0-based). */
export async function sheetsOf(bytes: Uint8Array): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return new Map(
    workbook.worksheets.map((sheet) => [
      sheet.name,
      sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1)),
    ]),
  );
}

/** An export's Query sheet as its labels' values, below its header row. */
export function querySheetOf(rows: unknown[][]): Map<string, string> {
  return new Map(rows.slice(1) as [string, string][]);
}
