import { looksLikeAddinTableName } from "../../core/workbook-queries/names";
import type { StoredTableQuery } from "../../core/workbook-queries/stored-query";
import { runExcel } from "../excel-run";
import { requireExcel } from "../workbook";
import { findTable } from "./refresh-table";

/** A stored table as the workbook has it now (the user may have renamed it or its sheet), or missing. */
export type LinkedTableNow = { found: true; name: string; sheet: string; rows: number } | { found: false };

export async function linkedTablesNow(records: readonly StoredTableQuery[]): Promise<Map<string, LinkedTableNow>> {
  requireExcel();
  if (records.length === 0) return new Map();
  return runExcel(async (context) => {
    const byId = records.map((record) => context.workbook.tables.getItemOrNullObject(record.table.excelId));
    const byName = records.map((record) => context.workbook.tables.getItemOrNullObject(record.table.name));
    for (const table of [...byId, ...byName]) table.load("name");
    await context.sync();
    const found = records.map((_, index) => (!byId[index]!.isNullObject ? byId[index]! : !byName[index]!.isNullObject ? byName[index]! : undefined));
    const details = found.map((table) => {
      if (!table) return undefined;
      const sheet = table.worksheet;
      sheet.load("name");
      const rows = table.rows;
      rows.load("count");
      return { table, sheet, rows };
    });
    await context.sync();
    return new Map(
      records.map((record, index): [string, LinkedTableNow] => {
        const detail = details[index];
        return [record.id, detail ? { found: true, name: detail.table.name, sheet: detail.sheet.name, rows: detail.rows.count } : { found: false }];
      }),
    );
  });
}

/** Shows a stored table: its sheet active, the table selected. */
export async function goToTable(record: StoredTableQuery): Promise<void> {
  requireExcel();
  await runExcel(async (context) => {
    const table = await findTable(context, record);
    table.worksheet.activate();
    table.getRange().select();
    await context.sync();
  });
}

/** The workbook's tables named as the add-in names the tables it inserts. */
export async function tablesNamedLikeAddins(): Promise<string[]> {
  requireExcel();
  return runExcel(async (context) => {
    const tables = context.workbook.tables.load("items/name");
    await context.sync();
    return tables.items.map((table) => table.name).filter(looksLikeAddinTableName);
  });
}
