import { z } from "zod";

/** True when `text` is `YYYY-MM-DD` and names a day that exists (no 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC keeps the local zone out of it.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

export const calendarDate = z
  .string()
  .refine(isCalendarDate, { message: "must be a real date written YYYY-MM-DD" });

/** Loose 8-4-4-4-12 hex form: the service's ids need not carry an RFC 4122 version nibble. */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const uuid = z.string().regex(UUID_PATTERN, { message: "must be a UUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)" });

/**
 * The spec's asset id is a fixed prefix, a hyphen and 8 characters; ids seen in the wild
 * carry 12 hexadecimal characters instead. Both are accepted.
 */
export const ASSET_ID_PATTERN = /^[A-Z][A-Z0-9]{0,15}-(?:[A-Z0-9]{8}|[0-9A-Fa-f]{12})$/;
export const assetId = z
  .string()
  .regex(ASSET_ID_PATTERN, { message: "must be an asset id such as ABC-1A2B3C4D (prefix, hyphen, 8 or 12 characters)" });

export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
export const countryCode = z.string().regex(COUNTRY_PATTERN, { message: "must be a two-letter uppercase country code such as FR" });

export const nonNegativeInteger = z.number().int().nonnegative();
