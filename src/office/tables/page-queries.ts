import { RefreshCoordinator } from "../../core/workbook-queries/refresh-coordinator";
import type { WorkbookRefreshOperations } from "../../core/workbook-queries/refresh-run";
import type { QueryStore } from "../../core/workbook-queries/query-store";
import { refreshStoredTable, withFailure, type TableRefreshDependencies } from "../../core/workbook-queries/table-refresh";
import { runtimeFetchDependencies } from "../../core/workbook-queries/runtime-fetch";
import type { ReportingRuntime } from "../../core/runtime/reporting-runtime";
import { pageRuntime } from "../page-runtime";
import { refreshTablePivots } from "./pivot-tables";
import { workbookQueryStore } from "./query-store";
import { writeTableRows } from "./refresh-table";

/**
 * The page's refreshable tables: where their queries are stored, how one is refreshed, and the one
 * coordinator every refresh goes through (the Queries view, a table's own Refresh, the refresh
 * when the workbook opens). Built once, on the page's one runtime, whose cache and clients it uses.
 */
export interface PageQueries {
  store: QueryStore;
  coordinator: RefreshCoordinator;
  /** What refreshing one table needs: the runtime's fetch, the office layer's write, the store. */
  tableRefresh: TableRefreshDependencies;
}

let queries: PageQueries | undefined;

/**
 * How a table is refreshed with `runtime`: its STATS or LEGACY.STATS query through the runtime's
 * functions (cache and clients of the profile the record names), written into the table, saved in `store`.
 */
export function tableRefreshDependencies(runtime: ReportingRuntime, store: Pick<QueryStore, "put">): TableRefreshDependencies {
  return {
    ...runtimeFetchDependencies(runtime),
    write: writeTableRows,
    save: (record) => store.put(record),
  };
}

export function pageQueries(): PageQueries {
  if (queries) return queries;
  const runtime = pageRuntime();
  const store = workbookQueryStore();
  const tableRefresh = tableRefreshDependencies(runtime, store);
  const operations: WorkbookRefreshOperations = {
    clearCache: () => runtime.functions.clearCache(),
    // The runtime's own refresh: forgets cached answers and recalculates the REPORTING formulas.
    recalculateFormulas: () => runtime.refreshAll(),
    listTables: async () => (await store.list()).records,
    refreshTable: (record, signal) => refreshStoredTable(record, tableRefresh, signal),
    recordFailure: (record, reason) => store.put(withFailure(record, reason, Date.now())),
    refreshPivots: refreshTablePivots,
    now: () => Date.now(),
  };
  queries = { store, coordinator: new RefreshCoordinator(operations), tableRefresh };
  return queries;
}
