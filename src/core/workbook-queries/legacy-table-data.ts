import type { GroupName } from "../../api";
import type { SpillRows } from "../cell-values";
import { dataRows, headerRowCount, type SpillTable } from "../rows/spill-table";
import type { LegacyFunctionGroup } from "../legacy/group-by";
import { LEGACY_STAT_COLUMNS } from "../legacy/legacy-rows";
import { metricColumn, toTableData, type TableColumn, type TableData } from "./table-columns";

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

/** The columns of LEGACY.STATS rows grouped by `groups`, in order, and how each is shown. */
export function legacyTableColumns(groups: readonly LegacyFunctionGroup[]): TableColumn[] {
  return [
    ...groups.map((group): TableColumn => ({
      key: TABLE_KEYS[group],
      kind: group === "day" || group === "month" ? "date" : "text",
      isMetric: false,
    })),
    ...LEGACY_STAT_COLUMNS.map((column) => metricColumn(column.metric)),
  ];
}

/**
 * The header (undefined for `headers=none`) and every data row of the Legacy tab's answer: what
 * Insert as table and the exports take. A table or a file is not a spill, so nothing is cut; an
 * empty answer has no header to keep.
 */
export function legacyRowsOf(table: SpillTable): { header: string[] | undefined; rows: SpillRows } {
  if (table.dataRowCount === 0) return { header: undefined, rows: [] };
  return { header: headerRowCount(table) > 0 ? table.rows[0]!.map(String) : undefined, rows: dataRows(table) };
}

export function legacyTableData(table: SpillTable, groups: readonly LegacyFunctionGroup[]): TableData {
  return toTableData(table, legacyTableColumns(groups));
}
