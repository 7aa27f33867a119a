import { FILTER_NAMES, GROUP_OF_FILTER, type FilterName, type MetricName, type StatsEntry } from "../api";
import type { FilterValues } from "./arguments/filters";
import { ecpmOf } from "./ecpm";

/**
 * Values compare as the service filters them, so that a VALUE cell's number never depends on the
 * cells that share its batch: asset ids and format names exactly as written (the service finds
 * no `INTERSTITIAL`), everything else without regard to case (UUIDs are case-insensitive, and
 * readFilters brings codes such as `fr` to the service's `FR`).
 */
const EXACT_FILTERS: ReadonlySet<FilterName> = new Set(["assets", "formats"]);

function comparable(filter: FilterName, value: string): string {
  return EXACT_FILTERS.has(filter) ? value : value.toLowerCase();
}

function filteredDimensions(filters: FilterValues): FilterName[] {
  return FILTER_NAMES.filter((name) => (filters[name]?.length ?? 0) > 0);
}

/**
 * Sums one metric over the entries of a grouped answer that match a call's filters: counts and
 * revenues add up; eCPM is recomputed from the sums (revenues / impressions * 1000, 0 without
 * impressions), never averaged. Entries are indexed by one dimension's value the first time a
 * call filters on it, so a batch of 1,000 calls does not scan every entry 1,000 times.
 */
export class EntrySums {
  private readonly indexes = new Map<FilterName, Map<string, StatsEntry[]>>();

  constructor(private readonly entries: readonly StatsEntry[]) {}

  sum(metric: MetricName, filters: FilterValues): number {
    const dimensions = filteredDimensions(filters);
    const [first, ...others] = dimensions;
    const candidates = first === undefined ? this.entries : this.entriesWith(first, filters[first] ?? []);
    const wanted = others.map((name) => ({
      name,
      group: GROUP_OF_FILTER[name],
      values: new Set((filters[name] ?? []).map((value) => comparable(name, value))),
    }));
    let impressions = 0;
    let revenues = 0;
    let requests = 0;
    for (const entry of candidates) {
      const matches = wanted.every(({ name, group, values }) => {
        const value = entry.group[group];
        return typeof value === "string" && values.has(comparable(name, value));
      });
      if (!matches) continue;
      impressions += entry.metrics.impressions ?? 0;
      revenues += entry.metrics.revenues ?? 0;
      requests += entry.metrics.requests ?? 0;
    }
    if (metric === "impressions") return impressions;
    if (metric === "revenues") return revenues;
    if (metric === "requests") return requests;
    return ecpmOf(revenues, impressions);
  }

  private entriesWith(dimension: FilterName, values: readonly string[]): StatsEntry[] {
    let index = this.indexes.get(dimension);
    if (!index) {
      index = new Map();
      const group = GROUP_OF_FILTER[dimension];
      for (const entry of this.entries) {
        const value = entry.group[group];
        if (typeof value !== "string") continue;
        const key = comparable(dimension, value);
        const bucket = index.get(key);
        if (bucket) bucket.push(entry);
        else index.set(key, [entry]);
      }
      this.indexes.set(dimension, index);
    }
    const found = index;
    return [...new Set(values.map((value) => comparable(dimension, value)))].flatMap((value) => found.get(value) ?? []);
  }
}
