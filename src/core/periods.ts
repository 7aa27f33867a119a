import { addDays, addMonths, endOfMonth, formatIsoDate, startOfMonth, startOfQuarter, startOfYear } from "./calendar";

export const PERIOD_WORDS = [
  "TODAY",
  "YESTERDAY",
  "LAST_7_DAYS",
  "LAST_30_DAYS",
  "MTD",
  "LAST_MONTH",
  "QTD",
  "LAST_QUARTER",
  "YTD",
  "LAST_YEAR",
] as const;
export type PeriodWord = (typeof PERIOD_WORDS)[number];

/** The words as the pane and the exports name them. */
export const PERIOD_LABELS: Record<PeriodWord, string> = {
  TODAY: "Today",
  YESTERDAY: "Yesterday",
  LAST_7_DAYS: "Last 7 days",
  LAST_30_DAYS: "Last 30 days",
  MTD: "Month to date",
  LAST_MONTH: "Last month",
  QTD: "Quarter to date",
  LAST_QUARTER: "Last quarter",
  YTD: "Year to date",
  LAST_YEAR: "Last year",
};

export interface DateRange {
  from: string;
  to: string;
}

/** The days of a range as the pane and the freeze note write them: `2026-10-01 to 2026-10-31`, or one day. */
export function periodDatesText(range: DateRange): string {
  return range.from === range.to ? range.from : `${range.from} to ${range.to}`;
}

/** The user's calendar day as `YYYY-MM-DD`, in the user's own time zone (the office layer knows it). */
export type Today = () => string;

/** `last 7 days`, `Last-7-Days` and `last_7_days` all name LAST_7_DAYS. */
export function normalisePeriodWord(text: string): PeriodWord | undefined {
  const key = text
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, "_");
  return (PERIOD_WORDS as readonly string[]).includes(key) ? (key as PeriodWord) : undefined;
}

/**
 * The days a period word covers, both ends included.
 * - LAST_7_DAYS and LAST_30_DAYS are the 7 (30) whole days that end yesterday: today's figures
 *   are still incomplete, and a rolling window should compare like with like.
 * - MTD, QTD and YTD run from the first day of the month, quarter or year up to today included
 *   (on January 1st, YTD is that single day).
 * - LAST_MONTH, LAST_QUARTER and LAST_YEAR are the whole previous calendar periods.
 */
export function periodOfWord(word: PeriodWord, today: string): DateRange {
  const yesterday = addDays(today, -1);
  switch (word) {
    case "TODAY":
      return { from: today, to: today };
    case "YESTERDAY":
      return { from: yesterday, to: yesterday };
    case "LAST_7_DAYS":
      return { from: addDays(yesterday, -6), to: yesterday };
    case "LAST_30_DAYS":
      return { from: addDays(yesterday, -29), to: yesterday };
    case "MTD":
      return { from: startOfMonth(today), to: today };
    case "LAST_MONTH": {
      const previousMonth = addMonths(startOfMonth(today), -1);
      return { from: previousMonth, to: endOfMonth(previousMonth) };
    }
    case "QTD":
      return { from: startOfQuarter(today), to: today };
    case "LAST_QUARTER": {
      const previousQuarter = addMonths(startOfQuarter(today), -3);
      return { from: previousQuarter, to: addDays(startOfQuarter(today), -1) };
    }
    case "YTD":
      return { from: startOfYear(today), to: today };
    case "LAST_YEAR": {
      const previousYear = addMonths(startOfYear(today), -12);
      return { from: previousYear, to: addDays(startOfYear(today), -1) };
    }
  }
}

/**
 * The `Today` of the machine's own calendar: the local year, month and day of the clock, which is
 * the day the user sees (toISOString would give the UTC day, a day off in the evening in America
 * and in the morning in New Zealand).
 */
export function localToday(clock: () => Date = () => new Date()): Today {
  return () => {
    const now = clock();
    return formatIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
  };
}
