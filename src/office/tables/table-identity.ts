import type { StoredTableQuery } from "../../core/workbook-queries/stored-query";
import { WorkbookError } from "../workbook";

/**
 * Which table of the workbook is a record's. Excel's table id survives a rename, but Excel may
 * give a deleted table's id to a table added later: an id alone could point a refresh at an
 * unrelated table. So the table found by id must also have the record's name (the user renamed
 * nothing) or be on the record's sheet (a renamed table stays where it was); otherwise the
 * record's name is looked up, and a record whose table is neither is gone.
 */

type TableRef = Pick<StoredTableQuery, "table">;

function isRecordsTable(record: TableRef, name: string, sheet: string): boolean {
  return name.toLowerCase() === record.table.name.toLowerCase() || sheet.toLowerCase() === record.table.sheet.toLowerCase();
}

/** Each record's table as the workbook has it now, or undefined when it is gone. */
export async function locateTables(context: Excel.RequestContext, records: readonly TableRef[]): Promise<(Excel.Table | undefined)[]> {
  const byId = records.map((record) => context.workbook.tables.getItemOrNullObject(record.table.excelId));
  const byName = records.map((record) => context.workbook.tables.getItemOrNullObject(record.table.name));
  for (const table of [...byId, ...byName]) table.load("id, name");
  await context.sync();
  const sheets = byId.map((table) => {
    if (table.isNullObject) return undefined;
    const sheet = table.worksheet;
    sheet.load("name");
    return sheet;
  });
  if (sheets.some(Boolean)) await context.sync();
  return records.map((record, index) => {
    const found = byId[index]!;
    const sheet = sheets[index];
    if (!found.isNullObject && sheet && isRecordsTable(record, found.name, sheet.name)) return found;
    const named = byName[index]!;
    return named.isNullObject ? undefined : named;
  });
}

/** The record's table; a table that is gone is said in words. */
export async function findTable(context: Excel.RequestContext, record: TableRef): Promise<Excel.Table> {
  const [table] = await locateTables(context, [record]);
  if (table) return table;
  throw new WorkbookError(
    `The table ${record.table.name} is no longer in this workbook (deleted, or converted to a range). ` +
      "Remove its link in the Queries view, or insert its query again.",
  );
}
