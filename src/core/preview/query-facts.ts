import type { MetricName } from "../../api";
import type { StatsQuery } from "../arguments/stats-query";
import { COMPARISON_PARTS, comparisonColumnKey } from "../compare/comparison-columns";
import type { LegacyQuery } from "../arguments/legacy-query";
import { LEGACY_STAT_COLUMNS } from "../legacy/legacy-rows";
import { metricsOf } from "../rows/stats-rows";
import type { SpillTable } from "../rows/spill-table";
import type { LabelLookup } from "./labels";
import type { PreviewFacts } from "./preview-model";

export interface KnownToThePane {
  /** The last day with data, from `/dates`. */
  dataThrough?: string | undefined;
  labelOf?: LabelLookup | undefined;
  shownRows?: number | undefined;
}

function extras(known: KnownToThePane): Partial<PreviewFacts> {
  return {
    ...(known.dataThrough ? { dataThrough: known.dataThrough } : {}),
    ...(known.labelOf ? { labelOf: known.labelOf } : {}),
    ...(known.shownRows !== undefined ? { shownRows: known.shownRows } : {}),
  };
}

/** With compare=, each metric is followed by its comparison columns (src/core/compare). */
function metricColumnsOf(metrics: readonly MetricName[], compared: boolean): string[] {
  return metrics.flatMap((metric) => [metric, ...(compared ? COMPARISON_PARTS.map((part) => comparisonColumnKey(metric, part)) : [])]);
}

/** What a REPORTING.STATS query tells the preview of its table. */
export function statsPreviewFacts(query: StatsQuery & { compare?: string }, table: SpillTable, known: KnownToThePane = {}): PreviewFacts {
  const { request } = query;
  return {
    groups: request.groups ?? [],
    // Read only where the table has no header row to name its columns.
    metrics: metricColumnsOf(metricsOf(request), query.compare !== undefined),
    dateColumns: table.dateColumns,
    headers: query.headers,
    dateBucket: request.date_group ?? "day",
    period: { from: request.filters.from, to: request.filters.to },
    ...extras(known),
  };
}

/** LEGACY.STATS: its four figures after the groups, monthly or daily dates. */
export function legacyPreviewFacts(query: Pick<LegacyQuery, "groupBy" | "headers" | "period">, table: SpillTable, known: KnownToThePane = {}): PreviewFacts {
  return {
    groups: query.groupBy,
    metrics: LEGACY_STAT_COLUMNS.map((column) => column.api),
    dateColumns: table.dateColumns,
    headers: query.headers,
    dateBucket: query.groupBy.includes("month") ? "month" : "day",
    ...(query.period ? { period: { from: query.period.from, to: query.period.to } } : {}),
    ...extras(known),
  };
}
