import type { LegacyQueryModel } from "../../../core/formula-text";
import { legacyTableData } from "../../../core/workbook-queries/legacy-table-data";
import { LEGACY_READABLE_GROUPS } from "../../../core/legacy/legacy-rows";
import { addinTableName } from "../../../core/workbook-queries/names";
import type { SpillTable } from "../../../core/rows/spill-table";
import { storedLegacyModelOf } from "../../../core/workbook-queries/stored-query";
import { insertQueryTable } from "../../../office/tables/insert-table";
import type { PaneContext } from "../../shell/context";
import { profileNameOf } from "../../exports/export-facts";
import { tableInsertPart } from "../query/action-parts";

/**
 * Insert as table for the Legacy tab: every row into a named Excel Table formatted as the Query
 * tab's tables are, with the same PivotTable on it and its query kept in the workbook, so that
 * the Queries tab, Refresh all and refresh on open bring it up to date like any other table.
 */
export async function insertLegacyTable(
  context: PaneContext,
  model: LegacyQueryModel,
  table: SpillTable,
): Promise<void> {
  const { status } = context;
  if (table.dataRowCount === 0) {
    status.show("No legacy statistics for this period, so there is no table to insert.", "error");
    return;
  }
  const data = legacyTableData(table, model.groupBy);
  status.busy(`Writing ${data.rows.length.toLocaleString()} rows into a new sheet…`);
  // The storing and PivotTable part of the Query tab's Insert as table, fetched as it does: on first use.
  const { linkTable } = await tableInsertPart();
  // Named for what it holds (`Legacy_by_Day_Country`): beside the Query tab's tables, in the
  // Queries tab and Excel's Name Box, it is told apart at a glance.
  const nameTable = (existing: readonly string[]) =>
    addinTableName(
      "Legacy",
      model.groupBy.map((group) => LEGACY_READABLE_GROUPS[group]),
      existing,
    );
  const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Legacy" }, nameTable);
  // The Legacy tab has no way to pin a profile, and its keys name one account: a table refreshed
  // later with another profile in use would take that account's numbers without a word. So the
  // table keeps the profile it was made with. No "data through": that day comes from the
  // Reporting interface's /dates, which says nothing of the legacy one.
  const profile = profileNameOf(context, model.profile);
  // The Query tab's default: a PivotTable on the first grouping.
  await linkTable(
    context,
    {
      query: storedLegacyModelOf({ ...model, ...(profile ? { profile } : {}) }),
      data,
      inserted,
      dataThrough: undefined,
      profile,
    },
    {},
  );
}
