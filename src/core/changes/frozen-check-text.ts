import type { TableCell } from "../workbook-queries/table-columns";
import { isExcelDateSerial, isoDateFromExcelSerial } from "../excel-dates";
import { changeLine, leadingTotal, metricFigure, moveText, totalText } from "./change-line";
import type { FrozenCheck } from "./frozen-check";
import { largestMoves } from "./table-changes";
import { READABLE_METRIC_HEADERS } from "../rows/headers";

/**
 * The words of "Check frozen sheets", the same in the Queries tab and the headless command's log:
 * per sheet, whether it still holds, and if not by how much.
 */

const percentText = (threshold: number) => `${threshold.toLocaleString("en-US", { maximumFractionDigits: 2 })} %`;

/** A moved row's group values: `2026-06-03 · FR`; a table without groups: `(all)`. */
export function keyText(key: readonly TableCell[], dateColumns: readonly boolean[]): string {
  if (key.length === 0) return "(all)";
  return key
    .map((cell, index) =>
      dateColumns[index] && typeof cell === "number" && isExcelDateSerial(cell)
        ? isoDateFromExcelSerial(cell)
        : String(cell === "" ? "(blank)" : cell),
    )
    .join(" · ");
}

/** One sentence per sheet: `Jun 2026 (frozen): moved beyond 1 %. Revenues 1,000.00 → 1,020.00, +20.00 (+2.00 %); 3 rows changed.` */
export function frozenCheckLine(check: FrozenCheck, thresholdPercent: number): string {
  const name = check.record.sheet.name;
  if (check.kind === "unchecked") return `${name}: not checked: ${check.reason}.`;
  const edited = check.edited ? " Its values were edited after the freeze: they were compared as they are now." : "";
  if (check.kind === "unchanged") {
    const lead = leadingTotal(check.changes);
    const total = lead ? ` ${READABLE_METRIC_HEADERS[lead.metric]} ${metricFigure(lead.metric, lead.before)},` : "";
    const rows = check.changes.rowsBefore;
    return `${name}: unchanged.${total} ${rows.toLocaleString("en-US")} ${rows === 1 ? "row" : "rows"}, as frozen on ${check.record.fingerprint.frozenDay}.${edited}`;
  }
  const how = check.beyond
    ? `moved beyond ${percentText(thresholdPercent)}`
    : `moved, within ${percentText(thresholdPercent)}`;
  return `${name}: ${how}. ${changeLine(check.changes)}.${edited}`;
}

/** Every total of a moved sheet, frozen and now: `Impressions 1,000 → 1,020, +20 (+2.00 %)`. */
export function frozenTotalLines(check: FrozenCheck): string[] {
  return check.kind === "moved" ? check.changes.totals.map(totalText) : [];
}

/** The largest moves of a moved sheet, one line each (revenue when the table has it). */
export function frozenMoveLines(check: FrozenCheck, count = 10): string[] {
  if (check.kind !== "moved") return [];
  const groups = check.fresh.columns.filter((column) => !column.isMetric);
  const dates = groups.map((column) => column.kind === "date");
  const metric = leadingTotal(check.changes)?.metric;
  if (metric === undefined) return [];
  return largestMoves(check.changes, count).map((move) => moveText(move, keyText(move.key, dates), metric));
}

/** `Checked 3 frozen sheets: 1 unchanged, 1 moved beyond 1 %, 1 not checked.` */
export function frozenChecksSummary(checks: readonly FrozenCheck[], thresholdPercent: number): string {
  if (checks.length === 0)
    return "No frozen sheet to check: use Freeze selection as values on the Query tab to freeze one.";
  const count = (test: (check: FrozenCheck) => boolean) => checks.filter(test).length;
  const parts = [
    [count((check) => check.kind === "unchanged"), "unchanged"],
    [count((check) => check.kind === "moved" && check.beyond), `moved beyond ${percentText(thresholdPercent)}`],
    [count((check) => check.kind === "moved" && !check.beyond), `moved within ${percentText(thresholdPercent)}`],
    [count((check) => check.kind === "unchecked"), "not checked"],
  ] as const;
  const sheets = `${checks.length} frozen ${checks.length === 1 ? "sheet" : "sheets"}`;
  return `Checked ${sheets}: ${parts
    .filter(([n]) => n > 0)
    .map(([n, words]) => `${n} ${words}`)
    .join(", ")}.`;
}
