import { dayNumber, isoDateOfDayNumber, mondayOnOrBefore, parseIsoDate } from "./calendar";

/**
 * Excel serial numbers count days from 1900-01-01 (serial 1) and include 1900-02-29 (serial 60),
 * a day that never existed: Lotus 1-2-3 thought 1900 was a leap year and Excel kept the bug.
 * From serial 61 (1900-03-01) on, a serial is simply the number of days since 1899-12-30.
 * The arithmetic is pure UTC: no time zone can shift a date.
 */
const DAY_NUMBER_OF_1899_12_30 = dayNumber(1899, 12, 30);
export const FIRST_EXCEL_SERIAL = 1;
/** 9999-12-31, the last day Excel can show. */
export const LAST_EXCEL_SERIAL = 2_958_465;
export const FICTITIOUS_LEAP_DAY_SERIAL = 60;
const FICTITIOUS_LEAP_DAY = "1900-02-29";

/** True for the serials Excel shows as a date (fractions, the time of day, are allowed). */
export function isExcelDateSerial(value: number): boolean {
  return Number.isFinite(value) && value >= FIRST_EXCEL_SERIAL && value < LAST_EXCEL_SERIAL + 1;
}

/** The serial of a day; throws RangeError for a text that is not a real day Excel can show. */
export function excelSerialFromIsoDate(isoDate: string): number {
  if (isoDate === FICTITIOUS_LEAP_DAY) return FICTITIOUS_LEAP_DAY_SERIAL;
  const day = parseIsoDate(isoDate);
  if (!day) throw new RangeError(`"${isoDate}" is not a real date written YYYY-MM-DD`);
  const serial = excelSerialOfDay(day.year, day.month, day.day);
  if (serial < FIRST_EXCEL_SERIAL || serial > LAST_EXCEL_SERIAL) {
    throw new RangeError(`${isoDate} is outside the dates Excel can show (1900-01-01 to 9999-12-31)`);
  }
  return serial;
}

function excelSerialOfDay(year: number, month: number, day: number): number {
  const days = dayNumber(year, month, day) - DAY_NUMBER_OF_1899_12_30;
  // Before the fictitious 1900-02-29 serials run one behind the day count.
  return days <= FICTITIOUS_LEAP_DAY_SERIAL ? days - 1 : days;
}

/** The `YYYY-MM-DD` day of a serial; a fraction (a time of day) is dropped. */
export function isoDateFromExcelSerial(serial: number): string {
  if (!isExcelDateSerial(serial)) {
    throw new RangeError(`${serial} is not an Excel date (1 to ${LAST_EXCEL_SERIAL})`);
  }
  const whole = Math.floor(serial);
  if (whole === FICTITIOUS_LEAP_DAY_SERIAL) return FICTITIOUS_LEAP_DAY;
  const days = whole < FICTITIOUS_LEAP_DAY_SERIAL ? whole + 1 : whole;
  return isoDateOfDayNumber(DAY_NUMBER_OF_1899_12_30 + days);
}

const DAY_FORM = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;
const MONTH_FORM = /^(\d{4})-(\d{2})$/;
const ISO_WEEK_FORM = /^(\d{4})-?W(\d{2})$/i;

/**
 * The first day of the period a group date of the service names: `YYYY-MM-DD` (a day, or the
 * first day of a week or month), `YYYY-MM` (a month) or `YYYY-Www` (an ISO week, which starts
 * on a Monday). Undefined for any other form, so that callers can keep the text as it came.
 */
export function isoDateOfGroupDate(value: string): string | undefined {
  const day = DAY_FORM.exec(value);
  if (day) {
    const text = `${day[1]}-${day[2]}-${day[3]}`;
    return parseIsoDate(text) ? text : undefined;
  }
  const month = MONTH_FORM.exec(value);
  if (month) {
    const monthNumber = Number(month[2]);
    return monthNumber >= 1 && monthNumber <= 12 ? `${month[1]}-${month[2]}-01` : undefined;
  }
  const week = ISO_WEEK_FORM.exec(value);
  if (week) {
    const year = Number(week[1]);
    const weekNumber = Number(week[2]);
    if (weekNumber < 1 || weekNumber > isoWeeksInYear(year)) return undefined;
    return isoDateOfDayNumber(mondayOfIsoWeekOne(year) + (weekNumber - 1) * 7);
  }
  return undefined;
}

/** Day number of the Monday of ISO week 1: the week that holds January 4th. */
function mondayOfIsoWeekOne(year: number): number {
  return mondayOnOrBefore(dayNumber(year, 1, 4));
}

function isoWeeksInYear(year: number): number {
  return (mondayOfIsoWeekOne(year + 1) - mondayOfIsoWeekOne(year)) / 7;
}

/** The Excel serial of a group date of the service, or undefined for a form it does not know. */
export function excelSerialOfGroupDate(value: string): number | undefined {
  const isoDate = isoDateOfGroupDate(value);
  if (isoDate === undefined) return undefined;
  try {
    return excelSerialFromIsoDate(isoDate);
  } catch {
    return undefined;
  }
}

/**
 * Remembers conversions: a 100,000-row answer holds few distinct dates, and a Map lookup costs
 * far less than parsing each one again.
 */
export function createGroupDateConverter(): (value: string) => number | string {
  const cache = new Map<string, number | string>();
  return (value) => {
    let converted = cache.get(value);
    if (converted === undefined) {
      converted = excelSerialOfGroupDate(value) ?? value;
      cache.set(value, converted);
    }
    return converted;
  };
}
