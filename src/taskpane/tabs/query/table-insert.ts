import type { StatsQueryModel } from "../../../core/formula-text";
import { pivotPlan } from "../../../core/workbook-queries/pivot-plan";
import {
  newRecordId,
  storedModelOf,
  type StoredTableModel,
  type StoredTableQuery,
} from "../../../core/workbook-queries/stored-query";
import type { TableData } from "../../../core/workbook-queries/table-columns";
import { isoTime, statsTableData, tableStatsQuery } from "../../../core/workbook-queries/table-refresh";
import { insertQueryTable, type InsertedTable } from "../../../office/tables/insert-table";
import { pageQueries } from "../../../office/tables/page-queries";
import { addPivotTable } from "../../../office/tables/pivot-tables";
import type { PaneContext } from "../../shell/context";
import { queriesChanged } from "../../shared/queries-events";
import { insertedTableText, type KeptOutcome, type PivotOutcome } from "./insert-text";
import { plainMessage } from "../../shell/status";
import type { TableChoice } from "./table-options";

/**
 * Insert as table: every row of the query into a named Excel Table, its query stored in the
 * workbook (the profile by name only, and only when the query pins one), and a PivotTable on a
 * sheet of its own. Says what was done in two sentences (query/insert-text.ts).
 */
export async function insertLinkedTable(
  context: PaneContext,
  model: StatsQueryModel,
  choice: TableChoice,
): Promise<void> {
  const { runtime, status } = context;
  const stored = storedModelOf(model);
  const query = tableStatsQuery(stored, () => context.today(), false);
  status.busy("Fetching every row for the table…");
  // Both before the first write, as a refresh does (refreshStoredTable): "data through" costs no extra wait.
  const [table, dataThrough] = await Promise.all([
    runtime.functions.statsTable(query),
    freshDataThrough(context, query.profile),
  ]);
  if (table.dataRowCount === 0) {
    status.show("No statistics match this query, so there is no table to insert.", "error");
    return;
  }
  const data = statsTableData(table, query);
  status.busy(
    `Writing ${table.dataRowCount.toLocaleString()} rows into ${choice.sheet ? `the sheet ${choice.sheet}` : "a new sheet"}…`,
  );
  const inserted = await insertQueryTable(
    data,
    choice.sheet ? { kind: "existing", sheetName: choice.sheet } : { kind: "new", sheetName: "Reporting" },
  );
  await linkTable(context, { query: stored, data, inserted, dataThrough, profile: query.profile }, choice);
}

/**
 * The last day the service has statistics for, with this profile, asked again rather than taken
 * from the cache, as a refresh does; a missing one is no reason to refuse the table.
 */
function freshDataThrough(context: PaneContext, profile: string | undefined): Promise<string | undefined> {
  return (
    context.runtime
      .clients(profile)
      .reporting?.dates()
      .then((period) => period.to)
      .catch(() => undefined) ?? Promise.resolve(undefined)
  );
}

/** A table just written from a query's rows, with what its stored record needs. */
export interface WrittenQueryTable {
  query: StoredTableModel;
  data: TableData;
  inserted: InsertedTable;
  dataThrough: string | undefined;
  /** The profile the query pins, by name; the active one otherwise. */
  profile: string | undefined;
}

/**
 * What every Insert as table does once the rows are in: the PivotTable on them, the query kept in
 * the workbook so that the Queries tab refreshes it, and one message saying all of it.
 */
export async function linkTable(context: PaneContext, written: WrittenQueryTable, choice: TableChoice): Promise<void> {
  const { runtime, status } = context;
  const { data, inserted, dataThrough } = written;
  const profile = written.profile ?? runtime.profiles().active?.name;
  let record: StoredTableQuery = {
    version: 1,
    id: newRecordId(),
    query: written.query,
    table: { excelId: inserted.excelId, name: inserted.name, sheet: inserted.sheet },
    columns: data.columns.map((column) => column.key),
    pivots: [],
    createdAt: isoTime(Date.now()),
    lastRefresh: {
      at: isoTime(Date.now()),
      rows: inserted.rows,
      ...(dataThrough ? { dataThrough } : {}),
      ...(profile ? { profile } : {}),
    },
  };
  let pivot: PivotOutcome = { added: false };
  if (choice.pivotRows === undefined || choice.pivotRows.length > 0) {
    const plan = pivotPlan(data.columns, inserted.headers, choice.pivotRows);
    if ("problem" in plan) {
      pivot = { added: false, why: plan.problem };
    } else {
      try {
        status.busy("Adding the PivotTable…");
        record = { ...record, pivots: [await addPivotTable(record, plan)] };
        pivot = { added: true };
      } catch (error) {
        pivot = { added: false, why: `The PivotTable could not be added: ${plainMessage(error)}` };
      }
    }
  }
  let kept: KeptOutcome = { kept: true };
  try {
    await pageQueries().store.put(record);
  } catch (error) {
    kept = { kept: false, why: plainMessage(error) };
  }
  queriesChanged();
  status.success(insertedTableText(inserted, pivot, kept));
}
