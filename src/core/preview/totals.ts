import { ecpmOf } from "../ecpm";
import type { Metric, PreviewColumn, Variant } from "./columns";

/**
 * The totals row, by column: counts and revenues are summed; eCPM is recomputed from the summed
 * revenues and impressions (an average of eCPMs weighs a country with ten impressions like one
 * with ten million); a change is the change of the totals and a change % is recomputed from them,
 * never a sum of percentages. Undefined where no total makes sense (groups, text, or a figure
 * whose parts the table lacks).
 */
export function columnTotals(
  columns: readonly PreviewColumn[],
  rows: readonly (readonly unknown[])[],
): (number | undefined)[] {
  const width = Math.max(0, ...columns.map((column) => column.index + 1));
  const sums = new Array<number>(width).fill(0);
  const counted = new Array<boolean>(width).fill(false);
  for (const row of rows) {
    for (const column of columns) {
      const value = row[column.index];
      if (typeof value === "number" && Number.isFinite(value)) {
        sums[column.index] = sums[column.index]! + value;
        counted[column.index] = true;
      }
    }
  }
  const sumOf = (metric: Metric, variant: Variant): number | undefined => {
    const column = columns.find((candidate) => candidate.metric === metric && candidate.variant === variant);
    return column ? sums[column.index] : undefined;
  };
  const ecpmTotal = (variant: "current" | "previous"): number | undefined => {
    const revenues = sumOf("revenues", variant);
    const impressions = sumOf("impressions", variant);
    return revenues === undefined || impressions === undefined ? undefined : ecpmOf(revenues, impressions);
  };
  const totalOf = (metric: Metric, variant: "current" | "previous"): number | undefined =>
    metric === "ecpm" ? ecpmTotal(variant) : sumOf(metric, variant);

  return columns.map((column) => {
    const { metric, variant } = column;
    if (column.kind === "percent") {
      if (!metric || variant !== "change_percent") return undefined;
      const current = totalOf(metric, "current");
      const previous = totalOf(metric, "previous");
      // As in the rows: no percentage of a change from nothing.
      return current === undefined || previous === undefined || previous === 0
        ? undefined
        : (current - previous) / previous;
    }
    if (column.kind !== "count" && column.kind !== "currency" && column.kind !== "ecpm") return undefined;
    if (!metric || !variant) return undefined;
    if (variant === "change") {
      const current = totalOf(metric, "current");
      const previous = totalOf(metric, "previous");
      if (current !== undefined && previous !== undefined) return current - previous;
      return metric === "ecpm" || !counted[column.index] ? undefined : sums[column.index];
    }
    if (variant === "current" || variant === "previous") {
      if (metric === "ecpm") return ecpmTotal(variant);
      return counted[column.index] ? sums[column.index] : undefined;
    }
    return undefined;
  });
}
