import { runExcel } from "../excel-run";
import { mentionsAddinFunction } from "../../core/formula-namespace";
import { requireExcel } from "../workbook";

/** Where the workbook's REPORTING formulas (either namespace) are: how many on each sheet that has any. */
export interface FormulaCount {
  sheet: string;
  count: number;
}

// Formulas read per sync: a long calculated column can hold 100,000 of them.
const ROWS_PER_READ = 20_000;

function countIn(formulas: unknown[][]): number {
  let count = 0;
  for (const row of formulas)
    for (const cell of row)
      if (typeof cell === "string" && cell.startsWith("=") && mentionsAddinFunction(cell)) count++;
  return count;
}

/** Reads the formulas of `range` in runs of rows, each its own sync, and counts the REPORTING ones. */
async function countInRange(context: Excel.RequestContext, range: Excel.Range): Promise<number> {
  range.load("rowCount, columnCount");
  await context.sync();
  let count = 0;
  for (let start = 0; start < range.rowCount; start += ROWS_PER_READ) {
    const block = range
      .getCell(start, 0)
      .getResizedRange(Math.min(ROWS_PER_READ, range.rowCount - start) - 1, range.columnCount - 1);
    block.load("formulas");
    // A sync per block keeps each answer under Excel's 5 MB.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    count += countIn(block.formulas);
  }
  return count;
}

/**
 * Counts the REPORTING formulas of every sheet. Only a sheet's formula cells are read
 * (getSpecialCells, ExcelApi 1.9), not the values around them, in blocks.
 */
export async function reportingFormulaCensus(): Promise<FormulaCount[]> {
  requireExcel();
  return runExcel(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const used = sheets.items.map((sheet) => sheet.getUsedRangeOrNullObject(true));
    for (const range of used) range.load("address");
    await context.sync();
    const counts: FormulaCount[] = [];
    for (const [index, sheet] of sheets.items.entries()) {
      const range = used[index]!;
      if (range.isNullObject) continue;
      let count = 0;
      const formulas = range.getSpecialCellsOrNullObject(Excel.SpecialCellType.formulas);
      formulas.load("areaCount");
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
      if (formulas.isNullObject) continue;
      const areas = formulas.areas;
      areas.load("items/address");
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
      for (const area of areas.items)
        count += await countInRange(context, sheet.getRange(area.address.slice(area.address.lastIndexOf("!") + 1)));
      if (count > 0) counts.push({ sheet: sheet.name, count });
    }
    return counts;
  });
}
