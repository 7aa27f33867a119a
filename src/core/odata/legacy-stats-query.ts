import type { Application, LegacyStatsResponse } from "../../api";
import { indexAdUnits } from "../legacy/ad-unit-index";
import { flattenLegacyAggregation } from "../legacy/flatten";
import { serviceGroupBy, type LegacyFunctionGroup } from "../legacy/group-by";
import { regroupLegacyLeaves } from "../legacy/regroup";
import { STATS_KEY } from "./feed-model";
import { readFilter } from "./filter-read";
import type { QueryOptions } from "./query-options";
import { FeedRefusal } from "./refusal";
import { readSelect } from "./select-read";
import { PERIOD_EXAMPLE, readPeriod, readRowsWindow, repeated, type RowsWindow } from "./shared-options";

/**
 * `LegacyStats`: the legacy interface's statistics with the groupings LEGACY.STATS offers. `date`
 * is the service's `day`; `month` is the first day of the month (an Edm.Date, so that Power
 * Query sees a date, as Excel does in LEGACY.STATS).
 */
export const LEGACY_DIMENSIONS = [
  "date",
  "month",
  "ad_unit_id",
  "ad_unit_name",
  "ad_unit_type",
  "application",
  "country",
] as const;
export const LEGACY_METRICS = ["impressions", "requests", "revenues", "ecpm"] as const;
export type LegacyDimension = (typeof LEGACY_DIMENSIONS)[number];
export type LegacyMetric = (typeof LEGACY_METRICS)[number];
export type LegacyProperty = LegacyDimension | LegacyMetric;
/**
 * The key of a `LegacyStats` entity, as `Stats`' (feed-model.ts, STATS_KEY): its dimension values
 * as a JSON array text. A key property must not be null, and a dimension may be (a day the service
 * left blank), or be blank (an ad unit the applications list does not know has no application).
 */
export const LEGACY_KEY = STATS_KEY;
export type LegacyColumn = LegacyProperty | typeof LEGACY_KEY;

const GROUP_OF_DIMENSION: Record<LegacyDimension, LegacyFunctionGroup> = {
  date: "day",
  month: "month",
  ad_unit_id: "ad_unit_id",
  ad_unit_name: "ad_unit_name",
  ad_unit_type: "ad_unit_type",
  application: "application",
  country: "country",
};

function isLegacyDimension(name: string): name is LegacyDimension {
  return (LEGACY_DIMENSIONS as readonly string[]).includes(name);
}

function isLegacyProperty(name: string): name is LegacyProperty {
  return isLegacyDimension(name) || (LEGACY_METRICS as readonly string[]).includes(name);
}

export interface FeedLegacyQuery extends RowsWindow {
  properties: LegacyColumn[];
  /** The LEGACY.STATS groupings the dimensions asked stand for, in their order. */
  groups: LegacyFunctionGroup[];
  from: string;
  to: string;
}

function readProperties(text: string | undefined): LegacyColumn[] {
  const all: LegacyColumn[] = [LEGACY_KEY, ...LEGACY_DIMENSIONS, ...LEGACY_METRICS];
  const selected = readSelect(text);
  if (selected === undefined || selected === "all") return all;
  const unknown = selected.find((name) => name !== LEGACY_KEY && !isLegacyProperty(name));
  if (unknown !== undefined)
    throw new FeedRefusal("$select", `LegacyStats has no property ${unknown.slice(0, 60)}: use ${all.join(", ")}.`);
  const twice = repeated(selected);
  if (twice !== undefined) throw new FeedRefusal("$select", `${twice} is named twice: name each property once.`);
  return selected as LegacyColumn[];
}

/**
 * A `LegacyStats` request: the columns of `$select`, a period (required, as in `Stats`), and the
 * rows window. The legacy service filters by period only: any other comparison is refused rather
 * than applied here to its answer.
 */
export function readLegacyStatsQuery(options: QueryOptions["system"]): FeedLegacyQuery {
  for (const option of ["$apply", "$orderby"] as const) {
    if (options[option] !== undefined)
      throw new FeedRefusal(
        option,
        "LegacyStats comes in the legacy service's order and columns: leave this option out, choose columns with $select and sort in Power Query.",
      );
  }
  const properties = readProperties(options.$select);
  const filter = readFilter(options.$filter);
  if (Object.keys(filter.include).length > 0 || Object.keys(filter.exclude).length > 0) {
    throw new FeedRefusal(
      "$filter",
      `the legacy service filters by period only: keep ${PERIOD_EXAMPLE} and filter other columns in Power Query.`,
    );
  }
  // Whatever end is missing, the refusal asks for the whole period, as it always has.
  const { from, to } = readPeriod(filter, () => `LegacyStats needs a period: add ${PERIOD_EXAMPLE} to $filter.`);
  return {
    properties,
    groups: properties.filter(isLegacyDimension).map((name) => GROUP_OF_DIMENSION[name]),
    from,
    to,
    ...readRowsWindow(options),
  };
}

/** Whether the answer needs the applications list (ad unit type, name or application asked). */
export function needsApplications(query: FeedLegacyQuery): boolean {
  return query.groups.some((group) => group === "ad_unit_name" || group === "ad_unit_type" || group === "application");
}

/**
 * Every entity of the answer, with LEGACY.STATS's own regrouping (src/core/legacy), so that the
 * feed's numbers are the function's: eCPM is the service's, or recomputed where rows merge.
 */
export function legacyEntities(
  response: LegacyStatsResponse,
  query: FeedLegacyQuery,
  applications: readonly Application[],
): Record<string, string | number | null>[] {
  const sent = serviceGroupBy(query.groups);
  const leaves = flattenLegacyAggregation(response, sent.length);
  const rows = regroupLegacyLeaves(leaves, sent, query.groups, indexAdUnits(applications));
  const dimensions = query.properties.filter(isLegacyDimension);
  return rows.map(({ keys, stats }) => {
    const values = dimensions.map((dimension, index) => dimensionValue(dimension, keys[index] ?? ""));
    const entity: Record<string, string | number | null> = {};
    for (const property of query.properties) {
      if (property === LEGACY_KEY) entity[property] = JSON.stringify(values);
      else if (isLegacyDimension(property)) entity[property] = values[dimensions.indexOf(property)]!;
      else if (property === "revenues") entity[property] = stats.revenue;
      else entity[property] = stats[property];
    }
    return entity;
  });
}

/** A dimension's value as the feed writes it: a month as its first day, a day or month left blank as null. */
function dimensionValue(dimension: LegacyDimension, key: string): string | null {
  if (dimension === "month") return key === "" ? null : `${key}-01`;
  return dimension === "date" && key === "" ? null : key;
}
