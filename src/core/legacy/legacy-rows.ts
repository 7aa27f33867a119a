import type { Application, LegacyStatsResponse, MetricName } from "../../api";
import type { HeaderStyle } from "../arguments/options";
import type { SpillCell, SpillRows } from "../cell-values";
import { createGroupDateConverter } from "../excel-dates";
import { headerRows, READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "../rows/headers";
import { headerRowCount, spillTable, type SpillTable } from "../rows/spill-table";
import { indexAdUnits } from "./ad-unit-index";
import { flattenLegacyAggregation } from "./flatten";
import { serviceGroupBy, type LegacyFunctionGroup } from "./group-by";
import { regroupLegacyLeaves } from "./regroup";

/**
 * The Query tab's readable names where the grouping is the same thing (a day is a Date, an ad
 * unit id is the Ad unit), so that a legacy table and a REPORTING one line up.
 */
export const LEGACY_READABLE_GROUPS: Record<LegacyFunctionGroup, string> = {
  month: "Month",
  day: READABLE_GROUP_HEADERS.date,
  ad_unit_id: READABLE_GROUP_HEADERS.ad_unit,
  country: READABLE_GROUP_HEADERS.country,
  ad_unit_type: "Ad unit type",
  ad_unit_name: "Ad unit name",
  application: "Application",
};

/** In the Query tab's order and with its readable names; `api` is the legacy service's own name. */
export const LEGACY_STAT_COLUMNS = [
  { api: "impressions", metric: "impressions", readable: READABLE_METRIC_HEADERS.impressions },
  { api: "revenue", metric: "revenues", readable: READABLE_METRIC_HEADERS.revenues },
  { api: "ecpm", metric: "ecpm", readable: READABLE_METRIC_HEADERS.ecpm },
  { api: "requests", metric: "requests", readable: READABLE_METRIC_HEADERS.requests },
] as const satisfies readonly { api: string; metric: MetricName; readable: string }[];

/** Each column of LEGACY.STATS rows grouped by `groups`, by both its names. */
export function legacyColumnNames(groups: readonly LegacyFunctionGroup[]): { api: string; readable: string }[] {
  return [...groups.map((group) => ({ api: group, readable: LEGACY_READABLE_GROUPS[group] })), ...LEGACY_STAT_COLUMNS];
}

/**
 * The rows as the Legacy tab's preview shows them: under the readable header row when the answer
 * has none (`headers=none`), so that its headings read as the default's (Date, Revenues), not as
 * names guessed from the service's (Day, Revenue).
 */
export function withReadableHeader(table: SpillTable, groups: readonly LegacyFunctionGroup[]): SpillTable {
  if (table.dataRowCount === 0 || headerRowCount(table) > 0) return table;
  return { ...table, rows: [...headerRows(legacyColumnNames(groups), "readable"), ...table.rows] };
}

/**
 * LEGACY.STATS rows: one column per grouping in the order asked, then impressions, revenues,
 * eCPM and requests (the Query tab's order). Month and day keys become Excel dates.
 * `applications` is needed only when a grouping derives from the ad unit (type, name, application).
 */
export function legacyStatsRows(
  response: LegacyStatsResponse,
  groups: readonly LegacyFunctionGroup[],
  headers: HeaderStyle,
  applications: readonly Application[] = [],
): SpillTable {
  const sent = serviceGroupBy(groups);
  const leaves = flattenLegacyAggregation(response, sent.length);
  const legacyRows = regroupLegacyLeaves(leaves, sent, groups, indexAdUnits(applications));
  const toDate = createGroupDateConverter();
  const isDate = groups.map((group) => group === "month" || group === "day");
  const rows: SpillRows = headerRows(legacyColumnNames(groups), headers);
  for (const { keys, stats } of legacyRows) {
    const cells: SpillCell[] = keys.map((key, index) => (isDate[index] && key !== "" ? toDate(key) : key));
    cells.push(stats.impressions, stats.revenue, stats.ecpm, stats.requests);
    rows.push(cells);
  }
  const dateColumns = groups.flatMap((group, index) => (isDate[index] ? [index] : []));
  return spillTable(rows, dateColumns, legacyRows.length, groups.length + LEGACY_STAT_COLUMNS.length);
}
