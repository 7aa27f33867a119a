import { runExcel } from "../excel-run";
import { requireExcel } from "../workbook";

/** The names of the workbook's sheets, for "Put the table on". */
export async function worksheetNames(): Promise<string[]> {
  requireExcel();
  return runExcel(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    return sheets.items.map((sheet) => sheet.name);
  });
}
