import type { DateGroup, FilterName, GroupName } from "../api";
import { FILTER_NAMES } from "../api";
import { readableColumnName } from "./rows/headers";

/**
 * The words a STATS query is told in, shared by the Queries view's one-line description and
 * an export's Query sheet, so that both name a filter or a date grouping the same way.
 */

const FILTER_TITLES: Record<FilterName, string> = {
  organizations: "Organizations",
  assets: "Assets",
  asset_types: "Asset types",
  ad_units: "Ad units",
  countries: "Countries",
  formats: "Formats",
  integration_types: "Integration types",
  device_types: "Device types",
};

export interface ChosenFilter {
  name: FilterName;
  title: string;
  values: readonly string[];
}

/** The filters that hold values, in the service's order of filters. */
export function chosenFilters(filters: Partial<Record<FilterName, readonly string[] | undefined>>): ChosenFilter[] {
  return FILTER_NAMES.flatMap((name) => {
    const values = filters[name];
    return values && values.length > 0 ? [{ name, title: FILTER_TITLES[name], values }] : [];
  });
}

/** The date grouping worth saying: only with a date column, and only when coarser than days. */
export function coarserDateGroup(query: {
  groups: readonly GroupName[];
  dateGroup?: DateGroup | undefined;
}): DateGroup | undefined {
  return query.groups.includes("date") && query.dateGroup && query.dateGroup !== "day" ? query.dateGroup : undefined;
}

/** A sort (`field` or `field:desc`) as the pane's list and the Query sheet write it: `Revenues, descending`. */
export function sortText(order: string): string {
  const descending = order.endsWith(":desc");
  return `${readableColumnName(descending ? order.slice(0, -":desc".length) : order)}, ${descending ? "descending" : "ascending"}`;
}
