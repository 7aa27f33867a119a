import type { StatsQuery } from "../arguments/stats-query";
import { comparisonColumnsOf } from "../compare/comparison-columns";
import type { LegacyQuery } from "../arguments/legacy-query";
import { LEGACY_STAT_COLUMNS } from "../legacy/legacy-rows";
import { metricsOf } from "../rows/stats-rows";
import type { LabelLookup } from "./labels";
import type { PreviewFacts } from "./preview-model";

export interface KnownToThePane {
  /** The last day with data, from `/dates`. */
  dataThrough?: string | undefined;
  labelOf?: LabelLookup | undefined;
}

function extras(known: KnownToThePane): Partial<PreviewFacts> {
  return {
    ...(known.dataThrough ? { dataThrough: known.dataThrough } : {}),
    ...(known.labelOf ? { labelOf: known.labelOf } : {}),
  };
}

/** What a REPORTING.STATS query tells the preview of its table. */
export function statsPreviewFacts(query: StatsQuery, known: KnownToThePane = {}): PreviewFacts {
  const { request, compare } = query;
  return {
    groups: request.groups ?? [],
    // Read only where the table has no header row to name its columns. With compare=, each
    // metric is followed by its comparison columns (src/core/compare).
    metrics: metricsOf(request).flatMap((metric) => [
      metric,
      ...(compare === undefined ? [] : comparisonColumnsOf(metric, compare).map((column) => column.api)),
    ]),
    headers: query.headers,
    dateBucket: request.date_group ?? "day",
    period: { from: request.filters.from, to: request.filters.to },
    ...extras(known),
  };
}

/** LEGACY.STATS: its four figures after the groups, monthly or daily dates. */
export function legacyPreviewFacts(
  query: Pick<LegacyQuery, "groupBy" | "headers" | "period">,
  known: KnownToThePane = {},
): PreviewFacts {
  return {
    groups: query.groupBy,
    metrics: LEGACY_STAT_COLUMNS.map((column) => column.api),
    headers: query.headers,
    dateBucket: query.groupBy.includes("month") ? "month" : "day",
    ...(query.period ? { period: { from: query.period.from, to: query.period.to } } : {}),
    ...extras(known),
  };
}
