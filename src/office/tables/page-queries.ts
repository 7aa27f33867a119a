import { refreshLogRow } from "../../core/changes/refresh-log";
import { RefreshCoordinator } from "../../core/workbook-queries/refresh-coordinator";
import type { WorkbookRefreshOperations } from "../../core/workbook-queries/refresh-run";
import type { QueryStore } from "../../core/workbook-queries/query-store";
import type { StoredTableQuery } from "../../core/workbook-queries/stored-query";
import {
  refreshStoredTable,
  withFailure,
  type KeptChanges,
  type TableRefreshDependencies,
} from "../../core/workbook-queries/table-refresh";
import { runtimeFetchDependencies } from "../../core/workbook-queries/runtime-fetch";
import type { ReportingRuntime } from "../../core/runtime/reporting-runtime";
import { pageRuntime } from "../page-runtime";
import { refreshTablePivots } from "./pivot-tables";
import { workbookQueryStore } from "./query-store";
import { appendRefreshLog } from "./refresh-log";
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
  /** The last change report of each table refreshed since the page loaded, by record id. */
  changes: ReadonlyMap<string, KeptChanges>;
  /** Appends the refreshes of `records` (as saved after them) to the workbook's Refresh log. */
  logRefreshes(records: readonly StoredTableQuery[]): Promise<void>;
}

/** The Refresh log's rows of `records`: one per refreshed record. */
export function logRefreshes(records: readonly StoredTableQuery[]): Promise<void> {
  return appendRefreshLog(
    records.flatMap((record) => {
      const row = refreshLogRow(record);
      return row ? [row] : [];
    }),
  );
}

let queries: PageQueries | undefined;

/**
 * How a table is refreshed with `runtime`: its STATS or LEGACY.STATS query through the runtime's
 * functions (cache and clients of the profile the record names), written into the table, saved in `store`.
 */
export function tableRefreshDependencies(
  runtime: ReportingRuntime,
  store: Pick<QueryStore, "put">,
  changes?: Map<string, KeptChanges>,
): TableRefreshDependencies {
  return {
    ...runtimeFetchDependencies(runtime),
    write: writeTableRows,
    save: (record) => store.put(record),
    ...(changes
      ? { keepChanges: (record: StoredTableQuery, kept: KeptChanges) => void changes.set(record.id, kept) }
      : {}),
  };
}

export function pageQueries(): PageQueries {
  if (queries) return queries;
  const runtime = pageRuntime();
  const store = workbookQueryStore();
  const changes = new Map<string, KeptChanges>();
  const tableRefresh = tableRefreshDependencies(runtime, store, changes);
  const operations: WorkbookRefreshOperations = {
    clearCache: () => runtime.functions.clearCache(),
    // The runtime's own refresh: forgets cached answers and recalculates the REPORTING formulas.
    recalculateFormulas: () => runtime.refreshAll(),
    listTables: async () => (await store.list()).records,
    refreshTable: (record, signal) => refreshStoredTable(record, tableRefresh, signal),
    recordFailure: (record, reason) => store.put(withFailure(record, reason, Date.now())),
    refreshPivots: refreshTablePivots,
    logRefreshes,
    now: () => Date.now(),
  };
  queries = { store, coordinator: new RefreshCoordinator(operations), tableRefresh, changes, logRefreshes };
  return queries;
}
