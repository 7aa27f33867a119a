/** Finding a workbook's sheets, tables and defined names by what the add-in calls them. */
import { boxOf, type Box } from "./addresses";
import { richApiError } from "./excel-errors";
import type { FakeName, FakeSheet, FakeTable, FakeWorkbook } from "./types";

export function sheetById(workbook: FakeWorkbook, id: string): FakeSheet {
  const found = workbook.sheets.find((sheet) => sheet.id === id);
  if (!found) throw richApiError("ItemNotFound", "fake Excel: the worksheet is gone");
  return found;
}

/** A sheet by id or by name (Excel's names ignore case). */
export function sheetNamed(workbook: FakeWorkbook, key: string): FakeSheet | undefined {
  return workbook.sheets.find((sheet) => sheet.id === key || sheet.name.toLowerCase() === key.toLowerCase());
}

/** The box of `Sheet!A1:B2`, or of `A1:B2` on the first sheet. */
export function resolveAddress(workbook: FakeWorkbook, address: string): Box {
  const bang = address.lastIndexOf("!");
  const sheetName =
    bang < 0
      ? workbook.sheets[0]?.name
      : address
          .slice(0, bang)
          .replace(/^'(.*)'$/, "$1")
          .replace(/''/g, "'");
  const sheet = workbook.sheets.find((candidate) => candidate.name === sheetName);
  if (!sheet) throw new Error(`fake Excel: no worksheet ${sheetName}`);
  return boxOf(sheet, address.slice(bang + 1));
}

/** A table by id or name. */
export function tableNamed(workbook: FakeWorkbook, key: string): FakeTable | undefined {
  return workbook.tables.find((table) => table.id === key || table.name.toLowerCase() === key.toLowerCase());
}

/** A defined name of any scope: Excel refuses a table name equal to one, and a name equal to a table's. */
export function definedName(workbook: FakeWorkbook, name: string): FakeName | undefined {
  return (workbook.names ?? []).find((item) => item.name.toLowerCase() === name.toLowerCase());
}
