import { isReportingError } from "../../client/errors";
import { readStatsQuery, type StatsQuery } from "../arguments/stats-query";
import { cancelledError } from "../cancellation";
import { statsArgumentsOf } from "../formula-text";
import type { Today } from "../periods";
import type { SpillTable } from "../rows/spill-table";
import { queryModelOf, type StoredQueryModel, type StoredTableQuery } from "./stored-query";
import { tableColumnsOf, type TableCell, type TableColumn } from "./table-columns";

/** What a table receives from a query: its header, its rows and what each column holds. */
export interface TableData {
  header: string[];
  rows: TableCell[][];
  columns: TableColumn[];
}

/** Where the rows went: the table as Excel knows it after the write. */
export interface WrittenTable {
  excelId: string;
  name: string;
  sheet: string;
  rows: number;
}

/**
 * The query a table runs. A table always has a header row (whatever `headers=` says) and, when
 * `fresh`, never takes a cached answer: refreshing means asking the service again.
 */
export function tableStatsQuery(model: StoredQueryModel, today: Today, fresh: boolean): StatsQuery {
  const query = readStatsQuery(statsArgumentsOf(queryModelOf(model)), today);
  return { ...query, headers: query.headers === "none" ? "readable" : query.headers, ...(fresh ? { cacheSeconds: 0 } : {}) };
}

export function tableDataOf(table: SpillTable, query: StatsQuery): TableData {
  const [header, ...rows] = table.rows;
  return {
    header: (header ?? []).map(String),
    rows: table.dataRowCount === 0 ? [] : (rows as TableCell[][]),
    columns: tableColumnsOf(query.request, query.compare),
  };
}

/** The pane's words for a failure: the error contract's message, or a fixed one for anything else. */
export function failureReason(error: unknown): string {
  if (isReportingError(error)) return error.paneMessage;
  return "Something unexpected went wrong. Try again; if it keeps happening, reload the add-in.";
}

export function isCancellation(error: unknown): boolean {
  return isReportingError(error) && error.kind === "cancelled";
}

export interface TableRefreshDependencies {
  today: Today;
  /** Milliseconds since 1970, for the time of the refresh. */
  now(): number;
  /** Every row of the query (every page), as the REPORTING functions fetch them. */
  fetch(query: StatsQuery, signal: AbortSignal): Promise<SpillTable>;
  /** The last day the service has statistics for, with this profile (undefined: the active one). */
  dataThrough(profile: string | undefined, signal: AbortSignal): Promise<string | undefined>;
  /** The profile a query without `profile=` runs with, by name. */
  activeProfile(): string | undefined;
  /** Writes the rows into the record's table, resizing it; the office layer's part. */
  write(record: StoredTableQuery, data: TableData): Promise<WrittenTable>;
  save(record: StoredTableQuery): Promise<void>;
}

/** A stored record's time: ISO 8601 in UTC, to the second. */
export const isoTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * Re-runs a table's query (or `model`, when the user edited it) and writes the answer into the
 * same table. Everything that can fail slowly (the service) happens before the first write, and
 * `signal` is only heard until then: a cancelled refresh leaves the old rows, a refresh that
 * started writing finishes.
 */
export async function refreshStoredTable(
  record: StoredTableQuery,
  deps: TableRefreshDependencies,
  signal: AbortSignal,
  model: StoredQueryModel = record.query,
): Promise<StoredTableQuery> {
  const query = tableStatsQuery(model, deps.today, true);
  const [table, dataThrough] = await Promise.all([
    deps.fetch(query, signal),
    // A missing data-through day is no reason to keep old rows.
    deps.dataThrough(query.profile, signal).catch(() => undefined),
  ]);
  if (signal.aborted) throw cancelledError("the table's query");
  const data = tableDataOf(table, query);
  const written = await deps.write({ ...record, query: model }, data);
  const profile = query.profile ?? deps.activeProfile();
  const next: StoredTableQuery = {
    ...record,
    query: model,
    columns: data.columns.map((column) => column.key),
    table: { excelId: written.excelId, name: written.name, sheet: written.sheet },
    lastRefresh: {
      at: isoTime(deps.now()),
      rows: written.rows,
      ...(dataThrough ? { dataThrough } : {}),
      ...(profile ? { profile } : {}),
    },
  };
  delete next.lastFailure;
  await deps.save(next);
  return next;
}

/** The record once a refresh failed: the reason and when, the rest (old rows included) unchanged. */
export function withFailure(record: StoredTableQuery, reason: string, now: number): StoredTableQuery {
  return { ...record, lastFailure: { at: isoTime(now), reason: reason.slice(0, 1_000) } };
}
