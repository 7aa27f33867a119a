import { addDays, dayNumber, endOfMonth, parseIsoDate } from "../calendar";

/** How the dates of a column are grouped: each row is one day, one ISO week or one month. */
export type DateBucket = "day" | "week" | "month";

export interface BucketContext {
  bucket: DateBucket;
  /** The period the query asked for, both days included. */
  period?: { from: string; to: string };
  /** The last day the service has data for (`/dates`), when known. */
  dataThrough?: string;
}

function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return 0;
  return dayNumber(b.year, b.month, b.day) - dayNumber(a.year, a.month, a.day);
}

/** Days from `from` to `to`, both included; 0 when `to` comes first. */
function inclusiveDays(from: string, to: string): number {
  return Math.max(0, daysBetween(from, to) + 1);
}

/** The last day of the bucket that starts on `start` (a week starts on its Monday, as the service groups). */
export function bucketEnd(start: string, bucket: DateBucket): string {
  if (bucket === "week") return addDays(start, 6);
  if (bucket === "month") return endOfMonth(start);
  return start;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * What to say of a bucket that does not hold all its days: a week or month the period's edges cut
 * ("partial: 3 of 7 days"), or one reaching past the last day with data ("partial: 4 of 7 days,
 * data through 2024-05-09"; a bucket wholly after it has "no data yet"). Undefined for a whole one.
 */
export function bucketNote(start: string, context: BucketContext): string | undefined {
  if (!parseIsoDate(start)) return undefined;
  const end = bucketEnd(start, context.bucket);
  const bucketDays = inclusiveDays(start, end);
  const first = context.period ? later(start, context.period.from) : start;
  const periodLast = context.period ? earlier(end, context.period.to) : end;
  const through = context.dataThrough;
  const last = through !== undefined ? earlier(periodLast, through) : periodLast;
  const daysWithData = inclusiveDays(first, last);
  const pastData = through !== undefined && periodLast > through;
  if (pastData && daysWithData === 0) return `no data yet: data through ${through}`;
  if (daysWithData >= bucketDays) return undefined;
  return `partial: ${daysWithData} of ${bucketDays} days${pastData ? `, data through ${through}` : ""}`;
}
