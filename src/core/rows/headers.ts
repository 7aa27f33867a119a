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

/** A header row in the chosen style, or no row for headers=none. */
export function headerRows(columns: readonly { api: string; readable: string }[], style: HeaderStyle): string[][] {
  if (style === "none") return [];
  return [columns.map((column) => (style === "api" ? column.api : column.readable))];
}
