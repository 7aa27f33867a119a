/**
 * What `compare=` of REPORTING.STATS compares a period with.
 * - previous_period: as many days, just before the period (from - length .. from - 1).
 * - previous_year: the same calendar days a year earlier; 29 February becomes 28 February.
 */
export const COMPARE_MODES = ["previous_period", "previous_year"] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** How a readable header names the comparison period: `Revenues (previous period)`. */
export const COMPARE_LABELS: Record<CompareMode, string> = {
  previous_period: "previous period",
  previous_year: "previous year",
};
