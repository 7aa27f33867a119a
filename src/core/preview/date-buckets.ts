import { addDays, daysIncluded, endOfMonth, parseIsoDate } from "../calendar";

/** How the dates of a column are grouped: each row is one day, one ISO week or one month. */
export type DateBucket = "day" | "week" | "month";

export interface BucketContext {
  bucket: DateBucket;
  /** The period the query asked for, both days included. */
  period?: { from: string; to: string };
  /** The last day the service has data for (`/dates`), when known. */
  dataThrough?: string;
}

/** Days from `from` to `to`, both included; 0 when `to` comes first. */
function inclusiveDays(from: string, to: string): number {
  return Math.max(0, daysIncluded(from, to));
}

const isDay = (text: string | undefined): text is string => text !== undefined && parseIsoDate(text) !== undefined;

/** The last day of the bucket that starts on `start` (a week starts on its Monday, as the service groups). */
function bucketEnd(start: string, bucket: DateBucket): string {
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
  // A period or a last day that is not a day says nothing to count with.
  const period = context.period && isDay(context.period.from) && isDay(context.period.to) ? context.period : undefined;
  const through = isDay(context.dataThrough) ? context.dataThrough : undefined;
  const end = bucketEnd(start, context.bucket);
  const bucketDays = inclusiveDays(start, end);
  const first = period ? later(start, period.from) : start;
  const periodLast = period ? earlier(end, period.to) : end;
  const last = through !== undefined ? earlier(periodLast, through) : periodLast;
  const daysWithData = inclusiveDays(first, last);
  const pastData = through !== undefined && periodLast > through;
  if (pastData && daysWithData === 0) return `no data yet: data through ${through}`;
  if (daysWithData >= bucketDays) return undefined;
  return `partial: ${daysWithData} of ${bucketDays} days${pastData ? `, data through ${through}` : ""}`;
}
