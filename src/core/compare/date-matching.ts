import type { DateGroup } from "../../api";
import { addDays, addMonths, dayNumberOfDate, parseIsoDate, startOfMonth, startOfWeek } from "../calendar";
import { isoDateOfGroupDate } from "../excel-dates";
import type { DateRange } from "../periods";
import type { CompareMode } from "./compare-mode";
import { oneYearBefore } from "./comparison-period";

/**
 * How a date row of the period finds its row in the comparison period. The rule, as docs/functions.md
 * gives it to users:
 * - Weeks and months, and days with previous_period, are matched by their place in the period:
 *   the first day, week or month of the period with the first of the comparison period, the
 *   second with the second, and so on. Weeks start on Monday, so a period that starts midweek
 *   begins with a part week, and so does its comparison.
 * - Days with previous_year are matched with the same day a year before; 29 February counts as
 *   28 February (so 28 and 29 February 2024 both show 28 February 2023, and 29 February 2024
 *   is added to 28 February 2024 when 2025 is compared with it).
 * Each side's date gets a key; equal keys match. A date the service wrote in a form this add-in
 * does not know keeps its text as key, so it matches only the same text.
 */
export interface DateMatching {
  currentKey(date: string | null | undefined): string;
  comparisonKey(date: string | null | undefined): string;
  /**
   * The date a row found only in the comparison is shown with: the period's own bucket of that
   * key, or undefined when the period has no such bucket (the comparison spans one more week or
   * month than the period, say), and the row is left out.
   */
  currentDateOfKey(key: string): string | undefined;
}

const NO_DATE = "none";

function monthIndex(isoDate: string): number {
  const day = parseIsoDate(isoDate)!;
  return day.year * 12 + day.month - 1;
}

/** The bucket's place in the period, 0 for the bucket holding `from`. */
function positionOf(isoDate: string, from: string, dateGroup: DateGroup): number {
  if (dateGroup === "day") return dayNumberOfDate(isoDate) - dayNumberOfDate(from);
  if (dateGroup === "week") return Math.floor((dayNumberOfDate(isoDate) - dayNumberOfDate(startOfWeek(from))) / 7);
  return monthIndex(isoDate) - monthIndex(from);
}

/** The first day of the bucket at `position`, as the service labels it (a Monday, a 1st). */
function bucketAt(position: number, from: string, dateGroup: DateGroup): string {
  if (dateGroup === "day") return addDays(from, position);
  if (dateGroup === "week") return addDays(startOfWeek(from), 7 * position);
  return addMonths(startOfMonth(from), position);
}

function keyed(date: string | null | undefined, key: (isoDate: string) => string): string {
  if (date === null || date === undefined) return NO_DATE;
  const isoDate = isoDateOfGroupDate(date);
  return isoDate === undefined ? `text:${date}` : key(isoDate);
}

/** 29 February and 28 February share a key, so that a leap day has a day to match a year apart. */
function withoutLeapDay(isoDate: string): string {
  return isoDate.endsWith("-02-29") ? `${isoDate.slice(0, 8)}28` : isoDate;
}

function byPosition(period: DateRange, comparison: DateRange, dateGroup: DateGroup): DateMatching {
  return {
    currentKey: (date) => keyed(date, (isoDate) => String(positionOf(isoDate, period.from, dateGroup))),
    comparisonKey: (date) => keyed(date, (isoDate) => String(positionOf(isoDate, comparison.from, dateGroup))),
    currentDateOfKey(key) {
      if (key === NO_DATE) return undefined;
      const position = Number(key);
      if (!Number.isInteger(position) || position < 0) return undefined;
      const bucket = bucketAt(position, period.from, dateGroup);
      // A bucket starting after the period's last day is not the period's.
      return bucket <= period.to ? bucket : undefined;
    },
  };
}

function sameDayAYearBefore(period: DateRange): DateMatching {
  return {
    currentKey: (date) => keyed(date, (isoDate) => withoutLeapDay(oneYearBefore(isoDate))),
    comparisonKey: (date) => keyed(date, withoutLeapDay),
    currentDateOfKey(key) {
      if (parseIsoDate(key) === undefined) return undefined;
      const sameDay = addMonths(key, 12);
      // A 28 February key also stands for 29 February of a leap year.
      const candidates = sameDay.endsWith("-02-28") ? [sameDay, `${sameDay.slice(0, 8)}29`] : [sameDay];
      return candidates.find(
        (candidate) => parseIsoDate(candidate) && candidate >= period.from && candidate <= period.to,
      );
    },
  };
}

export function dateMatching(
  period: DateRange,
  comparison: DateRange,
  dateGroup: DateGroup,
  mode: CompareMode,
): DateMatching {
  if (mode === "previous_year" && dateGroup === "day") return sameDayAYearBefore(period);
  return byPosition(period, comparison, dateGroup);
}
