import { GROUPS, METRICS, type GroupName, type MetricName } from "../../api";
import { ArgumentError, quoted } from "./argument-error";
import { aliasMap, nameKey } from "./list-text";

/** Readable words users type or copy from a header row, on top of the API's own names. */
const GROUP_ALIASES = aliasMap<GroupName>({
  date: "date",
  dates: "date",
  day: "date",
  organization: "organization",
  organizations: "organization",
  organisation: "organization",
  organisations: "organization",
  org: "organization",
  asset: "asset",
  assets: "asset",
  asset_type: "asset_type",
  asset_types: "asset_type",
  platform: "asset_type",
  country: "country",
  countries: "country",
  ad_unit: "ad_unit",
  ad_units: "ad_unit",
  adunit: "ad_unit",
  adunits: "ad_unit",
  format: "format",
  formats: "format",
  integration_type: "integration_type",
  integration_types: "integration_type",
  integration: "integration_type",
  device_type: "device_types",
  device_types: "device_types",
  device: "device_types",
  devices: "device_types",
});

const METRIC_ALIASES = aliasMap<MetricName>({
  impressions: "impressions",
  impression: "impressions",
  imps: "impressions",
  revenues: "revenues",
  revenue: "revenues",
  ecpm: "ecpm",
  e_cpm: "ecpm",
  cpm: "ecpm",
  requests: "requests",
  request: "requests",
});

export function groupOfName(text: string): GroupName | undefined {
  return GROUP_ALIASES.get(nameKey(text));
}

export function metricOfName(text: string): MetricName | undefined {
  return METRIC_ALIASES.get(nameKey(text));
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

export function readGroupNames(items: string[], argument = "groups"): GroupName[] {
  return unique(
    items.map((item) => {
      const group = groupOfName(item);
      if (!group) throw new ArgumentError(argument, `${quoted(item)} is not a group. Use one of: ${GROUPS.join(", ")}`);
      return group;
    }),
  );
}

export function readMetricNames(items: string[], argument = "metrics"): MetricName[] {
  return unique(
    items.map((item) => {
      const metric = metricOfName(item);
      if (!metric)
        throw new ArgumentError(argument, `${quoted(item)} is not a metric. Use one of: ${METRICS.join(", ")}`);
      return metric;
    }),
  );
}

const DIRECTION = /^(.*?)(?:\s*[:\s]\s*(asc|desc|ascending|descending))?$/i;

/** `revenues:desc`, `Revenue desc` and `eCPM` become the API's `revenues:desc`, `ecpm`. */
export function readOrderEntries(items: string[], argument = "orders"): string[] {
  const entries = new Map<string, string>();
  for (const item of items) {
    const match = DIRECTION.exec(item.trim());
    const name = match?.[1] ?? item;
    const descending = (match?.[2] ?? "").toLowerCase().startsWith("desc");
    const field = metricOfName(name) ?? groupOfName(name);
    if (!field) {
      throw new ArgumentError(
        argument,
        `${quoted(item)} is not a metric or group. Use a name such as revenues or date, with :desc to sort descending`,
      );
    }
    const entry = descending ? `${field}:desc` : field;
    // The same entry twice is the same sort; one field both ways cannot be.
    const earlier = entries.get(field);
    if (earlier !== undefined && earlier !== entry) {
      throw new ArgumentError(
        argument,
        `${quoted(item)} sorts by ${field} again, the other way. List each field once, with :desc to sort descending`,
      );
    }
    entries.set(field, entry);
  }
  return [...entries.values()];
}
