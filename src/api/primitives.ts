import { z } from "zod";

/** The first and last days the contract carries: the days an Excel cell can show as a date. */
export const FIRST_DATE = "1900-01-01";
export const LAST_DATE = "9999-12-31";
export const DATE_RANGE_MESSAGE = `must be a date from ${FIRST_DATE} to ${LAST_DATE}: Excel cannot show a date before 1900`;

/** Days in a month (1 to 12) of any year from 0 to 9999. */
export function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  // Day 0 of the next month is the last day of this one. setUTCFullYear, unlike Date.UTC,
  // keeps years 0 to 99 as written: Date.UTC(4, 1, 29) is a day of 1904.
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

/** True when `text` is `YYYY-MM-DD` and names a day that exists (no 2025-02-30), in any year. */
export function isRealDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** True for a real day from FIRST_DATE to LAST_DATE, written `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  // Same-length YYYY-MM-DD texts compare as the days they name.
  return isRealDay(text) && text >= FIRST_DATE && text <= LAST_DATE;
}

export const calendarDate = z.string().superRefine((text, ctx) => {
  if (!isRealDay(text)) ctx.addIssue({ code: "custom", message: "must be a real date written YYYY-MM-DD" });
  else if (!isCalendarDate(text)) ctx.addIssue({ code: "custom", message: DATE_RANGE_MESSAGE });
});

/** Loose 8-4-4-4-12 hex form: the service's ids need not carry an RFC 4122 version nibble. */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const uuid = z
  .string()
  .regex(UUID_PATTERN, { message: "must be a UUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)" });

/**
 * The spec's asset id is a fixed prefix, a hyphen and 8 characters; ids seen in the wild
 * carry 12 hexadecimal characters instead. Both are accepted.
 */
export const ASSET_ID_PATTERN = /^[A-Z][A-Z0-9]{0,15}-(?:[A-Z0-9]{8}|[0-9A-Fa-f]{12})$/;
export const assetId = z.string().regex(ASSET_ID_PATTERN, {
  message: "must be an asset id such as ABC-1A2B3C4D (prefix, hyphen, 8 or 12 characters)",
});

export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
export const countryCode = z
  .string()
  .regex(COUNTRY_PATTERN, { message: "must be a two-letter uppercase country code such as FR" });

export const nonNegativeInteger = z.number().int().nonnegative();

/**
 * Far more rows than any answer or workbook holds, yet small enough that offset + limit stays
 * an exact integer everywhere it is added up.
 */
export const MAX_ROW_COUNT = 1_000_000_000;
const ROW_COUNT_MESSAGE = `must be a whole number from 0 to ${MAX_ROW_COUNT}`;
/** A count of rows or periods in a request (limit, offset, date_group_limit). */
export const rowCount = z
  .number({ message: ROW_COUNT_MESSAGE })
  // One rule, so that -0.5 gets one message rather than one per broken check.
  .refine((count) => Number.isInteger(count) && count >= 0 && count <= MAX_ROW_COUNT, { message: ROW_COUNT_MESSAGE });
