import { METRICS, type FilterName, type StatsRequest } from "../../api";
import type { HeaderStyle } from "../arguments/options";
import type { LegacyQueryModel, StatsQueryModel } from "../formula-text";
import type { DateRange } from "../periods";
import { chosenFilters, coarserDateGroup, sortText } from "../query-words";
import { READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "../rows/headers";

/**
 * The "Query" sheet of an Excel export: what the numbers beside it answer, in two columns (what,
 * value), so that a file found months later still says its period, groups, filters, the profile
 * it ran with (by name: never a credential), when it was made and how far the data reached.
 */

export type QuerySheetRow = readonly [field: string, value: string];
export const QUERY_SHEET_HEADER: QuerySheetRow = ["Field", "Value"];

/** Labels the reference routes give for filter values (`US` → `United States`), where known. */
export type FilterLabels = Partial<Record<FilterName, Readonly<Record<string, string>>>>;

const HEADER_WORDS: Record<HeaderStyle, string> = {
  readable: "Readable names",
  api: "Service names",
  none: "No header row",
};

/** What every export's sheet says of when and with what it was made. */
export interface ExportCircumstances {
  /** The period word's words (`Last month`), or undefined for a custom range. */
  periodName?: string | undefined;
  profile?: string | undefined;
  /** When the file was made, ISO 8601 with the user's offset (see isoTimeWithZone). */
  madeAt: string;
  /** The last day the service had statistics for (/dates), when it answered. */
  dataThrough?: string | undefined;
  formula: string;
}

/** `2026-11-05T14:03:12+01:00`: the moment `ms` as a clock `offsetMinutes` east of UTC reads it. */
export function isoTimeWithZone(ms: number, offsetMinutes: number): string {
  const shifted = new Date(ms + offsetMinutes * 60_000).toISOString().replace(/\.\d{3}Z$/, "");
  const sign = offsetMinutes < 0 ? "-" : "+";
  const minutes = Math.abs(offsetMinutes);
  return `${shifted}${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function labelled(value: string, labels: Readonly<Record<string, string>> | undefined): string {
  const label = labels && Object.prototype.hasOwnProperty.call(labels, value) ? labels[value] : undefined;
  return label && label !== value ? `${label} (${value})` : value;
}

function periodRows(period: DateRange, periodName: string | undefined): QuerySheetRow[] {
  return [
    ["From", period.from],
    ["To", period.to],
    ["Period", periodName ?? "Custom range"],
  ];
}

/**
 * The currency of the money columns, said once per file as the preview says it: the service gives
 * no currency, and known-facts infers US dollars; revenues and eCPM carry two decimals.
 */
export const CURRENCY_ROW: QuerySheetRow = ["Currency", "US dollars (USD): Revenues and eCPM, two decimals"];

function closingRows(facts: ExportCircumstances, headers: HeaderStyle): QuerySheetRow[] {
  return [
    ["Headers", HEADER_WORDS[headers]],
    ["Profile", facts.profile ?? "Not known"],
    ["Made at", facts.madeAt],
    ["Data through", facts.dataThrough ?? "Not known: the service did not say"],
    ["Formula", facts.formula],
  ];
}

/** The Query sheet of a REPORTING.STATS export. */
export function statsQueryRows(
  model: StatsQueryModel,
  request: StatsRequest,
  facts: ExportCircumstances,
  labels: FilterLabels = {},
): QuerySheetRow[] {
  const metrics = model.metrics.length === 0 ? METRICS : model.metrics;
  const rows: QuerySheetRow[] = [
    ["Query", "Reporting statistics (REPORTING.STATS)"],
    ...periodRows(request.filters, facts.periodName),
    [
      "Groups",
      model.groups.length === 0
        ? "None: totals of the period"
        : model.groups.map((group) => READABLE_GROUP_HEADERS[group]).join(", "),
    ],
  ];
  const dateGroup = coarserDateGroup(model);
  if (dateGroup) rows.push(["Dates grouped by", dateGroup]);
  rows.push(["Metrics", metrics.map((metric) => READABLE_METRIC_HEADERS[metric]).join(", ")]);
  if (metrics.includes("revenues") || metrics.includes("ecpm")) rows.push(CURRENCY_ROW);
  const filters = chosenFilters(model.filters);
  for (const { name, title, values } of filters)
    rows.push([`Filter: ${title}`, values.map((value) => labelled(value, labels[name])).join(", ")]);
  if (filters.length === 0) rows.push(["Filters", "None"]);
  rows.push(["Sort", model.orders.length === 0 ? "The service's order" : model.orders.map(sortText).join("; ")]);
  if (model.dateGroupLimit !== undefined) rows.push(["Most recent periods", String(model.dateGroupLimit)]);
  if (model.limit !== undefined) rows.push(["Maximum rows", String(model.limit)]);
  if (model.offset !== undefined && model.offset > 0) rows.push(["Rows skipped", String(model.offset)]);
  return [...rows, ...closingRows(facts, model.headers ?? "readable")];
}

/** The Query sheet of a LEGACY.STATS export; `groupNames` are the column names of its groupings. */
export function legacyQueryRows(
  model: LegacyQueryModel,
  period: DateRange,
  groupNames: readonly string[],
  facts: ExportCircumstances,
): QuerySheetRow[] {
  return [
    ["Query", "Legacy statistics (REPORTING.LEGACY.STATS)"],
    ...periodRows(period, facts.periodName),
    ["Groups", groupNames.length === 0 ? "None: totals of the period" : groupNames.join(", ")],
    ["Metrics", METRICS.map((metric) => READABLE_METRIC_HEADERS[metric]).join(", ")],
    CURRENCY_ROW,
    ...closingRows(facts, model.headers ?? "readable"),
  ];
}
