import { RefreshCoordinator } from "../../core/workbook-queries/refresh-coordinator";
import type { WorkbookRefreshOperations } from "../../core/workbook-queries/refresh-run";
import type { QueryStore } from "../../core/workbook-queries/query-store";
import { refreshStoredTable, withFailure, type TableRefreshDependencies } from "../../core/workbook-queries/table-refresh";
import { localToday } from "../../core/periods";
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

export function pageQueries(): PageQueries {
  if (queries) return queries;
  const runtime = pageRuntime();
  const store = workbookQueryStore();
  const tableRefresh: TableRefreshDependencies = {
    today: localToday(),
    now: () => Date.now(),
    fetch: (query, signal) => runtime.functions.statsTable(query, signal),
    async dataThrough(profile, signal) {
      // The runtime's own clients of that profile: a refresh wants today's answer, not a cached one.
      const client = runtime.clients(profile).reporting;
      return client ? (await client.dates({ signal })).to : undefined;
    },
    activeProfile: () => runtime.profiles().active?.name,
    write: writeTableRows,
    save: (record) => store.put(record),
  };
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
