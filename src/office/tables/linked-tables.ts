import { looksLikeAddinTableName } from "../../core/workbook-queries/names";
import type { StoredTableQuery } from "../../core/workbook-queries/stored-query";
import { runExcel } from "../excel-run";
import { requireExcel } from "../workbook";
import { findTable, locateTables } from "./table-identity";

/** A stored table as the workbook has it now (the user may have renamed it or its sheet), or missing. */
export type LinkedTableNow = { found: true; name: string; sheet: string; rows: number } | { found: false };

export async function linkedTablesNow(records: readonly StoredTableQuery[]): Promise<Map<string, LinkedTableNow>> {
  requireExcel();
  if (records.length === 0) return new Map();
  return runExcel(async (context) => {
    const found = await locateTables(context, records);
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
        return [
          record.id,
          detail
            ? { found: true, name: detail.table.name, sheet: detail.sheet.name, rows: detail.rows.count }
            : { found: false },
        ];
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
