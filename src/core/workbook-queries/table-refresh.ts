import { isReportingError } from "../../client/errors";
import { summaryOf } from "../changes/change-summary";
import { tableChanges, type TableChanges, type TableRows } from "../changes/table-changes";
import type { LegacyArguments } from "../arguments/legacy-query";
import { readStatsQuery, type StatsQuery } from "../arguments/stats-query";
import { cancelledError } from "../cancellation";
import { legacyArgumentsOf, statsArgumentsOf } from "../formula-text";
import { legacyTableData } from "./legacy-table-data";
import type { Today } from "../periods";
import type { SpillTable } from "../rows/spill-table";
import {
  isLegacyModel,
  legacyModelOf,
  queryModelOf,
  type StoredLegacyQueryModel,
  type StoredQueryModel,
  type StoredTableModel,
  type StoredTableQuery,
} from "./stored-query";
import { tableColumnsOf, toTableData, type TableColumn, type TableData } from "./table-columns";

/** Where the rows went: the table as Excel knows it after the write. */
export interface WrittenTable {
  excelId: string;
  name: string;
  sheet: string;
  rows: number;
  /**
   * The query's rows the table held just before the write (its query columns, as the record
   * names them), when the writer read them: what the change report compares the new rows with.
   */
  before?: TableRows;
}

/** A refresh's change report, with what reads its moves: the group columns of their keys. */
export interface KeptChanges {
  /** The refresh it belongs to (`lastRefresh.at`). */
  at: string;
  /** The API names of the moves' key cells, in order. */
  groups: string[];
  changes: TableChanges;
}

/**
 * The query a table runs. A table always has a header row (whatever `headers=` says) and, when
 * `fresh`, never takes a cached answer: refreshing means asking the service again.
 */
export function tableStatsQuery(model: StoredQueryModel, today: Today, fresh: boolean): StatsQuery {
  const query = readStatsQuery(statsArgumentsOf(queryModelOf(model)), today);
  return {
    ...query,
    headers: query.headers === "none" ? "readable" : query.headers,
    ...(fresh ? { cacheSeconds: 0 } : {}),
  };
}

/**
 * The LEGACY.STATS arguments a legacy table runs: the Legacy tab's (readable headers, the
 * record's profile), and `cache=0` when `fresh`.
 */
export function legacyTableArguments(model: StoredLegacyQueryModel, fresh: boolean): LegacyArguments {
  return legacyArgumentsOf({ ...legacyModelOf(model), ...(fresh ? { cacheSeconds: 0 } : {}) });
}

export function statsTableData(table: SpillTable, query: StatsQuery): TableData {
  return toTableData(table, tableColumnsOf(query.request, query.compare));
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
  /** Every row of a legacy table's query, as LEGACY.STATS fetches them (with the record's profile). */
  fetchLegacy(args: LegacyArguments, signal: AbortSignal): Promise<SpillTable>;
  /** The last day the service has statistics for, with this profile (undefined: the active one). */
  dataThrough(profile: string | undefined, signal: AbortSignal): Promise<string | undefined>;
  /** The profile a query without `profile=` runs with, by name. */
  activeProfile(): string | undefined;
  /** Writes the rows into the record's table, resizing it; the office layer's part. */
  write(record: StoredTableQuery, data: TableData): Promise<WrittenTable>;
  save(record: StoredTableQuery): Promise<void>;
  /** Keeps the full change report (moves included) of a table just refreshed, for the details view. */
  keepChanges?(record: StoredTableQuery, kept: KeptChanges): void;
}

/** A stored record's time: ISO 8601 in UTC, to the second. */
export const isoTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The rows of a table's query, asked of its source afresh, and the profile it pins. */
export async function fetchTableData(
  model: StoredTableModel,
  deps: Pick<TableRefreshDependencies, "today" | "fetch" | "fetchLegacy">,
  signal: AbortSignal,
): Promise<{ data: TableData; profile: string | undefined }> {
  if (isLegacyModel(model)) {
    const table = await deps.fetchLegacy(legacyTableArguments(model, true), signal);
    return { data: legacyTableData(table, model.groupBy), profile: model.profile };
  }
  const query = tableStatsQuery(model, deps.today, true);
  return { data: statsTableData(await deps.fetch(query, signal), query), profile: query.profile };
}

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
  model: StoredTableModel = record.query,
): Promise<StoredTableQuery> {
  const [{ data, profile: pinned }, dataThrough] = await Promise.all([
    fetchTableData(model, deps, signal),
    // A missing data-through day is no reason to keep old rows. It comes from the Reporting
    // interface's /dates, which says nothing of the legacy one: legacy tables have none.
    isLegacyModel(model) ? undefined : deps.dataThrough(model.profile, signal).catch(() => undefined),
  ]);
  if (signal.aborted) throw cancelledError("the table's query");
  const written = await deps.write({ ...record, query: model }, data);
  const changes = written.before && tableChanges(written.before, { columns: data.columns, rows: data.rows });
  const next = refreshedRecord(record, model, data.columns, written, {
    dataThrough,
    profile: pinned ?? deps.activeProfile(),
    at: deps.now(),
    changes,
  });
  await deps.save(next);
  if (changes)
    deps.keepChanges?.(next, {
      at: next.lastRefresh!.at,
      groups: data.columns.filter((column) => !column.isMetric).map((column) => column.key),
      changes,
    });
  return next;
}

/** The record once its table holds the new rows: the query run, its columns, where and when, and what changed. */
export function refreshedRecord(
  record: StoredTableQuery,
  model: StoredTableModel,
  columns: readonly TableColumn[],
  written: WrittenTable,
  run: { dataThrough: string | undefined; profile: string | undefined; at: number; changes?: TableChanges | undefined },
): StoredTableQuery {
  const { dataThrough, profile, changes } = run;
  const next: StoredTableQuery = {
    ...record,
    query: model,
    columns: columns.map((column) => column.key),
    table: { excelId: written.excelId, name: written.name, sheet: written.sheet },
    lastRefresh: {
      at: isoTime(run.at),
      rows: written.rows,
      ...(dataThrough ? { dataThrough } : {}),
      ...(profile ? { profile } : {}),
      ...(changes ? { changes: summaryOf(changes) } : {}),
    },
  };
  delete next.lastFailure;
  return next;
}

/** The record once a refresh failed: the reason and when, the rest (old rows included) unchanged. */
export function withFailure<Stored extends StoredTableQuery>(record: Stored, reason: string, now: number): Stored {
  return { ...record, lastFailure: { at: isoTime(now), reason: reason.slice(0, 1_000) } };
}
