import type { StatsEntry } from "../../api";
import type { StatsQuery } from "../arguments/stats-query";
import { cancelledError } from "../cancellation";
import { dataRows } from "../rows/spill-table";
import { statsRows } from "../rows/stats-rows";
import { isLegacyModel, type StoredTableModel, type StoredTableQuery } from "../workbook-queries/stored-query";
import type { TableFetchDependencies } from "../workbook-queries/runtime-fetch";
import { tableColumnsOf, type TableCell, type TableColumn } from "../workbook-queries/table-columns";
import { fetchTableData, refreshedRecord, tableStatsQuery, type WrittenTable } from "../workbook-queries/table-refresh";
import type { TableRows } from "./table-rewrite";

/**
 * A table's new rows fetched for the file refresh without holding them: each page of a STATS
 * answer goes, converted to the table's cells as the pane converts them (statsRows), into a
 * spool (the command keeps it in a file) and is dropped. Queries compared with another period
 * and legacy tables are read whole, as the pane reads them, then spooled.
 */

/** Where a table's new rows wait, in order, until the workbook is written; read as often as needed. */
export interface RowSpool {
  append(rows: readonly (readonly TableCell[])[]): void;
  readonly count: number;
  rows(): Iterable<readonly TableCell[]>;
  /** Frees what the rows took (deletes the file). */
  dispose(): void;
}

export function memorySpool(): RowSpool {
  let kept: (readonly TableCell[])[] = [];
  return {
    append(rows) {
      for (const row of rows) kept.push(row);
    },
    get count() {
      return kept.length;
    },
    rows: () => kept,
    dispose() {
      kept = [];
    },
  };
}

export interface PagedFetchDependencies extends TableFetchDependencies {
  /**
   * Every page of a STATS query's answer through the same client (retries, deadlines, size
   * guards), each handed to `onPage` in order and not kept; absent, `fetch` reads them whole.
   */
  statsPages?(query: StatsQuery, signal: AbortSignal, onPage: (entries: readonly StatsEntry[]) => void): Promise<void>;
  /** A new spool for a table's rows; in memory when absent. */
  spool?(): RowSpool;
}

/** Entries converted and spooled at once (statsRows converts each entry on its own). */
const CONVERT_SLICE = 500;

/** Fetches `model`'s rows into `spool`; resolves with the table's columns and the profile the query pins. */
export async function fetchRowsInto(
  model: StoredTableModel,
  deps: PagedFetchDependencies,
  spool: RowSpool,
  signal: AbortSignal,
): Promise<{ columns: TableColumn[]; profile: string | undefined }> {
  if (!isLegacyModel(model) && deps.statsPages) {
    const query = tableStatsQuery(model, deps.today, true);
    if (query.compare === undefined) {
      const cells = (entries: readonly StatsEntry[]) =>
        dataRows(statsRows(entries, query.request, query.headers)) as TableCell[][];
      await deps.statsPages(query, signal, (entries) => {
        if (entries.length === 0) spool.append(cells(entries));
        // A slice at a time: a whole page converted (10,000 rows) would outlive young collections and pile up in the old generation.
        for (let from = 0; from < entries.length; from += CONVERT_SLICE)
          spool.append(cells(entries.slice(from, from + CONVERT_SLICE)));
      });
      // Totals over a period with no activity are a row of zeros, as statsRows writes them.
      if (spool.count === 0) spool.append(cells([]));
      return { columns: tableColumnsOf(query.request), profile: query.profile };
    }
  }
  const { data, profile } = await fetchTableData(model, deps, signal);
  spool.append(data.rows);
  return { columns: data.columns, profile };
}

/**
 * The file refresh of one stored table, as refreshStoredTable runs the pane's: every slow step
 * (the service) before the write, then the record of the refresh. `write` describes the new
 * table in the package (it may refuse); the spool must outlive the package's writing.
 */
export async function refreshTableRows(
  record: StoredTableQuery,
  deps: PagedFetchDependencies,
  spool: RowSpool,
  signal: AbortSignal,
  write: (rows: TableRows) => WrittenTable,
): Promise<StoredTableQuery> {
  const model = record.query;
  const [{ columns, profile: pinned }, dataThrough] = await Promise.all([
    fetchRowsInto(model, deps, spool, signal),
    isLegacyModel(model) ? undefined : deps.dataThrough(model.profile, signal).catch(() => undefined),
  ]);
  if (signal.aborted) throw cancelledError("the table's query");
  const written = write({ columns, count: spool.count, rows: () => spool.rows() });
  return refreshedRecord(record, model, columns, written, {
    dataThrough,
    profile: pinned ?? deps.activeProfile(),
    at: deps.now(),
  });
}
