import { daysInMonth } from "../../api";

/**
 * Calendar days as whole numbers of days since 1970-01-01, computed in UTC so that the
 * machine's time zone and daylight saving never shift a day.
 */
const MS_PER_DAY = 86_400_000;

export function dayNumber(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`expected a date written YYYY-MM-DD, got ${JSON.stringify(isoDate)}`);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0 to 99 as written (Date.UTC(1, 0, 1) is in 1901).
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const day = date.getTime() / MS_PER_DAY;
  if (isoDayString(day) !== isoDate) throw new RangeError(`${isoDate} is not a real calendar date`);
  return day;
}

export function isoDayString(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return isoDayString(dayNumber(isoDate) + days);
}

/** 0 = Monday ... 6 = Sunday (ISO). */
export function isoWeekday(day: number): number {
  // 1970-01-01 was a Thursday (ISO weekday index 3).
  return (((day + 3) % 7) + 7) % 7;
}

/** The caller's local calendar day: "yesterday" for a user is yesterday on their clock. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function firstDayOfMonth(isoDate: string): string {
  return `${isoDate.slice(0, 7)}-01`;
}

export function lastDayOfMonth(isoDate: string): string {
  const days = daysInMonth(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)));
  return `${isoDate.slice(0, 7)}-${String(days).padStart(2, "0")}`;
}
