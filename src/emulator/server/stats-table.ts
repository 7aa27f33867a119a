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

/** The rows of a /stats answer as a table: the group columns in request order, then the metrics. */
export function statsTable(request: StatsRequest, entries: readonly StatsEntry[]): StatsTable {
  const groups = request.groups ?? [];
  const metrics = request.metrics ?? [...METRICS];
  const columns: Column[] = [
    ...groups.map((name): Column => ({ name, kind: name === "date" ? "date" : "text" })),
    ...metrics.map((name): Column => ({ name, kind: METRIC_KINDS[name] })),
  ];
  const rows = entries.map((entry) => [
    ...groups.map((name) => entry.group[name] ?? null),
    ...metrics.map((name) => entry.metrics[name] ?? null),
  ]);
  return { columns, rows };
}

/** `reporting-stats_<from>_<to>.<extension>`: says what the file holds, and sorts by period. */
export function exportFileName(request: StatsRequest, extension: string): string {
  return `reporting-stats_${request.filters.from}_${request.filters.to}.${extension}`;
}
