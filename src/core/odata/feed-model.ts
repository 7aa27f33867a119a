import { GROUPS, METRICS, type GroupName, type MetricName } from "../../api/stats-request";

/**
 * The feed's shape, shared by the host that serves it and the tools that call it. The names are
 * the service's own: a dimension of `Stats` is a `/stats` group and takes the values its filter
 * takes; a metric is a `/stats` metric.
 */
export const FEED_ROOT = "/odata";
export const STATS_SET = "Stats";
export const LEGACY_STATS_SET = "LegacyStats";
export const DATES_SET = "Dates";

export const STATS_DIMENSIONS: readonly GroupName[] = GROUPS;
export const STATS_METRICS: readonly MetricName[] = METRICS;
export type StatsProperty = GroupName | MetricName;
/**
 * The key of a `Stats` entity. OData's key properties must not be null (CSDL, "Key"), and a
 * dimension may be (a country the service did not attribute): so the key is this one property,
 * the entity's dimension values as a JSON array text (`["2026-06-01","FR"]`, `[]` for the total),
 * unique among the entities of one query, and the dimensions are ordinary nullable properties.
 */
export const STATS_KEY = "id";
export type StatsColumn = StatsProperty | typeof STATS_KEY;

export function isDimension(name: string): name is GroupName {
  return (STATS_DIMENSIONS as readonly string[]).includes(name);
}

export function isMetric(name: string): name is MetricName {
  return (STATS_METRICS as readonly string[]).includes(name);
}

/** The reference lists, each an entity set of `value` (the filter's value) and `label`. */
export const REFERENCE_SETS = {
  Countries: "countries",
  Formats: "formats",
  IntegrationTypes: "integrationTypes",
  DeviceTypes: "deviceTypes",
  AssetTypes: "assetTypes",
} as const;
export type ReferenceSetName = keyof typeof REFERENCE_SETS;
export const ASSETS_SET = "Assets";
export const ORGANIZATIONS_SET = "Organizations";

/** Every entity set, in the order the service document lists them. */
export const ENTITY_SETS = [
  STATS_SET,
  ...(Object.keys(REFERENCE_SETS) as ReferenceSetName[]),
  ASSETS_SET,
  ORGANIZATIONS_SET,
  DATES_SET,
  LEGACY_STATS_SET,
] as const;

/** Rows of one feed page: a page the service accepts (SERVICE_LIMITS.maxLimit), one request each. */
export const FEED_PAGE_SIZE = 5_000;
