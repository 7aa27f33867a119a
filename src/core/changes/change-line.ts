import type { MetricName } from "../../api";
import { READABLE_METRIC_HEADERS } from "../rows/headers";
import { hasChanges, totalOf, type MetricChange, type RowMove, type TableChanges } from "./table-changes";

/**
 * The words of a change report, the same in the Queries tab, Refresh all's summary, the headless
 * run log and the Refresh log sheet. Figures are written the way the pane writes them (en-US
 * grouping, two decimals for money), so a line pasted into an e-mail reads the same everywhere.
 */

const MONEY: ReadonlySet<MetricName> = new Set(["revenues", "ecpm"]);

export function metricFigure(metric: MetricName, value: number): string {
  const decimals = MONEY.has(metric) ? 2 : 0;
  return value.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);

/** "+544.24 (+0.44 %)", "-12 (-0.01 %)", "+10.00 (new)" when there was nothing before. */
export function differenceText(total: MetricChange): string {
  const difference = signed(metricFigure(total.metric, total.difference), total.difference);
  if (total.percent === undefined) return `${difference} (new)`;
  const percent = signed(
    total.percent.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    total.percent,
  );
  return `${difference} (${percent} %)`;
}

/** "Revenues 123,456.78 → 124,001.02, +544.24 (+0.44 %)". */
export function totalText(total: MetricChange): string {
  return `${READABLE_METRIC_HEADERS[total.metric]} ${metricFigure(total.metric, total.before)} → ${metricFigure(total.metric, total.after)}, ${differenceText(total)}`;
}

const rows = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "row" : "rows"}`;

function rowCounts(changes: TableChanges): string {
  if (!changes.matched)
    return `${rows(changes.rowsBefore)} → ${rows(changes.rowsAfter)} (the query changed, rows not compared)`;
  const parts = [`${rows(changes.changed)} changed`];
  if (changes.added > 0) parts.push(`${changes.added.toLocaleString("en-US")} added`);
  if (changes.removed > 0) parts.push(`${changes.removed.toLocaleString("en-US")} removed`);
  return parts.join(", ");
}

/** The metric a one-line report leads with: revenue, the figure finance closes on, when the table has it. */
export function leadingTotal(changes: TableChanges): MetricChange | undefined {
  return totalOf(changes, "revenues") ?? changes.totals.find((total) => total.metric !== "ecpm") ?? changes.totals[0];
}

/** One line per table: "Revenues 123,456.78 → 124,001.02, +544.24 (+0.44 %); 37 rows changed". */
export function changeLine(changes: TableChanges): string {
  const lead = leadingTotal(changes);
  if (!hasChanges(changes)) {
    return lead === undefined
      ? `No change: ${rows(changes.rowsAfter)}`
      : `No change: ${READABLE_METRIC_HEADERS[lead.metric]} ${metricFigure(lead.metric, lead.after)}, ${rows(changes.rowsAfter)}`;
  }
  return lead === undefined ? rowCounts(changes) : `${totalText(lead)}; ${rowCounts(changes)}`;
}

/** One move in words, for the details view: "2026-06-03 · FR: Revenues 120.00 → 80.50, -39.50". */
export function moveText(move: RowMove, keyText: string, metric: MetricName): string {
  const before = move.before?.[metric];
  const after = move.after?.[metric];
  const name = READABLE_METRIC_HEADERS[metric];
  if (move.change === "added") return `${keyText}: new row, ${name} ${metricFigure(metric, after ?? 0)}`;
  if (move.change === "removed") return `${keyText}: row gone, ${name} was ${metricFigure(metric, before ?? 0)}`;
  const difference = (after ?? 0) - (before ?? 0);
  return `${keyText}: ${name} ${metricFigure(metric, before ?? 0)} → ${metricFigure(metric, after ?? 0)}, ${signed(metricFigure(metric, difference), difference)}`;
}
