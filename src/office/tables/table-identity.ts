import type { StoredTableQuery } from "../../core/workbook-queries/stored-query";
import { holdsQueryColumns } from "../../core/workbook-queries/written-headers";
import { WorkbookError } from "../workbook";

/**
 * Which table of the workbook is a record's. Excel's table id survives a rename, but Excel may
 * give a deleted table's id to a table added later: an id alone could point a refresh at an
 * unrelated table, even one the user built on the same sheet after deleting the query's. So the
 * table found by id must also have the record's name (the user renamed nothing), or be on the
 * record's sheet with the query's columns first (a renamed table stays where it was and keeps
 * its headers); otherwise the record's name is looked up, and a record whose table is neither is
 * gone. A table both renamed and with a query header renamed counts as gone: better than
 * overwriting a table that may be the user's own.
 */

type TableRef = Pick<StoredTableQuery, "table" | "query" | "columns">;

function isRecordsTable(record: TableRef, table: Excel.Table, sheet: string, headers: () => string[]): boolean {
  if (table.name.toLowerCase() === record.table.name.toLowerCase()) return true;
  return sheet.toLowerCase() === record.table.sheet.toLowerCase() && holdsQueryColumns(record, headers());
}

/** Each record's table as the workbook has it now, or undefined when it is gone. */
export async function locateTables(
  context: Excel.RequestContext,
  records: readonly TableRef[],
): Promise<(Excel.Table | undefined)[]> {
  const byId = records.map((record) => context.workbook.tables.getItemOrNullObject(record.table.excelId));
  const byName = records.map((record) => context.workbook.tables.getItemOrNullObject(record.table.name));
  for (const table of [...byId, ...byName]) table.load("id, name");
  await context.sync();
  const places = byId.map((table) => {
    if (table.isNullObject) return undefined;
    const sheet = table.worksheet;
    sheet.load("name");
    const columns = table.columns;
    columns.load("items/name");
    return { sheet, columns };
  });
  if (places.some(Boolean)) await context.sync();
  return records.map((record, index) => {
    const found = byId[index]!;
    const place = places[index];
    if (
      !found.isNullObject &&
      place &&
      isRecordsTable(record, found, place.sheet.name, () => place.columns.items.map((column) => column.name))
    )
      return found;
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
