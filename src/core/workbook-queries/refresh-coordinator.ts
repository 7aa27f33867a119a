import {
  refreshTables,
  refreshWorkbook,
  type RefreshProgress,
  type RefreshReport,
  type WorkbookRefreshOperations,
} from "./refresh-run";
import type { StoredTableQuery } from "./stored-query";

export type ProgressListener = (progress: RefreshProgress) => void;

/**
 * One refresh at a time per page: the Queries view's Refresh all, a table's Refresh and the
 * refresh when the workbook opens all come here. A second Refresh all while one runs joins it
 * (its listener hears the same progress) instead of starting another.
 */
export class RefreshCoordinator {
  private running:
    | { promise: Promise<unknown>; controller: AbortController; listeners: Set<ProgressListener>; all: boolean }
    | undefined;

  constructor(private readonly ops: WorkbookRefreshOperations) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  refreshAll(listener?: ProgressListener): Promise<RefreshReport> {
    if (this.running?.all) {
      if (listener) this.running.listeners.add(listener);
      return this.running.promise as Promise<RefreshReport>;
    }
    return this.start(true, listener, (signal, onProgress) => refreshWorkbook(this.ops, { signal, onProgress }));
  }

  refreshTables(records: readonly StoredTableQuery[], listener?: ProgressListener): Promise<RefreshReport> {
    return this.start(false, listener, (signal, onProgress) =>
      refreshTables(this.ops, records, { signal, onProgress }),
    );
  }

  /**
   * Runs `task` as the page's one refresh (after any in flight), such as saving an edited query
   * into its table; Cancel reaches it through `signal`.
   */
  exclusive<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.start(false, undefined, (signal) => task(signal));
  }

  /** Stops the refresh in flight: what finished stays, the rest is marked not refreshed. */
  cancel(): void {
    this.running?.controller.abort();
  }

  private async start<T>(
    all: boolean,
    listener: ProgressListener | undefined,
    run: (signal: AbortSignal, onProgress: ProgressListener) => Promise<T>,
  ): Promise<T> {
    // Waits for a refresh in flight: two refreshes writing one table at once would mix their rows.
    while (this.running) await this.running.promise.catch(() => undefined);
    const controller = new AbortController();
    const listeners = new Set<ProgressListener>(listener ? [listener] : []);
    const onProgress: ProgressListener = (progress) => {
      for (const each of listeners) each(progress);
    };
    const promise = run(controller.signal, onProgress);
    const running = { promise, controller, listeners, all };
    this.running = running;
    try {
      return await promise;
    } finally {
      if (this.running === running) this.running = undefined;
    }
  }
}
