import type { LegacyQueryModel } from "../../core/formula-text";
import { legacyTableData } from "../../core/legacy/legacy-table-data";
import type { SpillTable } from "../../core/rows/spill-table";
import { storedLegacyModelOf } from "../../core/workbook-queries/stored-query";
import { insertQueryTable } from "../../office/tables/insert-table";
import type { PaneContext } from "../context";
import { tableInsertPart } from "../pane-parts";

/**
 * Insert as table for the Legacy tab: every row into a named Excel Table formatted as the Query
 * tab's tables are, with the same PivotTable on it and its query kept in the workbook, so that
 * the Queries tab, Refresh all and refresh on open bring it up to date like any other table.
 */
export async function insertLegacyTable(context: PaneContext, model: LegacyQueryModel, table: SpillTable): Promise<void> {
  const { status } = context;
  if (table.dataRowCount === 0) {
    status.show("No legacy statistics for this period, so there is no table to insert.", "error");
    return;
  }
  const data = legacyTableData(table, model.groupBy);
  status.busy(`Writing ${data.rows.length.toLocaleString()} rows into a new sheet…`);
  // The storing and PivotTable part of the Query tab's Insert as table, fetched as it does: on first use.
  const { dataThroughOf, linkTable } = await tableInsertPart();
  const [inserted, dataThrough] = await Promise.all([insertQueryTable(data, { kind: "new", sheetName: "Legacy" }), dataThroughOf(context, model.profile)]);
  // The Query tab's default: a PivotTable on the first grouping.
  await linkTable(context, { query: storedLegacyModelOf(model), data, inserted, dataThrough, profile: model.profile }, {});
}
