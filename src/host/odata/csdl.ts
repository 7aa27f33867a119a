import { LEGACY_DIMENSIONS, LEGACY_KEY } from "../../core/odata/legacy-stats-query";
import {
  ASSETS_SET,
  LEGACY_STATS_SET,
  DATES_SET,
  ORGANIZATIONS_SET,
  REFERENCE_SETS,
  STATS_DIMENSIONS,
  STATS_KEY,
  STATS_SET,
} from "../../core/odata/feed-model";

export const NAMESPACE = "Reporting";
const CONTAINER = "Feed";

const INTEGERS = new Set(["impressions", "requests"]);

function property(name: string, type: string, nullable = true): string {
  return `<Property Name="${name}" Type="${type}"${nullable ? "" : ` Nullable="false"`}/>`;
}

function entityType(name: string, keys: readonly string[], properties: string[]): string {
  return `<EntityType Name="${name}"><Key>${keys.map((key) => `<PropertyRef Name="${key}"/>`).join("")}</Key>${properties.join("")}</EntityType>`;
}

const metricProperties = ["impressions", "requests", "revenues", "ecpm"].map((name) =>
  property(name, INTEGERS.has(name) ? "Edm.Int64" : "Edm.Decimal"),
);

/**
 * A `LegacyStats` entity: one combination of the legacy groupings asked; `date` and `month` are
 * days. Keyed as `Stat` by its dimensions' values (LEGACY_KEY), the dimensions being nullable.
 */
function legacyStatType(): string {
  const dimensions = LEGACY_DIMENSIONS.map((name) =>
    property(name, name === "date" || name === "month" ? "Edm.Date" : "Edm.String"),
  );
  return entityType(
    "LegacyStat",
    [LEGACY_KEY],
    [property(LEGACY_KEY, "Edm.String", false), ...dimensions, ...metricProperties],
  );
}

/**
 * The feed's CSDL (OData 4.0 XML). A `Stats` entity is one combination of the dimensions asked;
 * a key property must not be null, and a dimension may be, so its key is `id`, made of the
 * dimensions (feed-model.ts, STATS_KEY), and the dimensions but the date are nullable. Metrics are Edm.Int64 (counts) and Edm.Decimal (money, eCPM)
 * with Scale="variable": the service's amounts are decimals of no fixed scale. `LegacyStats`
 * is declared only when the host has a legacy interface behind it.
 */
export function feedMetadata(legacy = false): string {
  const option = [property("value", "Edm.String", false), property("label", "Edm.String")];
  const statsType = entityType(
    "Stat",
    [STATS_KEY],
    [
      property(STATS_KEY, "Edm.String", false),
      ...STATS_DIMENSIONS.map((name) =>
        name === "date" ? property(name, "Edm.Date", false) : property(name, "Edm.String"),
      ),
      ...metricProperties,
    ],
  );
  const types = [
    statsType,
    entityType("Option", ["value"], option),
    entityType("Asset", ["value"], [...option, property("bundle", "Edm.String"), property("asset_type", "Edm.String")]),
    entityType("Day", ["date"], [property("date", "Edm.Date", false)]),
    ...(legacy ? [legacyStatType()] : []),
  ].join("");
  const sets = [
    `<EntitySet Name="${STATS_SET}" EntityType="${NAMESPACE}.Stat"/>`,
    ...Object.keys(REFERENCE_SETS).map((name) => `<EntitySet Name="${name}" EntityType="${NAMESPACE}.Option"/>`),
    `<EntitySet Name="${ASSETS_SET}" EntityType="${NAMESPACE}.Asset"/>`,
    `<EntitySet Name="${ORGANIZATIONS_SET}" EntityType="${NAMESPACE}.Option"/>`,
    `<EntitySet Name="${DATES_SET}" EntityType="${NAMESPACE}.Day"/>`,
    ...(legacy ? [`<EntitySet Name="${LEGACY_STATS_SET}" EntityType="${NAMESPACE}.LegacyStat"/>`] : []),
  ].join("");
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">` +
    `<edmx:DataServices><Schema Namespace="${NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">` +
    types +
    `<EntityContainer Name="${CONTAINER}">${sets}</EntityContainer>` +
    `</Schema></edmx:DataServices></edmx:Edmx>`
  ).replaceAll('Type="Edm.Decimal"', 'Type="Edm.Decimal" Scale="variable"');
}
