import type { StatsEntry, StatsRequest } from "../../api";
import type { HeaderStyle } from "../arguments/options";
import type { SpillTable } from "../rows/spill-table";
import type { CompareMode } from "./compare-mode";
import { comparisonPeriod } from "./comparison-period";
import { cutsRows } from "./comparison-request";
import { comparisonRows } from "./comparison-rows";
import { dateMatching } from "./date-matching";
import { mergeComparison } from "./merge-comparison";

/**
 * The spill of `=REPORTING.STATS(..., "compare=...")` from the two answers: the query's own
 * (`current`, as asked, limit and offset included) and that of comparisonRequest (`comparison`).
 */
export function comparedStatsTable(
  current: readonly StatsEntry[],
  comparison: readonly StatsEntry[],
  request: StatsRequest,
  headers: HeaderStyle,
  mode: CompareMode,
): SpillTable {
  const groups = request.groups ?? [];
  const period = { from: request.filters.from, to: request.filters.to };
  const dates = groups.includes("date")
    ? dateMatching(period, comparisonPeriod(period, mode), request.date_group ?? "day", mode)
    : undefined;
  const merged = mergeComparison(current, comparison, {
    groups,
    ...(dates ? { dates } : {}),
    includeComparisonOnly: !cutsRows(request),
  });
  return comparisonRows(merged, request, headers, mode);
}
