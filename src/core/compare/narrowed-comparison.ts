import { FILTER_NAMES, GROUP_OF_FILTER, type StatsEntry, type StatsRequest } from "../../api";

/**
 * The comparison request of a preview whose comparison runs over more than one page: narrowed by
 * filters to the group values of the rows shown, so that one page holds their comparison rows.
 * A group with a blank value among the rows (an unknown country, say) cannot be filtered on and
 * stays as it is. Dates are not narrowed: a period's dates match the comparison's by place or by
 * year (date-matching.ts), not by value.
 */
export function narrowedComparison(comparison: StatsRequest, shown: readonly StatsEntry[]): StatsRequest {
  const groups = comparison.groups ?? [];
  const filters: Record<string, unknown> = { ...comparison.filters };
  for (const filter of FILTER_NAMES) {
    const group = GROUP_OF_FILTER[filter];
    if (!groups.includes(group)) continue;
    const values = shown.map((entry) => entry.group[group]);
    if (values.some((value) => value === null || value === undefined || value === "")) continue;
    filters[filter] = [...new Set(values as string[])].sort();
  }
  return { ...comparison, filters: filters as StatsRequest["filters"] };
}
