import type { PeriodWord } from "../periods";

/** The M expressions of a period's first and last days, from a step named `Today`. */
export interface PeriodExpressions {
  from: string;
  to: string;
}

/**
 * Each period word as M date arithmetic on the day the query is refreshed, so that "last month"
 * is last month at every refresh. The same days as periodOfWord (src/core/periods.ts): the
 * rolling windows end yesterday, the "to date" ones today, the "last" ones are whole periods.
 */
export const PERIOD_EXPRESSIONS: Record<PeriodWord, PeriodExpressions> = {
  TODAY: { from: "Today", to: "Today" },
  YESTERDAY: { from: "Date.AddDays(Today, -1)", to: "Date.AddDays(Today, -1)" },
  LAST_7_DAYS: { from: "Date.AddDays(Today, -7)", to: "Date.AddDays(Today, -1)" },
  LAST_30_DAYS: { from: "Date.AddDays(Today, -30)", to: "Date.AddDays(Today, -1)" },
  MTD: { from: "Date.StartOfMonth(Today)", to: "Today" },
  LAST_MONTH: {
    from: "Date.StartOfMonth(Date.AddMonths(Today, -1))",
    to: "Date.EndOfMonth(Date.AddMonths(Today, -1))",
  },
  QTD: { from: "Date.StartOfQuarter(Today)", to: "Today" },
  LAST_QUARTER: {
    from: "Date.StartOfQuarter(Date.AddQuarters(Today, -1))",
    to: "Date.EndOfQuarter(Date.AddQuarters(Today, -1))",
  },
  YTD: { from: "Date.StartOfYear(Today)", to: "Today" },
  LAST_YEAR: { from: "Date.StartOfYear(Date.AddYears(Today, -1))", to: "Date.EndOfYear(Date.AddYears(Today, -1))" },
};

/** The M step that reads the refreshing computer's date. */
export const TODAY_STEP = "Today = DateTime.Date(DateTime.LocalNow())";

/**
 * An M date as the feed's `Edm.Date` literal. The culture is fixed: under some cultures
 * (th-TH) `yyyy` would write a Buddhist-era year.
 */
export function mIsoDate(expression: string): string {
  return `Date.ToText(${expression}, "yyyy-MM-dd", "en-US")`;
}
