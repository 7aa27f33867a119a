import type { StatsQueryModel } from "../core/formula-text";
import { pivotPlan } from "../core/workbook-queries/pivot-plan";
import { newRecordId, storedModelOf, type StoredTableQuery } from "../core/workbook-queries/stored-query";
import { isoTime, tableDataOf, tableStatsQuery } from "../core/workbook-queries/table-refresh";
import { insertQueryTable } from "../office/tables/insert-table";
import { pageQueries } from "../office/tables/page-queries";
import { addPivotTable, pivotTablesSupported } from "../office/tables/pivot-tables";
import type { PaneContext } from "./context";
import { queriesChanged } from "./queries-events";
import { plainMessage } from "./status";
import type { TableChoice } from "./table-options";

/**
 * Insert as table: every row of the query into a named Excel Table, its query stored in the
 * workbook (the profile by name only, and only when the query pins one), and a PivotTable on a
 * sheet of its own. Says what was done, and why eCPM is not in the PivotTable.
 */
export async function insertLinkedTable(context: PaneContext, model: StatsQueryModel, choice: TableChoice): Promise<void> {
  const { runtime, status } = context;
  const stored = storedModelOf(model);
  const query = tableStatsQuery(stored, () => context.today(), false);
  status.busy("Fetching every row for the table…");
  const table = await runtime.functions.statsTable(query);
  if (table.dataRowCount === 0) {
    status.show("No statistics match this query, so there is no table to insert.", "error");
    return;
  }
  const data = tableDataOf(table, query);
  status.busy(`Writing ${table.dataRowCount.toLocaleString()} rows into ${choice.sheet ? `the sheet ${choice.sheet}` : "a new sheet"}…`);
  const inserted = await insertQueryTable(data, choice.sheet ? { kind: "existing", sheetName: choice.sheet } : { kind: "new", sheetName: "Reporting" });
  const profile = query.profile ?? runtime.profiles().active?.name;
  const dataThrough = await runtime
    .clients(query.profile)
    .reporting?.dates()
    .then((period) => period.to)
    .catch(() => undefined);
  let record: StoredTableQuery = {
    version: 1,
    id: newRecordId(),
    query: stored,
    table: { excelId: inserted.excelId, name: inserted.name, sheet: inserted.sheet },
    columns: data.columns.map((column) => column.key),
    pivots: [],
    createdAt: isoTime(Date.now()),
    lastRefresh: { at: isoTime(Date.now()), rows: inserted.rows, ...(dataThrough ? { dataThrough } : {}), ...(profile ? { profile } : {}) },
  };
  const said = [`${inserted.rows.toLocaleString()} rows inserted as the table ${inserted.name} on the worksheet ${inserted.sheet}`];
  const wantsPivot = choice.pivotRows === undefined || choice.pivotRows.length > 0;
  let pivotNote = "";
  if (wantsPivot && !pivotTablesSupported()) {
    said.push(". This Excel cannot add a PivotTable from an add-in: insert one from the Insert tab.");
  } else if (wantsPivot) {
    const plan = pivotPlan(data.columns, inserted.headers, choice.pivotRows);
    if ("problem" in plan) {
      said.push(`. ${plan.problem}`);
    } else {
      try {
        status.busy("Adding the PivotTable…");
        const pivot = await addPivotTable(record, plan);
        record = { ...record, pivots: [pivot] };
        said.push(`, with a PivotTable on the worksheet ${pivot.sheet}.`);
        pivotNote = plan.note ? ` ${plan.note}` : "";
      } catch (error) {
        said.push(`. The PivotTable could not be added: ${plainMessage(error)}`);
      }
    }
  } else {
    said.push(".");
  }
  try {
    await pageQueries().store.put(record);
    said.push(" Its query is kept in the workbook: refresh it from the Queries tab.");
  } catch (error) {
    said.push(` Its query could not be kept in the workbook, so it will not refresh: ${plainMessage(error)}`);
  }
  queriesChanged();
  status.success(said.join("") + pivotNote);
}
