import {
  METRICS,
  type GroupName,
  type MetricName,
  type StatsEntry,
  type StatsGroup,
  type StatsRequest,
} from "../../api";
import type { HeaderStyle } from "../arguments/options";
import type { SpillCell, SpillRows } from "../cell-values";
import { createGroupDateConverter } from "../excel-dates";
import { headerRows, READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "./headers";
import { spillTable, type SpillTable } from "./spill-table";

type Accessor = (entry: StatsEntry) => SpillCell;

/** The cell of one group: a date as an Excel serial (through `toDate`), a missing value as "". */
export function groupCell(values: StatsGroup, group: GroupName, toDate: (value: string) => number | string): SpillCell {
  const value = values[group];
  if (value === null || value === undefined) return "";
  return group === "date" ? toDate(value) : value;
}

function groupAccessor(group: GroupName, toDate: (value: string) => number | string): Accessor {
  return (entry) => groupCell(entry.group, group, toDate);
}

function metricAccessor(metric: MetricName): Accessor {
  return (entry) => entry.metrics[metric] ?? "";
}

/** The metrics an answer carries: those requested, or all four when the request named none. */
export function metricsOf(request: StatsRequest): readonly MetricName[] {
  return request.metrics ?? METRICS;
}

/**
 * Turns /stats entries into spill rows: one column per requested group in request order, then
 * one per metric. Dates become Excel serials (each distinct text converted once), numbers stay
 * numbers, a missing value becomes "". Without groups the single entry is the totals row.
 */
export function statsRows(entries: readonly StatsEntry[], request: StatsRequest, headers: HeaderStyle): SpillTable {
  const groups = request.groups ?? [];
  const metrics = metricsOf(request);
  const toDate = createGroupDateConverter();
  const accessors: Accessor[] = [
    ...groups.map((group) => groupAccessor(group, toDate)),
    ...metrics.map(metricAccessor),
  ];
  const columns = [
    ...groups.map((group) => ({ api: group, readable: READABLE_GROUP_HEADERS[group] })),
    ...metrics.map((metric) => ({ api: metric, readable: READABLE_METRIC_HEADERS[metric] })),
  ];
  const rows: SpillRows = headerRows(columns, headers);
  const width = accessors.length;
  const count = entries.length;
  for (let index = 0; index < count; index++) {
    const entry = entries[index]!;
    const row = new Array<SpillCell>(width);
    for (let column = 0; column < width; column++) row[column] = accessors[column]!(entry);
    rows.push(row);
  }
  let dataRowCount = count;
  if (groups.length === 0 && count === 0) {
    // Totals over a period with no activity are zeros, not an empty table.
    rows.push(metrics.map(() => 0));
    dataRowCount = 1;
  }
  const dateColumns = groups.includes("date") ? [groups.indexOf("date")] : [];
  return spillTable(rows, dateColumns, dataRowCount, width);
}
