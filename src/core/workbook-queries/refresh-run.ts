import type { ChangeSummary } from "../changes/change-summary";
import type { StoredTableQuery } from "./stored-query";
import { failureReason, isCancellation } from "./table-refresh";

/**
 * Refreshing a workbook: clear the cached answers, recalculate the REPORTING formulas, re-run
 * every stored table query (a few at once), then refresh the PivotTables of the tables that
 * were refreshed. Every step is an injected operation, so this runs (and is tested) without
 * Excel. Cancelling stops what has not started and the fetches in flight; a table already
 * being written finishes, so no table is left half old and half new.
 */

export type ItemState = "waiting" | "running" | "refreshed" | "failed" | "not_refreshed";

export interface RefreshItem {
  /** `formulas`, or the record id of a table. */
  id: string;
  kind: "formulas" | "table";
  /** What the pane names it: "REPORTING formulas", a table's name. */
  label: string;
  state: ItemState;
  /** Failed or not refreshed: why, in the pane's words. */
  reason?: string;
  /** Refreshed table: its rows, the service's last day, its PivotTables refreshed. */
  rows?: number;
  dataThrough?: string;
  pivots?: number;
  /** Refreshed table: what the refresh changed (absent when its old rows could not be read). */
  changes?: ChangeSummary;
  /** Refreshed, but something beside it was not (its PivotTable). */
  warning?: string;
}

export interface RefreshProgress {
  /** Items finished (refreshed, failed or not refreshed) out of `total`. */
  done: number;
  total: number;
  /** The labels of the items running now. */
  current: string[];
  items: RefreshItem[];
  cancelled: boolean;
  /** The refreshes were made, but the Refresh log sheet did not get their rows: why, in the pane's words. */
  logProblem?: string;
}

export interface RefreshReport extends RefreshProgress {
  startedAt: number;
  finishedAt: number;
}

export interface WorkbookRefreshOperations {
  /** Forgets every cached answer of the service. */
  clearCache(): void;
  /** Recalculates the REPORTING formulas. */
  recalculateFormulas(): Promise<void>;
  listTables(): Promise<StoredTableQuery[]>;
  /** Re-runs one table's query into its table; resolves with the record as saved after it. */
  refreshTable(record: StoredTableQuery, signal: AbortSignal): Promise<StoredTableQuery>;
  /** Keeps the reason of a failed refresh with the record (the table keeps its old rows). */
  recordFailure(record: StoredTableQuery, reason: string): Promise<void>;
  /** Refreshes the PivotTables built on a table; resolves with how many. */
  refreshPivots(record: StoredTableQuery): Promise<number>;
  /** Appends one row per refreshed table (its record as saved after the refresh) to the workbook's Refresh log. */
  logRefreshes?(records: readonly StoredTableQuery[]): Promise<void>;
  /** Milliseconds, for the report's times. */
  now(): number;
}

export interface RefreshOptions {
  signal?: AbortSignal;
  /** Tables refreshed at once; 3 by default, so that the service and Excel are not flooded. */
  concurrency?: number;
  onProgress?: (progress: RefreshProgress) => void;
  /** A failure in the surface's words: the pane's (failureReason) unless given (the command line's). */
  reasonOf?: (error: unknown) => string;
}

export const DEFAULT_CONCURRENCY = 3;
export const FORMULAS_LABEL = "REPORTING formulas";
const CANCELLED_BEFORE = "Not refreshed: Refresh was cancelled before this table's turn. It keeps its previous rows.";
const CANCELLED_DURING =
  "Not refreshed: Refresh was cancelled while its rows were on their way. It keeps its previous rows.";

const FINISHED: ReadonlySet<ItemState> = new Set(["refreshed", "failed", "not_refreshed"]);

class Run {
  readonly items: RefreshItem[] = [];
  readonly signal: AbortSignal;
  logProblem: string | undefined;
  private readonly never = new AbortController();

  constructor(
    private readonly ops: WorkbookRefreshOperations,
    private readonly options: RefreshOptions,
  ) {
    this.signal = options.signal ?? this.never.signal;
  }

  progress(): RefreshProgress {
    return {
      done: this.items.filter((item) => FINISHED.has(item.state)).length,
      total: this.items.length,
      current: this.items.filter((item) => item.state === "running").map((item) => item.label),
      items: this.items.map((item) => ({ ...item })),
      cancelled: this.signal.aborted,
      ...(this.logProblem ? { logProblem: this.logProblem } : {}),
    };
  }

  tell(): void {
    try {
      this.options.onProgress?.(this.progress());
    } catch {
      // A listener's failure must not stop the refresh.
    }
  }

