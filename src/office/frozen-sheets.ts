import type { FrozenSheetRecord } from "../core/changes/frozen-sheet-record";
import { restatedSheetName, type RestatedSheet } from "../core/changes/restated-sheet";
import type { TableCell } from "../core/workbook-queries/table-columns";
import { runExcel } from "./excel-run";
import { readInBlocks } from "./freeze";
import { blockAddress, writeBlock } from "./tables/cell-blocks";
import { requireExcel } from "./workbook";

/**
 * The sheets "Freeze for close" made, as "Check frozen sheets" uses them: their values read (never
 * written), and the comparison written to a sheet of its own.
 */

/** The worksheet of a record: by its id (a rename keeps it), else by the name it had. */
async function frozenWorksheet(
  context: Excel.RequestContext,
  record: FrozenSheetRecord,
): Promise<Excel.Worksheet | undefined> {
  const sheets = context.workbook.worksheets.load("items/id, items/name");
  await context.sync();
  return (
    sheets.items.find((sheet) => sheet.id === record.sheet.excelId) ??
    sheets.items.find((sheet) => sheet.name.toLowerCase() === record.sheet.name.toLowerCase())
  );
}

/** The frozen data rows as the sheet holds them now (header and totals row left out); undefined when the sheet is gone. */
export async function readFrozenValues(record: FrozenSheetRecord): Promise<TableCell[][] | undefined> {
  requireExcel();
  return runExcel(async (context) => {
    const sheet = await frozenWorksheet(context, record);
    if (!sheet) return undefined;
    const rows = record.fingerprint.rows;
    if (rows === 0) return [];
    const first = record.values.firstRow - 1 + (record.values.header ? 1 : 0);
    const { values } = await readInBlocks(
      context,
      sheet.getRange(blockAddress(first, 0, rows, record.values.columns)),
      false,
    );
    return values;
  });
}

/** The sheet's name now, which the user may have changed since the freeze. */
export async function frozenSheetNameNow(record: FrozenSheetRecord): Promise<string | undefined> {
  requireExcel();
  return runExcel(async (context) => (await frozenWorksheet(context, record))?.name);
}

/**
 * Adds the comparison sheet after the others, named after the frozen one (`Jun 2026 restated`,
 * unique), and writes `build`'s cells there in blocks under Excel's 5 MB.
 */
export async function writeRestatedSheet(
  frozenName: string,
  build: () => RestatedSheet,
): Promise<{ sheetName: string; rows: number }> {
  requireExcel();
  return runExcel(async (context) => {
    const sheets = context.workbook.worksheets.load("items/name");
    await context.sync();
    const sheetName = restatedSheetName(
      frozenName,
      sheets.items.map((sheet) => sheet.name),
    );
    const { values, formats } = build();
    const sheet = sheets.add(sheetName);
    await writeBlock(context, sheet, 0, 0, { values, formats });
    sheet.getRange(blockAddress(0, 0, values.length, values[0]?.length ?? 1)).format.autofitColumns();
    sheet.activate();
    await context.sync();
    return { sheetName, rows: values.length };
  });
}
