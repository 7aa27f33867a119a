import { METRICS, type GroupName, type MetricName, type StatsEntry, type StatsRequest } from "../../api";

export type ColumnKind = "date" | "text" | "integer" | "decimal";
export type Cell = string | number | null;

export interface Column {
  name: GroupName | MetricName;
  kind: ColumnKind;
}

export interface StatsTable {
  columns: Column[];
  rows: Cell[][];
}

const METRIC_KINDS: Record<MetricName, ColumnKind> = {
  impressions: "integer",
  requests: "integer",
  revenues: "decimal",
  ecpm: "decimal",
};

/** The columns of a /stats answer as a table: the group columns in request order, then the metrics. */
export function statsColumns(request: StatsRequest): Column[] {
  return [
    ...(request.groups ?? []).map((name): Column => ({ name, kind: name === "date" ? "date" : "text" })),
    ...(request.metrics ?? METRICS).map((name): Column => ({ name, kind: METRIC_KINDS[name] })),
  ];
}

/** The rows of a /stats answer, one at a time, in the order of `statsColumns`. */
export function* statsRows(request: StatsRequest, entries: readonly StatsEntry[]): Generator<Cell[]> {
  const groups = request.groups ?? [];
  const metrics = request.metrics ?? METRICS;
  for (const entry of entries)
    yield [...groups.map((name) => entry.group[name] ?? null), ...metrics.map((name) => entry.metrics[name] ?? null)];
}

/** The rows of a /stats answer as a table. */
export function statsTable(request: StatsRequest, entries: readonly StatsEntry[]): StatsTable {
  return { columns: statsColumns(request), rows: [...statsRows(request, entries)] };
}

/** `reporting-stats_<from>_<to>.<extension>`: says what the file holds, and sorts by period. */
export function exportFileName(request: StatsRequest, extension: string): string {
  return `reporting-stats_${request.filters.from}_${request.filters.to}.${extension}`;
}
