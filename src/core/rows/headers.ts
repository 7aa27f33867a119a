import type { GroupName, MetricName } from "../../api";
import type { HeaderStyle } from "../arguments/options";

export const READABLE_GROUP_HEADERS: Record<GroupName, string> = {
  date: "Date",
  organization: "Organization",
  asset: "Asset",
  asset_type: "Asset type",
  country: "Country",
  ad_unit: "Ad unit",
  format: "Format",
  integration_type: "Integration type",
  device_types: "Device type",
};

export const READABLE_METRIC_HEADERS: Record<MetricName, string> = {
  impressions: "Impressions",
  revenues: "Revenues",
  ecpm: "eCPM",
  requests: "Requests",
};

/** The readable name of a group or metric the service names `api`, or undefined for any other name. */
export function knownReadableName(api: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(READABLE_GROUP_HEADERS, api))
    return READABLE_GROUP_HEADERS[api as GroupName];
  if (Object.prototype.hasOwnProperty.call(READABLE_METRIC_HEADERS, api))
    return READABLE_METRIC_HEADERS[api as MetricName];
  return undefined;
}

/** The readable name of a column the service names `api` (`ad_unit` → `Ad unit`); an unknown name stays as it came. */
export function readableColumnName(api: string): string {
  return knownReadableName(api) ?? api;
}

/** A header row in the chosen style, or no row for headers=none. */
export function headerRows(columns: readonly { api: string; readable: string }[], style: HeaderStyle): string[][] {
  if (style === "none") return [];
  return [columns.map((column) => (style === "api" ? column.api : column.readable))];
}
