import { METRICS, type MetricName } from "../../api";
import { ecpmOf } from "../ecpm";
import type { TableCell, TableColumn } from "../workbook-queries/table-columns";

/**
 * What a refresh changed in a table. Ad revenue is restated for days to weeks after it is first
 * reported, so a finance team needs, at every refresh, which numbers moved and by how much. Rows
 * are matched by their group columns (date, country...), the way the user's typed-in columns
 * follow their record; each metric's total is compared, eCPM recomputed from the revenue and
 * impression totals (never summed, as everywhere else).
 */

/** A table's rows as its columns describe them: the pane reads them back, the headless refresh streams them. */
export interface TableRows {
  columns: readonly Pick<TableColumn, "key" | "isMetric">[];
  rows: readonly (readonly TableCell[])[];
}

export type MetricValues = Partial<Record<MetricName, number>>;

export interface MetricChange {
  metric: MetricName;
  before: number;
  after: number;
  /** `after - before`: before + difference = after. */
  difference: number;
  /** The difference as a percentage of `before`; undefined when `before` is 0. */
  percent: number | undefined;
}

/** A metric's totals before and after, with the difference and its percentage of `before`. */
export function metricChange(metric: MetricName, before: number, after: number): MetricChange {
  return {
    metric,
    before,
    after,
    difference: after - before,
    percent: before === 0 ? undefined : ((after - before) / Math.abs(before)) * 100,
  };
}

export interface RowMove {
  /** The row's group values, in the table's group column order. */
  key: TableCell[];
  change: "added" | "removed" | "changed";
  /** Its metrics before the refresh (absent for an added row). */
  before?: MetricValues;
  /** Its metrics after the refresh (absent for a removed row). */
  after?: MetricValues;
}

export interface TableChanges {
  rowsBefore: number;
  rowsAfter: number;
  added: number;
  removed: number;
  changed: number;
  /** False when the group columns differ (the query was edited): rows cannot be matched, totals still compare. */
  matched: boolean;
  /** One per metric both sides hold, in the service's metric order. */
  totals: MetricChange[];
  /** Every added, removed or changed row: the largest revenue move first. */
  moves: RowMove[];
}

/** Metrics only: comparison columns (`revenues_change_pct`) are derived, not reported numbers. */
export function metricIndexes(columns: TableRows["columns"]): Map<MetricName, number> {
  const indexes = new Map<MetricName, number>();
  columns.forEach((column, index) => {
    if (column.isMetric && (METRICS as readonly string[]).includes(column.key))
      indexes.set(column.key as MetricName, index);
  });
  return indexes;
}

export const groupIndexes = (columns: TableRows["columns"]) =>
  columns.flatMap((column, index) => (column.isMetric ? [] : [index]));

/** A cell a user cleared or typed text into counts as nothing, as a sum in Excel would. */
export const numberIn = (cell: TableCell | undefined): number =>
  typeof cell === "number" && Number.isFinite(cell) ? cell : 0;

/**
 * Excel keeps 15 significant digits: a revenue of 1234.5678901234567 reads back a hair apart.
 * That is not a restatement.
 */
export function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

function totalsOf(rows: TableRows, metrics: readonly MetricName[]): Record<MetricName, number> {
  const indexes = metricIndexes(rows.columns);
  const totals = {} as Record<MetricName, number>;
  for (const metric of metrics) {
    if (metric === "ecpm") continue;
    const index = indexes.get(metric)!;
    totals[metric] = rows.rows.reduce((sum, row) => sum + numberIn(row[index]), 0);
  }
  if (metrics.includes("ecpm")) totals.ecpm = ecpmOf(totals.revenues, totals.impressions);
  return totals;
}

/** The metrics both sides hold, in the service's order. */
function sharedMetrics(before: TableRows, after: TableRows): MetricName[] {
  const [old, fresh] = [metricIndexes(before.columns), metricIndexes(after.columns)];
  return METRICS.filter((metric) => old.has(metric) && fresh.has(metric));
}

/** eCPM has a total only where it can be recomputed: revenues and impressions on both sides. */
export const totalledMetrics = (metrics: readonly MetricName[]) =>
  metrics.filter((metric) => metric !== "ecpm" || (metrics.includes("revenues") && metrics.includes("impressions")));

/**
 * Each metric's total over the rows, eCPM recomputed: the same sums a change report compares,
 * so that totals kept apart (a frozen sheet's fingerprint) compare to the cent with a report's.
 */
export function tableTotals(rows: TableRows): MetricValues {
  const indexes = metricIndexes(rows.columns);
  return totalsOf(rows, totalledMetrics(METRICS.filter((metric) => indexes.has(metric))));
}

