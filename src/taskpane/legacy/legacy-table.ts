import type { LegacyFunctionGroup } from "../../core/legacy/group-by";
import { legacyTableData } from "../../core/legacy/legacy-table-data";
import type { SpillTable } from "../../core/rows/spill-table";
import { insertQueryTable } from "../../office/tables/insert-table";
import type { PaneContext } from "../context";

/**
 * Insert as table for the Legacy tab: every row into a named Excel Table of values, formatted as
 * the Query tab's tables are. The workbook's stored queries hold REPORTING.STATS queries only, so
 * this table does not refresh, and the message says so.
 */
export async function insertLegacyTable(context: PaneContext, table: SpillTable, groups: readonly LegacyFunctionGroup[]): Promise<void> {
  const { status } = context;
  if (table.dataRowCount === 0) {
    status.show("No legacy statistics for this period, so there is no table to insert.", "error");
    return;
  }
  const data = legacyTableData(table, groups);
  status.busy(`Writing ${data.rows.length.toLocaleString()} rows into a new sheet…`);
  const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Legacy" });
  status.success(
    `${inserted.rows.toLocaleString()} rows inserted as the table ${inserted.name} on the worksheet ${inserted.sheet}. ` +
      "It holds values and does not refresh: insert it again for newer numbers.",
  );
}
