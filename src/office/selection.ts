import { isReportingError } from "../client/errors";
import { runExcel } from "./excel-run";
import { requireExcel, selectedCell, WorkbookError } from "./workbook";

/**
 * The formula of the selected cell, for "Edit selected formula", and that formula written back in
 * place. `Range.formulas` gives the formula in English with commas, whatever the user's locale:
 * the text the formulas' own parser reads.
 */

export interface SelectedFormula {
  /** Where the formula is, sheet included (`Sheet1!B2`). */
  address: string;
  /** The cell's formula as Excel gives it; "" for a cell holding a value or nothing. */
  formula: string;
}

/** The formula of a cell as Excel gives it in `formulas`; "" for a value or an empty cell. */
export function formulaText(value: unknown): string {
  return typeof value === "string" && value.startsWith("=") ? value : "";
}

/**
 * The formula of the top-left cell of the selection. A cell inside a spill holds only a value: its
 * formula is the spill's first cell's (getSpillParentOrNullObject, ExcelApi 1.12).
 */
export async function readSelectedFormula(): Promise<SelectedFormula> {
  requireExcel();
  return runExcel(async (context) => {
    const cell = await selectedCell(context, "only the formula's cell");
    cell.load("address, formulas");
    await context.sync();
    const own = formulaText(cell.formulas[0]?.[0]);
    if (own !== "") return { address: cell.address, formula: own };
    const parent = cell.getSpillParentOrNullObject();
    parent.load("address, formulas");
    await context.sync();
    if (parent.isNullObject) return { address: cell.address, formula: "" };
    return { address: parent.address, formula: formulaText(parent.formulas[0]?.[0]) };
  });
}

/** `Sheet1!B2` or `'Q2 2026'!B2` as the sheet's name and the cell's address. */
export function splitAddress(address: string): { sheet: string; cell: string } {
  const bang = address.lastIndexOf("!");
  if (bang < 0) throw new WorkbookError(`The address ${address} names no worksheet.`);
  const sheet = address.slice(0, bang);
  const unquoted = sheet.startsWith("'") && sheet.endsWith("'") ? sheet.slice(1, -1).replace(/''/g, "'") : sheet;
  return { sheet: unquoted, cell: address.slice(bang + 1) };
}

export interface FormulaUpdate {
  /** The cell the formula was loaded from (`Sheet1!B2`). */
  address: string;
  /** The formula it held then: the cell is written only if it still holds it. */
  expected: string;
  formula: string;
}

/**
 * Replaces the formula of one cell, and nothing else: not its format, not the cells its result
 * spills into (Excel recomputes those). A cell edited since it was loaded is left alone, since
 * writing would throw away what the user typed.
 */
export async function updateFormulaInPlace(update: FormulaUpdate): Promise<void> {
  requireExcel();
  const { sheet, cell } = splitAddress(update.address);
  try {
    await runExcel(async (context) => {
      const range = context.workbook.worksheets.getItem(sheet).getRange(cell);
      range.load("formulas");
      await context.sync();
      if (range.formulas[0]?.[0] !== update.expected) {
        throw new WorkbookError(
          `The cell ${update.address} changed since its formula was loaded, so it was not overwritten. Select it and choose "Edit selected formula" again.`,
        );
      }
      range.formulas = [[update.formula]];
      await context.sync();
    });
  } catch (error) {
    if (isReportingError(error)) throw error;
    throw new WorkbookError(
      `Excel could not update the formula in ${update.address} (its sheet may have been renamed or deleted, or be protected). Select the cell and load it again.`,
    );
  }
}
