import type { MetricName } from "../../api";
import { READABLE_METRIC_HEADERS } from "../rows/headers";
import { COMPARE_LABELS, type CompareMode } from "./compare-mode";

/** The three columns a compared metric adds right after its own. */
export const COMPARISON_PARTS = ["previous", "change", "change_pct"] as const;
export type ComparisonPart = (typeof COMPARISON_PARTS)[number];
export type ComparisonColumnKey = `${MetricName}_${ComparisonPart}`;

export interface ComparisonColumn {
  metric: MetricName;
  part: ComparisonPart;
  /** `revenues_previous`, `revenues_change`, `revenues_change_pct`. */
  api: ComparisonColumnKey;
  /** `Revenues (previous period)`, `Revenues change`, `Revenues change %`. */
  readable: string;
}

/** The API name of a comparison column: `revenues_change_pct`. */
export function comparisonColumnKey(metric: MetricName, part: ComparisonPart): ComparisonColumnKey {
  return `${metric}_${part}`;
}

/** What a readable header adds after the metric's own name: ` (previous period)`, ` change`, ` change %`. */
export function readableComparisonSuffix(part: ComparisonPart, mode: CompareMode): string {
  if (part === "previous") return ` (${COMPARE_LABELS[mode]})`;
  return part === "change" ? " change" : " change %";
}

/** The comparison columns of `metric`, in the order they follow it. */
export function comparisonColumnsOf(metric: MetricName, mode: CompareMode): ComparisonColumn[] {
  return COMPARISON_PARTS.map((part) => ({
    metric,
    part,
    api: comparisonColumnKey(metric, part),
    readable: `${READABLE_METRIC_HEADERS[metric]}${readableComparisonSuffix(part, mode)}`,
  }));
}
