import type { PivotPlan } from "../../core/workbook-queries/pivot-plan";
import { pivotSheetNameFor, safeTableName } from "../../core/workbook-queries/names";
import type { StoredTableQuery } from "../../core/workbook-queries/stored-query";
import { runExcel } from "../excel-run";
import { isSetSupported } from "../requirements";
import { requireExcel } from "../workbook";
import { findTable } from "./table-identity";

export interface AddedPivot {
  excelId: string;
  name: string;
  sheet: string;
}

/**
 * Adds a PivotTable on a sheet of its own, set up as `plan` says: rows, summed values with
 * their number formats, tabular layout. A line above it says what it is built on, and why
 * eCPM is not in it.
 */
export async function addPivotTable(
  record: Pick<StoredTableQuery, "table" | "query" | "columns">,
  plan: PivotPlan,
): Promise<AddedPivot> {
  requireExcel();
  return runExcel(async (context) => {
    const table = await findTable(context, record);
    table.load("name");
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    const pivots = context.workbook.pivotTables;
    pivots.load("items/name");
    const tables = context.workbook.tables;
    tables.load("items/name");
    await context.sync();
    const sheet = sheets.add(
      pivotSheetNameFor(
        table.name,
        sheets.items.map((item) => item.name),
      ),
    );
    const note = [`PivotTable of the table ${table.name}; refreshed with it.`, ...(plan.note ? [plan.note] : [])];
    const noteRange = sheet.getRange(`A1:A${note.length}`);
    // Text as text: formats first.
    noteRange.numberFormat = note.map(() => ["@"]);
    noteRange.values = note.map((line) => [line]);
    const name = safeTableName(`${table.name}_Pivot`, [
      ...pivots.items.map((item) => item.name),
      ...tables.items.map((item) => item.name),
    ]);
    const pivot = sheet.pivotTables.add(name, table, sheet.getRange(`A${note.length + 2}`));
    for (const field of plan.rows) pivot.rowHierarchies.add(pivot.hierarchies.getItem(field));
    for (const value of plan.values) {
      const data = pivot.dataHierarchies.add(pivot.hierarchies.getItem(value.field));
      data.summarizeBy = Excel.AggregationFunction.sum;
      data.numberFormat = value.numberFormat;
    }
    pivot.layout.layoutType = Excel.PivotLayoutType.tabular;
    pivot.load("id, name");
    sheet.load("name");
    await context.sync();
    return { excelId: pivot.id, name: pivot.name, sheet: sheet.name };
  });
}

/**
 * Refreshes the PivotTables built on a record's table: those the add-in added (found by id, else
 * name) and, where Excel can say (ExcelApi 1.15), any other PivotTable whose source is the table.
 */
export async function refreshTablePivots(record: StoredTableQuery): Promise<number> {
  requireExcel();
  return runExcel(async (context) => {
    const pivots = context.workbook.pivotTables;
    pivots.load("items/id, items/name");
    await context.sync();
    const known = new Set(record.pivots.flatMap((pivot) => [pivot.excelId, pivot.name.toLowerCase()]));
    const mine = pivots.items.filter((pivot) => known.has(pivot.id) || known.has(pivot.name.toLowerCase()));
    let others: Excel.PivotTable[] = [];
    if (isSetSupported("ExcelApi", "1.15")) {
      const rest = pivots.items.filter((pivot) => !mine.includes(pivot));
      const sources = rest.map((pivot) => pivot.getDataSourceString());
      await context.sync();
      const tableName = record.table.name.toLowerCase();
      others = rest.filter((_, index) => sources[index]?.value.toLowerCase() === tableName);
    }
    const all = [...mine, ...others];
    for (const pivot of all) pivot.refresh();
    await context.sync();
    return all.length;
  });
}
