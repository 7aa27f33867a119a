/** Calendar arithmetic on `YYYY-MM-DD` texts, in UTC so that the host's time zone never matters. */

const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split("-").map(Number);
  return [year!, month!, day!];
}

function format(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function dayNumber(date: string): number {
  const [year, month, day] = parts(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** Days from `from` to `to`, both counted. */
export function daysInclusive(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

export function addDays(date: string, days: number): string {
  return format((dayNumber(date) + days) * DAY_MS);
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function lastOfMonth(date: string): string {
  const [year, month] = parts(date);
  // Day 0 of the next month is the last day of this one.
  return format(Date.UTC(year, month, 0));
}

export function firstOfPreviousMonth(date: string): string {
  const [year, month] = parts(date);
  return format(Date.UTC(year, month - 2, 1));
}

export function todayUtc(now: number = Date.now()): string {
  return format(now);
}
