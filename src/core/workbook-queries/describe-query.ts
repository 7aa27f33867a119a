import { COMPARE_LABELS } from "../compare/compare-mode";
import type { FilterLabels } from "../exports/query-sheet";
import { LEGACY_READABLE_GROUPS, LEGACY_STAT_COLUMNS } from "../legacy/legacy-rows";
import { READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "../rows/headers";
import { PERIOD_LABELS, periodDatesText } from "../periods";
import { chosenFilters, coarserDateGroup } from "../query-words";
import {
  isLegacyModel,
  type StoredLegacyQueryModel,
  type StoredQueryModel,
  type StoredTableModel,
} from "./stored-query";

/** A stored query in words, for the Queries view: `Revenues, Impressions by Date, Country; last 30 days; Countries: FR, DE`. */

const MAX_LISTED = 5;

function listed(values: readonly string[]): string {
  return values.length <= MAX_LISTED
    ? values.join(", ")
    : `${values.slice(0, MAX_LISTED).join(", ")} and ${values.length - MAX_LISTED} more`;
}

function periodText(period: StoredTableModel["period"]): string {
  return "word" in period ? PERIOD_LABELS[period.word].toLowerCase() : periodDatesText(period);
}

/** `Legacy statistics: Impressions, Revenues, eCPM, Requests by Date, Country; last 30 days`. */
function describeLegacyQuery(model: StoredLegacyQueryModel): string {
  const metrics = LEGACY_STAT_COLUMNS.map((column) => column.readable).join(", ");
  const groups =
    model.groupBy.length === 0
      ? "in total"
      : `by ${model.groupBy.map((group) => LEGACY_READABLE_GROUPS[group]).join(", ")}`;
  const parts = [`Legacy statistics: ${metrics} ${groups}`, periodText(model.period)];
  if (model.profile) parts.push(`profile ${model.profile}`);
  return parts.join("; ");
}

/**
 * `labels` name the filters' codes, from the reference lists of the query's profile: an
 * organization or an asset is an id no one reads; a code without a name stays as it is.
 */
export function describeQuery(model: StoredTableModel, labels: FilterLabels = {}): string {
  return isLegacyModel(model) ? describeLegacyQuery(model) : describeStatsQuery(model, labels);
}

function describeStatsQuery(model: StoredQueryModel, labels: FilterLabels): string {
  const metrics =
    model.metrics.length === 0
      ? "All metrics"
      : model.metrics.map((metric) => READABLE_METRIC_HEADERS[metric]).join(", ");
  const groups =
    model.groups.length === 0
      ? "in total"
      : `by ${model.groups.map((group) => READABLE_GROUP_HEADERS[group]).join(", ")}`;
  const parts = [`${metrics} ${groups}`, periodText(model.period)];
  const dateGroup = coarserDateGroup(model);
  if (dateGroup) parts.push(`dates by ${dateGroup}`);
  for (const { name, title, values } of chosenFilters(model.filters)) {
    const named = labels[name];
    parts.push(
      `${title}: ${listed(values.map((value) => (named && Object.prototype.hasOwnProperty.call(named, value) ? (named[value] ?? value) : value)))}`,
    );
  }
  if (model.orders.length > 0)
    parts.push(`sorted by ${model.orders.map((order) => order.replace(/:desc$/, " (descending)")).join(", ")}`);
  if (model.compare) parts.push(`compared with the ${COMPARE_LABELS[model.compare]}`);
  if (model.limit !== undefined) parts.push(`at most ${model.limit.toLocaleString("en-US")} rows`);
  if (model.profile) parts.push(`profile ${model.profile}`);
  return parts.join("; ");
}
