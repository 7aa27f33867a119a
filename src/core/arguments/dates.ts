import { FIRST_DATE, LAST_DATE } from "../../api";
import { parseIsoDate } from "../calendar";
import { isBlank, isRange, type CellInput, type CellValue } from "../cell-values";
import {
  FICTITIOUS_LEAP_DAY_SERIAL,
  isExcelDateSerial,
  isoDateFromExcelSerial,
  LAST_EXCEL_SERIAL,
} from "../excel-dates";
import { normalisePeriodWord, periodOfWord, PERIOD_WORDS, type DateRange, type Today } from "../periods";
import { ArgumentError, quoted } from "./argument-error";

const ACCEPTED = "a date, a YYYY-MM-DD text";
const EXCEL_RANGE = `a date from ${FIRST_DATE} to ${LAST_DATE}`;
const PERIOD_WORD_LIST = PERIOD_WORDS.join(", ");

/** A single cell's value: a 1x1 range counts as its one value. */
function singleValue(input: CellInput, argument: string): CellValue {
  if (!isRange(input)) return input;
  const cells = input.flat();
  if (cells.length === 1) return cells[0];
  throw new ArgumentError(argument, `expects one cell, not a range of ${cells.length} cells`);
}

/** `to` counts as left empty for null, undefined, "" and 0 (what an empty cell gives). */
function isEmptyDate(value: CellValue): boolean {
  return isBlank(value) || value === 0;
}

/** One end of a period: an Excel date (a serial number or a date cell) or a `YYYY-MM-DD` text. */
export function readDate(value: CellValue, argument: string): string {
  if (typeof value === "number") {
    if (Math.floor(value) === FICTITIOUS_LEAP_DAY_SERIAL) {
      throw new ArgumentError(argument, `60 is 1900-02-29, a day that did not exist. Use ${ACCEPTED}`);
    }
    if (!isExcelDateSerial(value)) {
      throw new ArgumentError(
        argument,
        `${value} is not a date Excel can show. Use ${EXCEL_RANGE} (serial numbers 1 to ${LAST_EXCEL_SERIAL}) or a YYYY-MM-DD text`,
      );
    }
    return isoDateFromExcelSerial(value);
  }
  if (typeof value === "string") {
    const text = value.trim();
    if (parseIsoDate(text)) {
      // The service's schema refuses these as well; here the user learns why, by the argument's name.
      if (text < FIRST_DATE) {
        throw new ArgumentError(
          argument,
          `${quoted(text)} is before ${FIRST_DATE}, the first day Excel can show. Use ${EXCEL_RANGE}`,
        );
      }
      return text;
    }
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
      throw new ArgumentError(
        argument,
        `${quoted(text)} is not a real date. Use a day that exists, written YYYY-MM-DD`,
      );
    }
    throw new ArgumentError(argument, `${quoted(text)} is not a date. Use ${ACCEPTED}`);
  }
  throw new ArgumentError(argument, `${quoted(value)} is not a date. Use ${ACCEPTED}`);
}

/**
 * The period of a call: `from` and `to` as dates, or a period word in `from` with `to` empty.
 * `today` resolves period words in the user's own calendar.
 */
export function readPeriod(fromInput: CellInput, toInput: CellInput, today: Today): DateRange {
  const from = singleValue(fromInput, "from");
  const to = singleValue(toInput, "to");
  if (isBlank(from)) {
    throw new ArgumentError("from", `missing. Give the first day (${ACCEPTED}) or a period word: ${PERIOD_WORD_LIST}`);
  }
  if (typeof from === "string") {
    const word = normalisePeriodWord(from);
    if (word) {
      if (!isEmptyDate(to)) {
        throw new ArgumentError("to", `leave it empty when from is the period word ${word}`);
      }
      const period = periodOfWord(word, today());
      // Only a clock set before 1900 gets here; the request schema would refuse the days anyway.
      if (period.from < FIRST_DATE) {
        throw new ArgumentError(
          "from",
          `${word} starts on ${period.from}, before ${FIRST_DATE}, the first day Excel can show. Use ${EXCEL_RANGE}`,
        );
      }
      return period;
    }
    if (!parseIsoDate(from.trim()) && !/^\d{4}-\d{2}-\d{2}$/.test(from.trim())) {
      throw new ArgumentError(
        "from",
        `${quoted(from)} is not a date. Use ${ACCEPTED} or a period word: ${PERIOD_WORD_LIST}`,
      );
    }
  }
  const fromDate = readDate(from, "from");
  if (isEmptyDate(to)) {
    throw new ArgumentError(
      "to",
      `missing. Give the last day (${ACCEPTED}), or put a period word such as LAST_MONTH in from`,
    );
  }
  const toDate = readDate(to, "to");
  if (toDate < fromDate) {
    throw new ArgumentError("to", `${toDate} is before from (${fromDate}). Give a last day on or after the first`);
  }
  return { from: fromDate, to: toDate };
}
