import {
  FILTER_NAMES,
  METRICS,
  type FilterName,
  type GroupName,
  type MetricName,
  type StatsEntry,
  type StatsRequest,
} from "../../../../src/api";
import type { HeaderStyle } from "../../../../src/core/arguments/options";
import type { StatsQueryModel } from "../../../../src/core/formula-text";
import { READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "../../../../src/core/rows/headers";
import { serialOf } from "./calendar";

/**
 * What each surface should show for a /stats answer, written from the documentation: one column
 * per group in the query's order, then one per metric; dates as Excel serials of the day the
 * service names; an empty cell for a missing value; a header row in the chosen style.
 */

export type Cell = string | number | boolean;

export function metricsOfModel(model: Pick<StatsQueryModel, "metrics">): MetricName[] {
  return model.metrics.length > 0 ? [...model.metrics] : [...METRICS];
}

/** The /stats request a model asks for, written from the model alone (not by the add-in's code). */
export function requestOf(model: StatsQueryModel, period: { from: string; to: string }): StatsRequest {
  const filters: StatsRequest["filters"] = { from: period.from, to: period.to };
  for (const name of FILTER_NAMES) {
    const values = model.filters[name];
    if (values && values.length > 0) (filters as Record<FilterName, string[]>)[name] = [...values];
  }
  const request: StatsRequest = { filters };
  if (model.metrics.length > 0) request.metrics = [...model.metrics];
  if (model.groups.length > 0) request.groups = [...model.groups];
  if (model.orders.length > 0) request.orders = [...model.orders];
  if (model.dateGroup && model.dateGroup !== "day") request.date_group = model.dateGroup;
  if (model.dateGroupLimit !== undefined) request.date_group_limit = model.dateGroupLimit;
  if (model.offset !== undefined && model.offset > 0) request.offset = model.offset;
  if (model.limit !== undefined) request.limit = model.limit;
  return request;
}

/** A row of an answer as raw values: the groups, then the metrics (null when missing). */
export function entryValues(
  entry: StatsEntry,
  groups: readonly GroupName[],
  metrics: readonly MetricName[],
): unknown[] {
  return [
    ...groups.map((group) => entry.group[group] ?? null),
    ...metrics.map((metric) => entry.metrics[metric] ?? null),
  ];
}

/** A row as a spill or a table shows it. */
export function entryCells(entry: StatsEntry, groups: readonly GroupName[], metrics: readonly MetricName[]): Cell[] {
  return [
    ...groups.map((group): Cell => {
      const value = entry.group[group];
      if (value === null || value === undefined) return "";
      return group === "date" ? serialOf(value) : value;
    }),
    ...metrics.map((metric): Cell => entry.metrics[metric] ?? ""),
  ];
}

export function headerOf(
  groups: readonly GroupName[],
  metrics: readonly MetricName[],
  style: Exclude<HeaderStyle, "none">,
): string[] {
  return style === "api"
    ? [...groups, ...metrics]
    : [
        ...groups.map((group) => READABLE_GROUP_HEADERS[group]),
        ...metrics.map((metric) => READABLE_METRIC_HEADERS[metric]),
      ];
}

/**
 * The whole spill of a STATS call: the header (unless headers=none), the rows, or zeros for an
 * ungrouped query with no activity, or one blank row when nothing at all is left to show.
 */
export function expectedSpill(
  entries: readonly StatsEntry[],
  groups: readonly GroupName[],
  metrics: readonly MetricName[],
  headers: HeaderStyle,
): Cell[][] {
  const rows: Cell[][] = headers === "none" ? [] : [headerOf(groups, metrics, headers)];
  for (const entry of entries) rows.push(entryCells(entry, groups, metrics));
  if (groups.length === 0 && entries.length === 0) rows.push(metrics.map(() => 0));
  return rows.length > 0 ? rows : [new Array<Cell>(groups.length + metrics.length).fill("")];
}

/** A cell as Excel holds it, whatever the date style: a dated number counts as its number. */
export function plainCell(cell: unknown): unknown {
  if (typeof cell === "object" && cell !== null && "basicValue" in cell)
    return (cell as { basicValue: unknown }).basicValue;
  return cell;
}

export function plainRows(rows: readonly (readonly unknown[])[]): unknown[][] {
  return rows.map((row) => row.map(plainCell));
}

/** `countries=FR,DE; formats=interstitial`: the filters text of docs/functions.md. */
export function filtersText(filters: Partial<Record<FilterName, readonly string[] | undefined>>): string | undefined {
  const parts = FILTER_NAMES.filter((name) => (filters[name]?.length ?? 0) > 0).map(
    (name) => `${name}=${filters[name]!.join(",")}`,
  );
  return parts.length > 0 ? parts.join("; ") : undefined;
}