  update(item: RefreshItem, change: Partial<RefreshItem>): void {
    Object.assign(item, change);
    this.tell();
  }

  async tables(records: readonly StoredTableQuery[]): Promise<StoredTableQuery[]> {
    const entries = records.map((record) => ({
      record,
      item: this.add({ id: record.id, kind: "table", label: record.table.name, state: "waiting" }),
    }));
    this.tell();
    const refreshed: { record: StoredTableQuery; item: RefreshItem }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const entry = entries[next++]!;
        if (this.signal.aborted) {
          this.update(entry.item, { state: "not_refreshed", reason: CANCELLED_BEFORE });
          continue;
        }
        this.update(entry.item, { state: "running" });
        try {
          const record = await this.ops.refreshTable(entry.record, this.signal);
          refreshed.push({ record, item: entry.item });
          this.update(entry.item, {
            state: "refreshed",
            label: record.table.name,
            ...(record.lastRefresh ? { rows: record.lastRefresh.rows } : {}),
            ...(record.lastRefresh?.dataThrough ? { dataThrough: record.lastRefresh.dataThrough } : {}),
            ...(record.lastRefresh?.changes ? { changes: record.lastRefresh.changes } : {}),
          });
        } catch (error) {
          if (isCancellation(error) && this.signal.aborted) {
            this.update(entry.item, { state: "not_refreshed", reason: CANCELLED_DURING });
          } else {
            const reason = (this.options.reasonOf ?? failureReason)(error);
            await this.ops.recordFailure(entry.record, reason).catch(() => undefined);
            this.update(entry.item, { state: "failed", reason });
          }
        }
      }
    };
    const limit = Math.max(1, this.options.concurrency ?? DEFAULT_CONCURRENCY);
    await Promise.all(Array.from({ length: Math.min(limit, entries.length) }, worker));
    // Then the PivotTables, even after a cancel: a table that was refreshed must not disagree with them.
    for (const { record, item } of refreshed) {
      try {
        const pivots = await this.ops.refreshPivots(record);
        this.update(item, { pivots });
      } catch (error) {
        this.update(item, {
          pivots: 0,
          warning: `Its PivotTable was not refreshed: ${(this.options.reasonOf ?? failureReason)(error)}`,
        });
      }
    }
    await this.log(refreshed.map((entry) => entry.record));
    return refreshed.map((entry) => entry.record);
  }

  /** The Refresh log's rows, in one go once every table is written: a log that fails leaves the tables refreshed. */
  private async log(records: readonly StoredTableQuery[]): Promise<void> {
    if (records.length === 0 || !this.ops.logRefreshes) return;
    try {
      await this.ops.logRefreshes(records);
    } catch (error) {
      this.logProblem = `The tables were refreshed, but the Refresh log sheet did not get their rows. ${failureReason(error)}`;
      this.tell();
    }
  }

  add(item: RefreshItem): RefreshItem {
    this.items.push(item);
    return item;
  }
}

/** Refresh all: the formulas, then every stored table and their PivotTables. */
export async function refreshWorkbook(
  ops: WorkbookRefreshOperations,
  options: RefreshOptions = {},
): Promise<RefreshReport> {
  const startedAt = ops.now();
  const run = new Run(ops, options);
  const formulas = run.add({ id: "formulas", kind: "formulas", label: FORMULAS_LABEL, state: "running" });
  let records: StoredTableQuery[] = [];
  let listFailure: string | undefined;
  try {
    records = await ops.listTables();
  } catch (error) {
    listFailure = failureReason(error);
  }
  run.tell();
  ops.clearCache();
  try {
    await ops.recalculateFormulas();
    run.update(formulas, { state: "refreshed" });
  } catch (error) {
    run.update(formulas, { state: "failed", reason: failureReason(error) });
  }
  if (listFailure !== undefined) {
    run.add({
      id: "tables",
      kind: "table",
      label: "Tables",
      state: "failed",
      reason: `The workbook's stored queries could not be read. ${listFailure}`,
    });
  }
  await run.tables(records);
  return { ...run.progress(), startedAt, finishedAt: ops.now() };
}

/** Refreshes some tables only (the Queries view's per-table Refresh), with their PivotTables. */
export async function refreshTables(
  ops: WorkbookRefreshOperations,
  records: readonly StoredTableQuery[],
  options: RefreshOptions = {},
): Promise<RefreshReport> {
  const startedAt = ops.now();
  const run = new Run(ops, options);
  await run.tables(records);
  return { ...run.progress(), startedAt, finishedAt: ops.now() };
}
