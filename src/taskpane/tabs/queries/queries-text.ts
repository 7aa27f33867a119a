import type { RefreshItem, RefreshProgress, RefreshReport } from "../../../core/workbook-queries/refresh-run";
import { localTimestamp } from "../../../core/freeze-note";
import { isLegacyModel, type StoredTableQuery } from "../../../core/workbook-queries/stored-query";

/**
 * The words of the Queries tab, apart from the page so that they are tested in Node: what a
 * table's entry says, the formulas' census, each refresh result, the progress line and the
 * summary of a run. Times are written as the rest of the pane writes dates, ISO-style in the
 * user's own clock (`2026-11-26 08:59`), never in a locale's own format beside ISO days.
 */

export const NEEDS_EXCEL = "The workbook's queries live in Excel: open this add-in there to see and refresh them.";

/** Saved queries are kept in the workbook, as the tables' queries are: outside Excel there is none to keep them in. */
export const SAVED_NEEDS_EXCEL =
  "Saved queries are kept in the workbook: open this add-in in Excel to save queries and load them.";

export function whenText(iso: string | undefined): string {
  return iso ? localTimestamp(new Date(iso)) : "never";
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** The sheet a stored table is on now, or undefined when the workbook has lost it. */
export function tableMetaText(record: StoredTableQuery, sheetNow: string | undefined): string {
  const last = record.lastRefresh;
  return [
    sheetNow !== undefined ? `On ${sheetNow}` : "Not in the workbook any more",
    plural(last?.rows ?? 0, "row"),
    `last refreshed ${whenText(last?.at)}${last?.profile ? ` with ${last.profile}` : ""}`,
    // The last day comes from the Reporting interface's /dates, which says nothing of the legacy one.
    ...(isLegacyModel(record.query) ? [] : [`data through ${last?.dataThrough ?? "unknown"}`]),
  ].join(" · ");
}

/** The PivotTables a table feeds, or undefined when it feeds none. */
export function pivotsText(record: StoredTableQuery): string | undefined {
  if (record.pivots.length === 0) return undefined;
  return `PivotTable ${record.pivots.map((pivot) => `${pivot.name} on ${pivot.sheet}`).join(", ")}`;
}

export function lastFailureText(record: StoredTableQuery): string | undefined {
  const failure = record.lastFailure;
  return failure && `The last refresh failed (${whenText(failure.at)}): ${failure.reason}`;
}

export function unreadableText(count: number): string {
  const one = count === 1;
  return `${plural(count, "stored query", "stored queries")} of this workbook could not be read by this version of the add-in and ${one ? "is" : "are"} left as ${one ? "it is" : "they are"}.`;
}

/** Why the list is what it is when Excel gave back none of the add-in's stored queries (office-js 6091, on Mac). */
export const RECOVERED_TEXT =
  "Excel did not give back the tables' stored queries (as happens on some Macs after the file is saved and reopened): they were read from the copy in the workbook's settings. Refresh the tables to store their queries again.";

export function orphanTablesText(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ", …" : "");
  return `This workbook has ${plural(names.length, "table")} named like the add-in's (${shown}), but Excel did not give back their stored queries (reported on Mac after the file is saved and reopened), so they cannot be refreshed here. Open the workbook in Excel on Windows or on the web and refresh the tables there, or insert them again from the Query tab.`;
}

export function formulasText(counts: readonly { sheet: string; count: number }[]): string {
  if (counts.length === 0) return "No REPORTING formula in this workbook.";
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  return `${plural(total, "REPORTING formula")}: ${counts.map((entry) => `${entry.count.toLocaleString()} on ${entry.sheet}`).join(", ")}. Refresh all recalculates them.`;
}

/** One line of the results list. */
export function resultText(item: RefreshItem): string {
  switch (item.state) {
    case "refreshed": {
      if (item.kind === "formulas") return `${item.label}: recalculated.`;
      const parts = [`${item.label}: refreshed, ${plural(item.rows ?? 0, "row")}`];
      if (item.dataThrough) parts.push(`data through ${item.dataThrough}`);
      if (item.pivots) parts.push(`${plural(item.pivots, "PivotTable")} refreshed`);
      return `${parts.join(", ")}.${item.warning ? ` ${item.warning}` : ""}`;
    }
    case "failed":
      return `${item.label}: failed. ${item.reason ?? ""}`;
    case "not_refreshed":
      return `${item.label}: ${item.reason ?? "not refreshed."}`;
    case "running":
      return `${item.label}: refreshing…`;
    case "waiting":
      return `${item.label}: waiting.`;
  }
}

/** The line under the progress bar while a refresh runs. */
export function progressText(step: RefreshProgress): string {
  const current = step.current.length > 0 ? `: ${step.current.join(", ")}` : "";
  return step.cancelled
    ? `Cancelling… ${step.done} of ${step.total} done${current}`
    : `Refreshing ${Math.min(step.done + 1, step.total)} of ${step.total}${current}`;
}

/** What a finished run did, under the bar and in the status bar. */
export function refreshSummary(report: RefreshReport): string {
  const failed = report.items.filter((item) => item.state === "failed").length;
  const skipped = report.items.filter((item) => item.state === "not_refreshed").length;
  const refreshed = report.items.filter((item) => item.state === "refreshed").length;
  if (report.cancelled)
    return `Refresh cancelled: ${refreshed} of ${report.total} refreshed, ${skipped} not refreshed${failed ? `, ${failed} failed` : ""}. What finished stays.`;
  if (failed > 0)
    return `Refreshed ${refreshed} of ${report.total}; ${plural(failed, "failure")}, with the reason below.`;
  // A table's own Refresh runs no formulas: "Refreshed all 1: formulas recalculated" would be untrue.
  if (!report.items.some((item) => item.kind === "formulas")) {
    return report.items.length === 1
      ? `Refreshed the table ${report.items[0]!.label}.`
      : `Refreshed ${plural(refreshed, "table")}.`;
  }
  return `Refreshed all ${report.total}: formulas recalculated, ${plural(report.total - 1, "table")} refreshed.`;
}

export function refreshFailed(report: RefreshReport): boolean {
  return report.items.some((item) => item.state === "failed");
}

/** What the status bar says once refresh on open is turned on or off. */
export function refreshOnOpenText(on: boolean, loadsWithDocument: boolean): string {
  if (!on) return "This workbook no longer refreshes when it opens.";
  return loadsWithDocument
    ? "This workbook refreshes its formulas and tables when it opens."
    : "This workbook refreshes when the add-in opens. This Excel cannot load the add-in with the workbook by itself (SharedRuntime 1.1): open the Reporting pane to refresh.";
}
