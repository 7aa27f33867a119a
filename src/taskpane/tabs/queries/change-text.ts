import { changesOfSummary, type ChangeSummary } from "../../../core/changes/change-summary";
import { changeLine, leadingTotal, moveText } from "../../../core/changes/change-line";
import { moveKeyText } from "../../../core/changes/move-key";
import { largestMoves, movedBeyond, type TableChanges } from "../../../core/changes/table-changes";
import type { LabelLookup } from "../../../core/preview/labels";
import type { RefreshItem, RefreshReport } from "../../../core/workbook-queries/refresh-run";
import type { StoredTableQuery } from "../../../core/workbook-queries/stored-query";
import type { KeptChanges } from "../../../core/workbook-queries/table-refresh";
import { plural } from "./queries-text";

/**
 * The words of the change report in the Queries tab and in Refresh all's results: one line per
 * table, the flag of a table whose revenue moved more than the workbook's threshold (in words, not
 * by colour alone), and the largest moves.
 */

export const MOVES_SHOWN = 10;

export function thresholdText(threshold: number): string {
  return `${threshold.toLocaleString("en-US", { maximumFractionDigits: 2 })} %`;
}

/** The report of a table's last refresh, from its record; undefined when it has none (never refreshed, or inserted only). */
export function lastChanges(record: StoredTableQuery): TableChanges | undefined {
  const last = record.lastRefresh;
  return last?.changes && changesOfSummary(last.changes, last.rows);
}

export function summaryChanges(
  summary: ChangeSummary | undefined,
  rowsAfter: number | undefined,
): TableChanges | undefined {
  return summary && changesOfSummary(summary, rowsAfter ?? 0);
}

/** "Last refresh: Revenues 123.00 → 124.00, +1.00 (+0.81 %); 3 rows changed". */
export function lastChangeText(changes: TableChanges): string {
  return `Last refresh: ${changeLine(changes)}`;
}

/** Said beside a flagged table, so that it stands out without colour. */
export function flagText(threshold: number): string {
  return `Check this table: its revenue moved more than ${thresholdText(threshold)} in this refresh.`;
}

export const isFlagged = (changes: TableChanges | undefined, threshold: number): boolean =>
  changes !== undefined && movedBeyond(changes, threshold);

/** A refreshed table's result line: what moved, and the flag. Empty for anything else. */
export function resultChangeText(item: RefreshItem, threshold: number): string {
  const changes = item.state === "refreshed" ? summaryChanges(item.changes, item.rows) : undefined;
  if (!changes) return "";
  return ` ${changeLine(changes)}.${isFlagged(changes, threshold) ? ` ${flagText(threshold)}` : ""}`;
}

/** What Refresh all's summary adds: the flagged tables by name, and a log that did not get its rows. */
export function changeSummaryText(report: RefreshReport, threshold: number): string {
  const flagged = report.items.filter(
    (item) => item.state === "refreshed" && isFlagged(summaryChanges(item.changes, item.rows), threshold),
  );
  const parts: string[] = [];
  if (flagged.length > 0) {
    parts.push(
      `${plural(flagged.length, "table")} moved more than ${thresholdText(threshold)} in revenue: ${flagged.map((item) => item.label).join(", ")}. Check ${flagged.length === 1 ? "it" : "them"} before relying on the figures.`,
    );
  }
  if (report.logProblem) parts.push(report.logProblem);
  return parts.map((part) => ` ${part}`).join("");
}

/** "Largest moves (10 of 37)", or "The move" / "The 3 moves" when all are shown. */
export function movesTitle(changes: TableChanges): string {
  const count = changes.moves.length;
  if (count <= MOVES_SHOWN) return count === 1 ? "The row that moved" : `The ${count} rows that moved`;
  return `Largest moves (${MOVES_SHOWN} of ${count.toLocaleString("en-US")})`;
}

/** Each of the largest moves in words: "2026-06-03 · FR (France): Revenues 120.00 → 80.50, -39.50". */
export function moveLines(kept: KeptChanges, labelOf: LabelLookup): string[] {
  const metric = leadingTotal(kept.changes)?.metric;
  if (metric === undefined) return [];
  return largestMoves(kept.changes, MOVES_SHOWN).map((move) =>
    moveText(move, moveKeyText(move.key, kept.groups, labelOf), metric),
  );
}

/** The threshold a user typed, or the problem with it in words. */
export function readThreshold(text: string): { threshold: number } | { problem: string } {
  const value = Number(text.trim().replace(/\s*%$/, "").replace(",", "."));
  if (text.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1_000) {
    return {
      problem: "Type a percentage between 0 and 1000, such as 1 or 0.5, for the revenue move that flags a table.",
    };
  }
  return { threshold: Math.round(value * 100) / 100 };
}
