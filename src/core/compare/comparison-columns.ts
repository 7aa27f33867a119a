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

/** The comparison columns of `metric`, in the order they follow it. */
export function comparisonColumnsOf(metric: MetricName, mode: CompareMode): ComparisonColumn[] {
  const name = READABLE_METRIC_HEADERS[metric];
  const readable: Record<ComparisonPart, string> = {
    previous: `${name} (${COMPARE_LABELS[mode]})`,
    change: `${name} change`,
    change_pct: `${name} change %`,
  };
  return COMPARISON_PARTS.map((part) => ({ metric, part, api: `${metric}_${part}`, readable: readable[part] }));
}
