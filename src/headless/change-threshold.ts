import { changeThresholdOf, DEFAULT_WORKBOOK_OPTIONS } from "../core/workbook-queries/workbook-options";
import { workbookOptionsPart } from "../core/xlsx/stored-query-parts";
import type { WorkbookPackage } from "../core/xlsx/workbook-package";

/**
 * The revenue move, in percent, past which a table or a frozen sheet is flagged: `--threshold`
 * when given, else the one the workbook's users set in the Queries tab (stored with the
 * workbook's options), else the pane's default of 1 %. The command flags what the pane flags.
 */
export function thresholdFor(pkg: WorkbookPackage, given: number | undefined): number {
  return given ?? changeThresholdOf(workbookOptionsPart(pkg) ?? DEFAULT_WORKBOOK_OPTIONS);
}
