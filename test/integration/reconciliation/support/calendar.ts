import type { PeriodWord } from "../../../../src/core/periods";

/**
 * The suite's own calendar, written apart from the add-in's (src/core/calendar.ts and
 * excel-dates.ts) so that the two cannot share a mistake: every date the add-in shows is
 * compared with what this file computes from the documentation alone.
 */

const DAY_MS = 86_400_000;
// Excel's serial 25569 is 1970-01-01 (the 1900 date system, after its fictitious 1900-02-29).
const SERIAL_OF_1970 = 25_569;

function utcDay(iso: string): number {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function isoOfUtcDay(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** Excel's serial number of a day from 1900-03-01 on. */
export function serialOf(iso: string): number {
  return utcDay(iso) + SERIAL_OF_1970;
}

export function isoOfSerial(serial: number): string {
  return isoOfUtcDay(serial - SERIAL_OF_1970);
}

export function plusDays(iso: string, days: number): string {
  return isoOfUtcDay(utcDay(iso) + days);
}

/** How many days `to` comes after `from` (negative when before). */
export function daysBetween(from: string, to: string): number {
  return utcDay(to) - utcDay(from);
}

/** The days of a period, both ends counted. */
export function dayCount(period: { from: string; to: string }): number {
  return daysBetween(period.from, period.to) + 1;
}

/** 0 for Sunday... 6 for Saturday. */
export function weekday(iso: string): number {
  return new Date(utcDay(iso) * DAY_MS).getUTCDay();
}

function parts(iso: string): [number, number, number] {
  return iso.split("-").map(Number) as [number, number, number];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The first day of the month `months` after (or before) the month of `iso`. */
function monthStart(iso: string, months = 0): string {
  const [year, month] = parts(iso);
  const index = year * 12 + (month - 1) + months;
  return format(Math.floor(index / 12), (index % 12) + 1, 1);
}

export function lastDayOfMonth(iso: string): string {
  return plusDays(monthStart(iso, 1), -1);
}

export function firstDayOfMonth(iso: string): string {
  return monthStart(iso);
}

function quarterStart(iso: string): string {
  const [, month] = parts(iso);
  return monthStart(iso, -((month - 1) % 3));
}

function yearStart(iso: string): string {
  return format(parts(iso)[0], 1, 1);
}

/** The same day a year earlier; 29 February becomes 28 February. */
export function yearBefore(iso: string): string {
  const [year, month, day] = parts(iso);
  const last = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return format(year - 1, month, Math.min(day, last));
}

export type ComparisonMode = "previous_period" | "previous_year";

/** The period `compare=` compares with, as its documentation defines it. */
export function comparisonPeriodOf(
  period: { from: string; to: string },
  mode: ComparisonMode,
): { from: string; to: string } {
  if (mode === "previous_year") return { from: yearBefore(period.from), to: yearBefore(period.to) };
  return { from: plusDays(period.from, -dayCount(period)), to: plusDays(period.from, -1) };
}

/** The days a period word covers on `today`, as docs/functions.md documents them. */
export function documentedPeriod(word: PeriodWord, today: string): { from: string; to: string } {
  const yesterday = plusDays(today, -1);
  switch (word) {
    case "TODAY":
      return { from: today, to: today };
    case "YESTERDAY":
      return { from: yesterday, to: yesterday };
    case "LAST_7_DAYS":
      return { from: plusDays(today, -7), to: yesterday };
    case "LAST_30_DAYS":
      return { from: plusDays(today, -30), to: yesterday };
    case "MTD":
      return { from: monthStart(today), to: today };
    case "QTD":
      return { from: quarterStart(today), to: today };
    case "YTD":
      return { from: yearStart(today), to: today };
    case "LAST_MONTH":
      return { from: monthStart(today, -1), to: plusDays(monthStart(today), -1) };
    case "LAST_QUARTER":
      return { from: monthStart(quarterStart(today), -3), to: plusDays(quarterStart(today), -1) };
    case "LAST_YEAR":
      return { from: monthStart(yearStart(today), -12), to: plusDays(yearStart(today), -1) };
  }
}

/** A `YYYY-MM-DD` date or a legacy `YYYY-MM` month key as the first day it names. */
export function dayOfKey(key: string): string {
  return /^\d{4}-\d{2}$/.test(key) ? `${key}-01` : key;
}
