import { FROZEN_SHEET_NAMESPACE, readFrozenSheetXml, type FrozenSheetRecord } from "../changes/frozen-sheet-record";
import type { TableCell } from "../workbook-queries/table-columns";
import { cellValue } from "./sheet-cells";
import { visitBlock } from "./sheet-stream";
import { partsIn } from "./stored-query-parts";
import type { WorkbookPackage } from "./workbook-package";

/**
 * The close's frozen sheets in a workbook file, for the headless "check frozen sheets": their
 * records from the custom XML parts (as the pane writes them) and their values read from the
 * sheet XML, the cells the pane reads through Office.js. Nothing here changes the package.
 */

export function frozenSheetRecords(pkg: WorkbookPackage): FrozenSheetRecord[] {
  return partsIn(pkg, FROZEN_SHEET_NAMESPACE).flatMap(({ text }) => {
    const record = readFrozenSheetXml(text);
    return record ? [record] : [];
  });
}

/**
 * The frozen data rows as the sheet holds them now (under the header when there is one, from
 * column A), an empty cell read as "" as Excel gives it; undefined when the sheet is gone. The
 * sheet is found by name: the id Excel gives a sheet is not in the file.
 */
export function frozenRowsIn(pkg: WorkbookPackage, record: FrozenSheetRecord): TableCell[][] | undefined {
  const sheet = pkg.sheets().find((candidate) => candidate.name === record.sheet.name);
  if (!sheet) return undefined;
  const count = record.fingerprint.rows;
  const columns = record.values.columns;
  const top = record.values.firstRow - 1 + (record.values.header ? 1 : 0);
  const rows: TableCell[][] = Array.from({ length: count }, () => Array.from({ length: columns }, () => ""));
  if (count === 0) return rows;
  const sharedStrings = pkg.sharedStrings();
  visitBlock(pkg.source(sheet.path)(), { top, left: 0, bottom: top + count - 1, right: columns - 1 }, (row, cells) => {
    for (const [column, cell] of cells) rows[row - top]![column] = cellValue(cell, sharedStrings) ?? "";
  });
  return rows;
}
