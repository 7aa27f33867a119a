import { METRICS, type MetricName } from "../../api";
import { excelSerialFromIsoDate } from "../excel-dates";
import { READABLE_METRIC_HEADERS } from "../rows/headers";
import type { StoredTableQuery } from "../workbook-queries/stored-query";
import { NUMBER_FORMATS, TEXT_FORMAT, type TableCell } from "../workbook-queries/table-columns";

/**
 * The "Refresh log" sheet: an Excel Table with one row per table refresh, appended to and never
 * rewritten, so that a finance team can see what every refresh changed long after it. The pane
 * appends through Office.js, the headless refresh into the file it writes: both take the columns
 * and the row from here, so the two write the same thing. A row is made from the table's record
 * as saved after its refresh (`lastRefresh` and its change summary): no credential is in it.
 */

export const REFRESH_LOG_SHEET = "Refresh log";
export const REFRESH_LOG_TABLE = "RefreshLog";

export interface RefreshLogColumn {
  header: string;
  /** The number format of its cells; text columns are "@", so that a name is never read as a formula. */
  format: string;
}

const WHEN_FORMAT = "yyyy-mm-dd hh:mm:ss";
const METRIC_FORMATS: Record<MetricName, string> = {
  impressions: NUMBER_FORMATS.count,
  requests: NUMBER_FORMATS.count,
  revenues: NUMBER_FORMATS.money,
  ecpm: NUMBER_FORMATS.money,
};
const METRIC_PARTS = ["before", "after", "difference"] as const;

/** Every metric, whatever the table holds: the log's columns never change with the tables it records. */
export const REFRESH_LOG_COLUMNS: readonly RefreshLogColumn[] = [
  { header: "When (UTC)", format: WHEN_FORMAT },
  { header: "Table", format: TEXT_FORMAT },
  { header: "Profile", format: TEXT_FORMAT },
  { header: "Rows before", format: NUMBER_FORMATS.count },
  { header: "Rows after", format: NUMBER_FORMATS.count },
  { header: "Rows changed", format: NUMBER_FORMATS.count },
  { header: "Rows added", format: NUMBER_FORMATS.count },
  { header: "Rows removed", format: NUMBER_FORMATS.count },
  ...METRICS.flatMap((metric) =>
    METRIC_PARTS.map((part) => ({
      header: `${READABLE_METRIC_HEADERS[metric]} ${part}`,
      format: METRIC_FORMATS[metric],
    })),
  ),
  { header: "Data through", format: NUMBER_FORMATS.date },
];

export const REFRESH_LOG_HEADERS: readonly string[] = REFRESH_LOG_COLUMNS.map((column) => column.header);

/** Days from Excel's day 0 (1899-12-30) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;

/** A UTC time as an Excel date-time serial (to the second), as the "When (UTC)" column holds it. */
export function excelSerialOfTime(iso: string): number {
  return Math.round(Date.parse(iso) / 1000) / 86_400 + UNIX_EPOCH_SERIAL;
}

/**
 * The log row of a table's last refresh, in REFRESH_LOG_COLUMNS' order; undefined for a record
 * that was never refreshed. A figure the refresh did not compare (a first refresh, a metric the
 * table has not) is left blank, never 0: a blank says "not known", 0 would say "nothing".
 */
export function refreshLogRow(record: StoredTableQuery): TableCell[] | undefined {
  const last = record.lastRefresh;
  if (!last) return undefined;
  const changes = last.changes;
  const totals = new Map(changes?.totals.map((total) => [total.metric, total]));
  const metricCells = METRICS.flatMap((metric): TableCell[] => {
    const total = totals.get(metric);
    return total ? [total.before, total.after, total.after - total.before] : ["", "", ""];
  });
  const compared = changes?.matched === true;
  return [
    excelSerialOfTime(last.at),
    record.table.name,
    last.profile ?? "",
    changes ? changes.rowsBefore : "",
    last.rows,
    compared ? changes.changed : "",
    compared ? changes.added : "",
    compared ? changes.removed : "",
    ...metricCells,
    last.dataThrough ? excelSerialFromIsoDate(last.dataThrough) : "",
  ];
}

/** The number formats of `rows`, column by column. */
export function refreshLogFormats(rows: readonly (readonly TableCell[])[]): string[][] {
  return rows.map(() => REFRESH_LOG_COLUMNS.map((column) => column.format));
}
