import type { MetricName, StatsRequest } from "../../api";
import type { HeaderStyle } from "../arguments/options";
import type { SpillCell, SpillRows } from "../cell-values";
import { createGroupDateConverter } from "../excel-dates";
import { headerRows, READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "../rows/headers";
import { spillTable, type SpillTable } from "../rows/spill-table";
import { groupCell, metricsOf } from "../rows/stats-rows";
import type { CompareMode } from "./compare-mode";
import { comparisonColumnsOf, type ComparisonPart } from "./comparison-columns";
import type { ComparedEntry } from "./merge-comparison";

/**
 * The cell of one comparison column. A side without the row leaves its value, the change and
 * the change % blank; the change % is also blank when the comparison is 0 (a rise from nothing
 * has no percentage). Percentages are fractions (0.125 for 12.5 %), for Excel to format.
 */
export function comparisonCell(entry: ComparedEntry, metric: MetricName, part: ComparisonPart): SpillCell {
  const previous = entry.previous?.[metric];
  if (part === "previous") return previous ?? "";
  const current = entry.current?.[metric];
  if (current === undefined || previous === undefined) return "";
  const change = current - previous;
  if (part === "change") return change;
  return previous === 0 ? "" : change / previous;
}

/**
 * The spill of a compared query: one column per group, then for each metric its value, the
 * comparison's value, the change and the change %. The change % columns are listed in
 * `percentColumns`, the date column in `dateColumns`.
 */
export function comparisonRows(
  entries: readonly ComparedEntry[],
  request: StatsRequest,
  headers: HeaderStyle,
  mode: CompareMode,
): SpillTable {
  const groups = request.groups ?? [];
  const metrics = metricsOf(request);
  const toDate = createGroupDateConverter();
  const columns: { api: string; readable: string }[] = groups.map((group) => ({
    api: group,
    readable: READABLE_GROUP_HEADERS[group],
  }));
  const cells: ((entry: ComparedEntry) => SpillCell)[] = groups.map(
    (group) => (entry) => groupCell(entry.group, group, toDate),
  );
  const percentColumns: number[] = [];
  for (const metric of metrics) {
    columns.push({ api: metric, readable: READABLE_METRIC_HEADERS[metric] });
    cells.push((entry) => entry.current?.[metric] ?? "");
    for (const column of comparisonColumnsOf(metric, mode)) {
      if (column.part === "change_pct") percentColumns.push(columns.length);
      columns.push(column);
      cells.push((entry) => comparisonCell(entry, metric, column.part));
    }
  }
  const rows: SpillRows = headerRows(columns, headers);
  for (const entry of entries) rows.push(cells.map((cell) => cell(entry)));
  const dateColumns = groups.includes("date") ? [groups.indexOf("date")] : [];
  return { ...spillTable(rows, dateColumns, entries.length, columns.length), percentColumns };
}
