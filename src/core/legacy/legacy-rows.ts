import type { Application, LegacyStatsResponse } from "../../api";
import type { HeaderStyle } from "../arguments/options";
import type { SpillCell, SpillRows } from "../cell-values";
import { createGroupDateConverter } from "../excel-dates";
import { headerRows } from "../rows/headers";
import { spillTable, type SpillTable } from "../rows/spill-table";
import { indexAdUnits } from "./ad-unit-index";
import { flattenLegacyAggregation } from "./flatten";
import { serviceGroupBy, type LegacyFunctionGroup } from "./group-by";
import { regroupLegacyLeaves } from "./regroup";

const READABLE_GROUPS: Record<LegacyFunctionGroup, string> = {
  month: "Month",
  day: "Day",
  ad_unit_id: "Ad unit id",
  country: "Country",
  ad_unit_type: "Ad unit type",
  ad_unit_name: "Ad unit name",
  application: "Application",
};

const STAT_COLUMNS = [
  { api: "impressions", readable: "Impressions" },
  { api: "revenue", readable: "Revenue" },
  { api: "requests", readable: "Requests" },
  { api: "ecpm", readable: "eCPM" },
] as const;

/**
 * LEGACY.STATS rows: one column per grouping in the order asked, then impressions, revenue,
 * requests and eCPM. Month and day keys become Excel dates. `applications` is needed only when a
 * grouping derives from the ad unit (type, name, application).
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
  const rows: SpillRows = headerRows(
    [...groups.map((group) => ({ api: group, readable: READABLE_GROUPS[group] })), ...STAT_COLUMNS],
    headers,
  );
  for (const { keys, stats } of legacyRows) {
    const cells: SpillCell[] = keys.map((key, index) => (isDate[index] && key !== "" ? toDate(key) : key));
    cells.push(stats.impressions, stats.revenue, stats.requests, stats.ecpm);
    rows.push(cells);
  }
  const dateColumns = groups.flatMap((group, index) => (isDate[index] ? [index] : []));
  return spillTable(rows, dateColumns, legacyRows.length, groups.length + STAT_COLUMNS.length);
}
