import type { GroupName, StatsEntry, StatsGroup, StatsMetrics } from "../../api";
import { ecpmOf } from "../ecpm";
import type { DateMatching } from "./date-matching";

/**
 * One row of a compared table: its groups as the period shows them, the period's metrics and
 * the comparison's. A side is missing when the service had no row for that group there.
 */
export interface ComparedEntry {
  group: StatsGroup;
  current?: StatsMetrics;
  previous?: StatsMetrics;
}

export interface MergeOptions {
  groups: readonly GroupName[];
  /** How dates match; needed when `groups` holds date. */
  dates?: DateMatching;
  /**
   * Whether rows found only in the comparison are added (after the period's rows, in the
   * comparison's order). They are left out when the query cuts its rows with limit, offset or
   * date_group_limit: the period's missing row may then just be on another page.
   */
  includeComparisonOnly: boolean;
}

const SUMMED = ["impressions", "revenues", "requests"] as const;

/** Adds `more` into `into`: counts and revenues summed, eCPM recomputed from the sums, never averaged. */
function addMetrics(into: StatsMetrics, more: StatsMetrics): void {
  for (const name of SUMMED) {
    const value = more[name];
    if (value !== undefined) into[name] = (into[name] ?? 0) + value;
  }
  if (into.revenues !== undefined && into.impressions !== undefined)
    into.ecpm = ecpmOf(into.revenues, into.impressions);
}

/** The comparison's metrics, with eCPM recomputed from its revenues and impressions as the service does. */
function comparisonMetrics(metrics: StatsMetrics): StatsMetrics {
  const copy: StatsMetrics = { ...metrics };
  if (copy.revenues !== undefined && copy.impressions !== undefined)
    copy.ecpm = ecpmOf(copy.revenues, copy.impressions);
  return copy;
}

function keyOf(group: StatsGroup, groups: readonly GroupName[], dateKey: string): string {
  return JSON.stringify(groups.map((name) => (name === "date" ? dateKey : (group[name] ?? null))));
}

const ZEROS: StatsMetrics = { impressions: 0, revenues: 0, ecpm: 0, requests: 0 };

/**
 * Pairs the period's rows with the comparison's by group: every group but date by value, the
 * date as `dates` says. The period's rows keep their order; each takes the comparison row of
 * its key (two period rows may share one, as 28 and 29 February do a year apart). Comparison
 * rows of one key are added together.
 */
export function mergeComparison(
  current: readonly StatsEntry[],
  comparison: readonly StatsEntry[],
  options: MergeOptions,
): ComparedEntry[] {
  const { groups } = options;
  if (groups.includes("date") && !options.dates) throw new Error("comparing by date needs a date matching");
  const currentDateKey = options.dates?.currentKey ?? (() => "");
  const comparisonDateKey = options.dates?.comparisonKey ?? (() => "");
  // Without groups the service answers one totals row, zeros when nothing matched; an empty answer means the same.
  const totals = (entries: readonly StatsEntry[]) =>
    groups.length === 0 && entries.length === 0 ? [{ group: {}, metrics: ZEROS }] : entries;

  const dateAt = groups.indexOf("date");
  const previousByKey = new Map<string, { group: StatsGroup; metrics: StatsMetrics; dateKey: string }>();
  for (const entry of totals(comparison)) {
    const dateKey = dateAt < 0 ? "" : comparisonDateKey(entry.group.date);
    const key = keyOf(entry.group, groups, dateKey);
    const found = previousByKey.get(key);
    if (found) addMetrics(found.metrics, entry.metrics);
    else previousByKey.set(key, { group: entry.group, metrics: comparisonMetrics(entry.metrics), dateKey });
  }

  const merged: ComparedEntry[] = [];
  const matched = new Set<string>();
  // The period's own label of each date, for comparison-only rows of that date.
  const periodDates = new Map<string, string | null | undefined>();
  for (const entry of totals(current)) {
    const dateKey = dateAt < 0 ? "" : currentDateKey(entry.group.date);
    if (dateAt >= 0 && !periodDates.has(dateKey)) periodDates.set(dateKey, entry.group.date);
    const key = keyOf(entry.group, groups, dateKey);
    const previous = previousByKey.get(key);
    matched.add(key);
    merged.push(
      previous
        ? { group: entry.group, current: entry.metrics, previous: previous.metrics }
        : { group: entry.group, current: entry.metrics },
    );
  }
  if (!options.includeComparisonOnly) return merged;

  for (const [key, previous] of previousByKey) {
    if (matched.has(key)) continue;
    let group = previous.group;
    if (dateAt >= 0) {
      const date = periodDates.has(previous.dateKey)
        ? periodDates.get(previous.dateKey)
        : periodDateOf(previous, options.dates!);
      // The comparison spans a week or month the period does not have: no row of the period to show it in.
      if (date === undefined) continue;
      group = { ...group, date };
    }
    merged.push({ group, previous: previous.metrics });
  }
  return merged;
}

/** The period's date for a row found only in the comparison; undefined when the period has no such date. */
function periodDateOf(
  previous: { group: StatsGroup; dateKey: string },
  dates: DateMatching,
): string | null | undefined {
  if (previous.group.date === null || previous.group.date === undefined) return previous.group.date;
  return dates.currentDateOfKey(previous.dateKey);
}
