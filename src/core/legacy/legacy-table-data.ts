import type { GroupName } from "../../api";
import { shownDataRowCount, type SpillTable } from "../rows/spill-table";
import type { TableCell, TableColumn } from "../workbook-queries/table-columns";
import type { TableData } from "../workbook-queries/table-refresh";
import type { LegacyFunctionGroup } from "./group-by";

/**
 * LEGACY.STATS rows as an Excel table of values takes them. The legacy groupings are matched to
 * the REPORTING group that holds the same thing (a day is a date, an application an asset, an ad
 * unit type a format), which decides each column's number format and the table's name
 * (`Stats_by_Date_Format`).
 */
const TABLE_KEYS: Record<LegacyFunctionGroup, GroupName> = {
  month: "date",
  day: "date",
  ad_unit_id: "ad_unit",
  country: "country",
  ad_unit_type: "format",
  ad_unit_name: "ad_unit",
  application: "asset",
};

const METRIC_COLUMNS: readonly TableColumn[] = [
  { key: "impressions", kind: "count", isMetric: true },
  { key: "revenues", kind: "money", isMetric: true },
  { key: "ecpm", kind: "money", isMetric: true },
  { key: "requests", kind: "count", isMetric: true },
];

/** `table` must have its header row (headers readable or api), as a table always does. */
export function legacyTableData(table: SpillTable, groups: readonly LegacyFunctionGroup[]): TableData {
  const [header] = table.rows;
  return {
    header: (header ?? []).map(String),
    // A spill cut to its budget ends with a note row: only data rows go into the table.
    rows: table.rows.slice(1, 1 + shownDataRowCount(table)) as TableCell[][],
    columns: [
      ...groups.map((group): TableColumn => ({ key: TABLE_KEYS[group], kind: group === "day" || group === "month" ? "date" : "text", isMetric: false })),
      ...METRIC_COLUMNS,
    ],
  };
}
