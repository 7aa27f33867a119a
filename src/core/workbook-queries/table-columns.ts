import type { GroupName, MetricName, StatsRequest } from "../../api";
import type { CompareMode } from "../compare/compare-mode";
import { comparisonColumnsOf, type ComparisonColumnKey } from "../compare/comparison-columns";
import { dataRows, type SpillTable } from "../rows/spill-table";
import { metricsOf } from "../rows/stats-rows";

/**
 * The columns a query writes into a table and how each is shown: dates as dates, counts with
 * thousands separators, money (revenues, eCPM) with two decimals, and service text as text, so
 * that no name from the service can become a formula.
 */
export type ColumnKind = "date" | "text" | "count" | "money" | "percent";

export const NUMBER_FORMATS: Record<ColumnKind, string> = {
  date: "yyyy-mm-dd",
  text: "@",
  count: "#,##0",
  money: "#,##0.00",
  percent: "0.0%",
};
/** Range.values keeps a text as it is only in a cell formatted as text. */
export const TEXT_FORMAT = "@";
const GENERAL_FORMAT = "General";

const METRIC_KINDS: Record<MetricName, ColumnKind> = {
  impressions: "count",
  requests: "count",
  revenues: "money",
  ecpm: "money",
};

/** The column of a metric's own values (LEGACY.STATS tables use them too). */
export function metricColumn(metric: MetricName): TableColumn {
  return { key: metric, kind: METRIC_KINDS[metric], isMetric: true };
}

/** The number format of a column in a file made from rows: none (General) for text. */
export function fileNumberFormat(column: TableColumn): string | undefined {
  return column.kind === "text" ? undefined : NUMBER_FORMATS[column.kind];
}

export interface TableColumn {
  /** The API name of the group or metric, or of a comparison column (`revenues_change_pct`). */
  key: GroupName | MetricName | ComparisonColumnKey;
  kind: ColumnKind;
  isMetric: boolean;
}

/**
 * One column per group in the request's order, then one per metric, each followed by its
 * comparison columns when the query compares: the order statsRows and comparisonRows write.
 */
export function tableColumnsOf(request: StatsRequest, compare?: CompareMode): TableColumn[] {
  return [
    ...(request.groups ?? []).map((group): TableColumn => ({
      key: group,
      kind: group === "date" ? "date" : "text",
      isMetric: false,
    })),
    ...metricsOf(request).flatMap((metric): TableColumn[] => [
      metricColumn(metric),
      ...(compare === undefined ? [] : comparisonColumnsOf(metric, compare)).map((column): TableColumn => ({
        key: column.api,
        kind: column.part === "change_pct" ? "percent" : METRIC_KINDS[metric],
        isMetric: true,
      })),
    ]),
  ];
}

export type TableCell = string | number | boolean;

/** What a table receives from a query: its header, its rows and what each column holds. */
export interface TableData {
  header: string[];
  rows: TableCell[][];
  columns: TableColumn[];
}

/** `table` must have its header row (headers readable or api), as a table always does. */
export function toTableData(table: SpillTable, columns: TableColumn[]): TableData {
  return { header: (table.rows[0] ?? []).map(String), rows: dataRows(table) as TableCell[][], columns };
}

/**
 * The number format a data cell is written with. A text is always written as text ("@"): that is
 * what keeps `=HYPERLINK(...)` a name rather than a formula. A number gets its column's format,
 * or the one the user chose for the column (`userFormat`, read from the table before a refresh),
 * unless that is text, which would store numbers as text.
 */
export function cellFormat(value: TableCell, column: TableColumn, userFormat?: string): string {
  if (typeof value === "string" && value !== "") return TEXT_FORMAT;
  if (userFormat !== undefined && userFormat !== TEXT_FORMAT) return userFormat;
  if (column.kind === "text") return typeof value === "string" ? TEXT_FORMAT : GENERAL_FORMAT;
  return NUMBER_FORMATS[column.kind];
}
