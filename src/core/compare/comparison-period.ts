import { addDays, addMonths, daysIncluded } from "../calendar";
import type { DateRange } from "../periods";
import type { CompareMode } from "./compare-mode";

/** Days from `from` to `to`, both included. */
export function periodLength(period: DateRange): number {
  return daysIncluded(period.from, period.to);
}

/** The same day a year earlier; 29 February, which that year lacks, becomes 28 February. */
export function oneYearBefore(isoDate: string): string {
  // addMonths clamps the day to the target month: exactly the 29 February rule.
  return addMonths(isoDate, -12);
}

/**
 * The period a query is compared with. previous_period keeps the length, so a 90-day quarter is
 * compared with the 90 days before it, not with the previous calendar quarter; previous_year moves
 * both ends back a year, so the two periods may differ by the one day of a 29 February.
 */
export function comparisonPeriod(period: DateRange, mode: CompareMode): DateRange {
  if (mode === "previous_year") return { from: oneYearBefore(period.from), to: oneYearBefore(period.to) };
  return { from: addDays(period.from, -periodLength(period)), to: addDays(period.from, -1) };
}
