import { daysInMonth } from "../api";

/**
 * Calendar arithmetic on `YYYY-MM-DD` texts. Every step runs in UTC milliseconds, so the
 * machine's time zone (and its daylight-saving jumps) can never move a day.
 */
const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/** Splits a `YYYY-MM-DD` text; undefined when it is not that form or not a real day. */
export function parseIsoDate(text: string): CalendarDay | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

// One count of days per month for the whole add-in and the emulator, right for years 0 to 99 too.
export { daysInMonth };

/** Days since 1970-01-01 (negative before). */
export function dayNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0 to 99 as written.
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / MS_PER_DAY);
}

export function isoDateOfDayNumber(days: number): string {
  const date = new Date(days * MS_PER_DAY);
  return formatIsoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

export function formatIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function requireDay(text: string): CalendarDay {
  const parsed = parseIsoDate(text);
  if (!parsed) throw new RangeError(`"${text}" is not a date written YYYY-MM-DD`);
  return parsed;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day; throws a RangeError for any other text. */
export function dayNumberOfDate(isoDate: string): number {
  const { year, month, day } = requireDay(isoDate);
  return dayNumber(year, month, day);
}

/** Days from `from` to `to`, both included: 1 for one day, 0 or less when `to` comes first. */
export function daysIncluded(from: string, to: string): number {
  return dayNumberOfDate(to) - dayNumberOfDate(from) + 1;
}

/** The day number of the Monday on or before day number `days`: weeks start on Monday, as ISO weeks and the service's do. */
export function mondayOnOrBefore(days: number): number {
  // 1970-01-01 was a Thursday: (days + 3) mod 7 is 0 on Mondays.
  return days - ((((days + 3) % 7) + 7) % 7);
}

/** The Monday on or before `isoDate`. */
export function startOfWeek(isoDate: string): string {
  return isoDateOfDayNumber(mondayOnOrBefore(dayNumberOfDate(isoDate)));
}

export function addDays(isoDate: string, days: number): string {
  const { year, month, day } = requireDay(isoDate);
  return isoDateOfDayNumber(dayNumber(year, month, day) + days);
}

/** Moves by whole months; the day is clamped to the target month (Mar 31 - 1 month = Feb 28). */
export function addMonths(isoDate: string, months: number): string {
  const { year, month, day } = requireDay(isoDate);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return formatIsoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

export function startOfMonth(isoDate: string): string {
  const { year, month } = requireDay(isoDate);
  return formatIsoDate(year, month, 1);
}

export function endOfMonth(isoDate: string): string {
  const { year, month } = requireDay(isoDate);
  return formatIsoDate(year, month, daysInMonth(year, month));
}

export function startOfQuarter(isoDate: string): string {
  const { year, month } = requireDay(isoDate);
  return formatIsoDate(year, month - ((month - 1) % 3), 1);
}

export function startOfYear(isoDate: string): string {
  return formatIsoDate(requireDay(isoDate).year, 1, 1);
}
