import type { LegacyStatsQuery } from "../../api";
import { addDays, firstDayOfMonth, lastDayOfMonth } from "../data/calendar";
import { badRequest, limitExceeded } from "./errors";
import { periodLimitProblem } from "./period-limit";

/** Days in the default period of the legacy statistics when no month grouping is asked. */
export const LEGACY_DEFAULT_DAYS = 7;

export interface Period {
  from: string;
  to: string;
}

/**
 * With `month` among the groupings (spec 4.3 rules 1 and 2): a given from_date moves back to the
 * first of its month and a given to_date forward to the last of its month; a missing to_date
 * is today; a missing from_date is the first of the month before the end date's month.
 */
function monthPeriod(query: LegacyStatsQuery, today: string): Period {
  const to = query.to_date ? lastDayOfMonth(query.to_date) : today;
  const from = query.from_date ? firstDayOfMonth(query.from_date) : firstDayOfPreviousMonth(query.to_date ?? today);
  return { from, to };
}

/**
 * Otherwise (spec 4.3 rule 5 leaves it open): the last 7 full days, yesterday included, today
 * excluded. A missing to_date is yesterday; a missing from_date is 6 days before to_date.
 */
function dayPeriod(query: LegacyStatsQuery, today: string): Period {
  const to = query.to_date ?? addDays(today, -1);
  const from = query.from_date ?? addDays(to, -(LEGACY_DEFAULT_DAYS - 1));
  return { from, to };
}

function firstDayOfPreviousMonth(date: string): string {
  return firstDayOfMonth(addDays(firstDayOfMonth(date), -1));
}

export function legacyPeriod(query: LegacyStatsQuery, today: string): Period {
  const period = (query.group_by ?? []).includes("month") ? monthPeriod(query, today) : dayPeriod(query, today);
  if (period.from > period.to) {
    throw badRequest(
      `from_date ${period.from} is after the end of the period, ${period.to} (the default when to_date is left out). Give a to_date on or after from_date.`,
      [{ path: "from_date", message: `must be on or before ${period.to}` }],
    );
  }
  const problem = periodLimitProblem(period.from, period.to, "");
  if (problem) throw limitExceeded([problem]);
  return period;
}
