import { addDays, dayNumber, isoDateOfDayNumber } from "../../../src/core/calendar";
import {
  createGroupDateConverter,
  excelSerialFromIsoDate,
  excelSerialOfGroupDate,
  isoDateFromExcelSerial,
  isoDateOfGroupDate,
} from "../../../src/core/excel-dates";

// These tests run under several TZ values (npm test uses UTC and Pacific/Auckland): every
// expectation below must hold in each, which a conversion through local time would break.
describe("Excel serial numbers", () => {
  it.each([
    ["1900-01-01", 1],
    ["1900-02-28", 59],
    ["1900-03-01", 61],
    ["1999-12-31", 36525],
    ["2000-01-01", 36526],
    ["2024-02-29", 45351],
    ["2025-01-01", 45658],
    ["9999-12-31", 2958465],
  ])("%s is serial %d, both ways", (isoDate, serial) => {
    expect(excelSerialFromIsoDate(isoDate)).toBe(serial);
    expect(isoDateFromExcelSerial(serial)).toBe(isoDate);
  });

  it("keeps Excel's fictitious 1900-02-29 at serial 60", () => {
    expect(isoDateFromExcelSerial(60)).toBe("1900-02-29");
    expect(excelSerialFromIsoDate("1900-02-29")).toBe(60);
  });

  it("drops the time of day of a fractional serial", () => {
    expect(isoDateFromExcelSerial(45658.99999)).toBe("2025-01-01");
    expect(isoDateFromExcelSerial(45658.5)).toBe("2025-01-01");
    expect(isoDateFromExcelSerial(59.9)).toBe("1900-02-28");
  });

  it("refuses serials and texts outside what Excel shows", () => {
    expect(() => isoDateFromExcelSerial(0)).toThrow(RangeError);
    expect(() => isoDateFromExcelSerial(-1)).toThrow(RangeError);
    expect(() => isoDateFromExcelSerial(2958466)).toThrow(RangeError);
    expect(() => isoDateFromExcelSerial(Number.NaN)).toThrow(RangeError);
    expect(() => excelSerialFromIsoDate("1899-12-31")).toThrow(RangeError);
    expect(() => excelSerialFromIsoDate("2025-02-30")).toThrow(RangeError);
    expect(() => excelSerialFromIsoDate("2025-1-5")).toThrow(RangeError);
  });

  it("counts one serial per day across every daylight-saving change of 2023 to 2026", () => {
    let isoDate = "2023-01-01";
    let serial = excelSerialFromIsoDate(isoDate);
    for (let day = 0; day < 4 * 366; day++) {
      const next = addDays(isoDate, 1);
      const nextSerial = excelSerialFromIsoDate(next);
      expect(nextSerial).toBe(serial + 1);
      expect(isoDateFromExcelSerial(nextSerial)).toBe(next);
      isoDate = next;
      serial = nextSerial;
    }
    expect(isoDate).toBe("2027-01-04");
  });
});

describe("calendar day numbers", () => {
  it("round-trip early years without the two-digit-year trap of Date.UTC", () => {
    expect(isoDateOfDayNumber(dayNumber(99, 12, 31))).toBe("0099-12-31");
  });
});

describe("group dates of the service", () => {
  it.each([
    ["2025-03-14", "2025-03-14"],
    ["2025-03-14T00:00:00Z", "2025-03-14"],
    ["2025-03", "2025-03-01"],
    ["2025-W01", "2024-12-30"],
    ["2026-W01", "2025-12-29"],
    ["2020-W53", "2020-12-28"],
    ["2021-W01", "2021-01-04"],
    ["2025-w10", "2025-03-03"],
  ])("%s starts on %s", (value, isoDate) => {
    expect(isoDateOfGroupDate(value)).toBe(isoDate);
  });

  it.each(["2025-13", "2025-W54", "2021-W53", "2025-02-30", "March 2025", ""])("%s is not a group date", (value) => {
    expect(isoDateOfGroupDate(value)).toBeUndefined();
    expect(excelSerialOfGroupDate(value)).toBeUndefined();
  });

  it("converts each distinct text once and keeps unknown forms as text", () => {
    const convert = createGroupDateConverter();
    expect(convert("2025-01-01")).toBe(45658);
    expect(convert("2025-01")).toBe(45658);
    expect(convert("2025-W01")).toBe(45656);
    expect(convert("soon")).toBe("soon");
  });
});
