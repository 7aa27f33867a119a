import type { LoggedChanges } from "../core/changes/streamed-changes";

/** What a run says of each workbook: one JSON line per table (stdout, --log, the notification). */

export interface LogLine {
  file: string;
  table?: string;
  sheet?: string;
  /** `cleaned`: a temporary file that an interrupted run left was deleted (`reason` names it). */
  outcome: "refreshed" | "failed" | "unchanged" | "cleaned";
  rowsBefore?: number;
  rowsAfter?: number;
  totalsBefore?: Record<string, number>;
  totalsAfter?: Record<string, number>;
  /** What the refresh changed: rows added, removed, changed, each metric's totals, the largest moves. */
  changes?: LoggedChanges;
  seconds?: number;
  reason?: string;
  /** PivotTables Excel rebuilds when it next opens the file. */
  pivotsRefreshOnOpen?: string[];
  /**
   * Why this refresh has no row in the workbook's Refresh log (cells below the log are taken):
   * the refresh itself is done, but whoever reads the log file or the JSON lines must learn that
   * the sheet's history now has a gap.
   */
  refreshLogLeftAlone?: string;
  /** Where the refreshed workbook was written; absent on a dry run. */
  output?: string;
  dryRun?: boolean;
}

export interface FileResult {
  file: string;
  /** 0, 1 or 2, as the exit status. */
  status: 0 | 1 | 2;
  lines: LogLine[];
  /** Sentences for the person reading the run (the Refresh log not added to, and why). */
  notes?: string[];
}
