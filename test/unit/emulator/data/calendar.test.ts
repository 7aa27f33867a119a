import {
  addDays,
  dayNumber,
  firstDayOfMonth,
  isoDayString,
  isoWeekday,
  lastDayOfMonth,
  localToday,
} from "../../../../src/emulator/data/calendar";

describe("calendar days", () => {
  it("round-trips dates and crosses month, year and leap-day boundaries", () => {
    expect(isoDayString(dayNumber("2024-02-28"))).toBe("2024-02-28");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2023-12-31", 1)).toBe("2024-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });

  it("refuses texts that are not real dates", () => {
    expect(() => dayNumber("2023-02-29")).toThrow(RangeError);
    expect(() => dayNumber("15/03/2024")).toThrow(RangeError);
  });

  it("numbers weekdays from Monday (0) to Sunday (6)", () => {
    expect(isoWeekday(dayNumber("2024-03-11"))).toBe(0);
    expect(isoWeekday(dayNumber("2024-03-17"))).toBe(6);
    expect(isoWeekday(dayNumber("1969-12-29"))).toBe(0);
  });

  it("finds the first and last day of a month, leap years included", () => {
    expect(firstDayOfMonth("2024-09-17")).toBe("2024-09-01");
    expect(lastDayOfMonth("2024-09-01")).toBe("2024-09-30");
    expect(lastDayOfMonth("2024-02-10")).toBe("2024-02-29");
    expect(lastDayOfMonth("2023-02-10")).toBe("2023-02-28");
    expect(lastDayOfMonth("2023-12-05")).toBe("2023-12-31");
  });

  it("point 12: keeps years 0 to 99 as written (Date.UTC would read them as 1900 to 1999)", () => {
    expect(isoDayString(dayNumber("0001-01-01"))).toBe("0001-01-01");
    expect(dayNumber("0099-12-31") + 1).toBe(dayNumber("0100-01-01"));
    expect(dayNumber("1900-03-01") - dayNumber("1900-02-28")).toBe(1);
    expect(lastDayOfMonth("0000-02-10")).toBe("0000-02-29");
    expect(lastDayOfMonth("0099-02-10")).toBe("0099-02-28");
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
  });

  it("takes today from the local clock", () => {
    expect(localToday(new Date(2024, 0, 31, 23, 59))).toBe("2024-01-31");
  });
});