interface KeyedRow {
  key: TableCell[];
  values: MetricValues;
}

/**
 * Rows by their group values. Two rows with the same group values (a table without groups, a
 * user's duplicated row) are told apart by their order, so that nothing is lost.
 */
function keyedRows(
  rows: TableRows,
  keyOrder: readonly string[],
  metrics: readonly MetricName[],
): Map<string, KeyedRow> {
  const byKey = new Map<string, KeyedRow>();
  const keyIndexes = keyOrder.map((key) => rows.columns.findIndex((column) => !column.isMetric && column.key === key));
  const indexes = metricIndexes(rows.columns);
  const seen = new Map<string, number>();
  for (const row of rows.rows) {
    const key = keyIndexes.map((index) => row[index] ?? "");
    const base = JSON.stringify(key.map(String));
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    const values: MetricValues = {};
    for (const metric of metrics) values[metric] = numberIn(row[indexes.get(metric)!]);
    byKey.set(occurrence === 0 ? base : `${base}#${occurrence}`, { key, values });
  }
  return byKey;
}

export const differs = (a: MetricValues, b: MetricValues, metrics: readonly MetricName[]) =>
  metrics.some((metric) => !sameNumber(a[metric] ?? 0, b[metric] ?? 0));

/** How far a move went, for ordering: revenue when the table has it, else its first metric. */
export function moveSize(move: RowMove, metric: MetricName | undefined): number {
  if (metric === undefined) return 0;
  return Math.abs((move.after?.[metric] ?? 0) - (move.before?.[metric] ?? 0));
}

export function tableChanges(before: TableRows, after: TableRows): TableChanges {
  const metrics = sharedMetrics(before, after);
  const totalled = totalledMetrics(metrics);
  const [totalsBefore, totalsAfter] = [totalsOf(before, totalled), totalsOf(after, totalled)];
  const totals = totalled.map((metric) => metricChange(metric, totalsBefore[metric], totalsAfter[metric]));
  const groupsAfter = groupIndexes(after.columns).map((index) => String(after.columns[index]!.key));
  const groupsBefore = groupIndexes(before.columns).map((index) => String(before.columns[index]!.key));
  const matched = groupsAfter.length === groupsBefore.length && groupsAfter.every((key) => groupsBefore.includes(key));
  const base = { rowsBefore: before.rows.length, rowsAfter: after.rows.length, totals };
  if (!matched) return { ...base, added: 0, removed: 0, changed: 0, matched, moves: [] };

  const [old, fresh] = [keyedRows(before, groupsAfter, metrics), keyedRows(after, groupsAfter, metrics)];
  const moves: RowMove[] = [];
  for (const [id, row] of fresh) {
    const was = old.get(id);
    if (was === undefined) moves.push({ key: row.key, change: "added", after: row.values });
    else if (differs(was.values, row.values, metrics))
      moves.push({ key: row.key, change: "changed", before: was.values, after: row.values });
  }
  for (const [id, row] of old) if (!fresh.has(id)) moves.push({ key: row.key, change: "removed", before: row.values });
  const ordering = metrics.includes("revenues") ? "revenues" : metrics[0];
  // Stable: equal moves keep the table's order.
  moves.sort((a, b) => moveSize(b, ordering) - moveSize(a, ordering));
  const count = (change: RowMove["change"]) => moves.filter((move) => move.change === change).length;
  return { ...base, added: count("added"), removed: count("removed"), changed: count("changed"), matched, moves };
}

/** The largest moves, for the details view and the run log. */
export const largestMoves = (changes: TableChanges, count = 10): RowMove[] => changes.moves.slice(0, count);

/** The total of one metric, or undefined when the table does not compare it. */
export const totalOf = (changes: TableChanges, metric: MetricName): MetricChange | undefined =>
  changes.totals.find((total) => total.metric === metric);

/**
 * A table whose revenue moved more than `thresholdPercent` (either way) stands out. Revenue that
 * appears from nothing moved by more than any threshold.
 */
export function movedBeyond(changes: TableChanges, thresholdPercent: number): boolean {
  const revenues = totalOf(changes, "revenues");
  if (revenues === undefined || sameNumber(revenues.before, revenues.after)) return false;
  return revenues.percent === undefined || Math.abs(revenues.percent) > thresholdPercent;
}

/**
 * Whether anything moved at all: a row in or out, or a number. The counts speak too, for a report
 * read back from its summary (change-summary.ts), which keeps no moves.
 */
export const hasChanges = (changes: TableChanges): boolean =>
  changes.moves.length > 0 ||
  changes.added + changes.removed + changes.changed > 0 ||
  changes.rowsBefore !== changes.rowsAfter ||
  changes.totals.some((total) => !sameNumber(total.before, total.after));
