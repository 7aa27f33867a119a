import {
  addDays,
  addMonths,
  dayNumberOfDate,
  daysIncluded,
  daysInMonth,
  endOfMonth,
  parseIsoDate,
  startOfWeek,
} from "../../../src/core/calendar";

describe("calendar arithmetic of years 0 to 99", () => {
  it("point 12: reads the year as written, not as 1900 to 1999 (Date.UTC's two-digit years)", () => {
    // Year 0 is a leap year (divisible by 400); 1900, where Date.UTC would put it, is not.
    expect(daysInMonth(0, 2)).toBe(29);
    expect(parseIsoDate("0000-02-29")).toEqual({ year: 0, month: 2, day: 29 });
    expect(endOfMonth("0000-02-01")).toBe("0000-02-29");
    expect(addMonths("0000-01-31", 1)).toBe("0000-02-29");
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
    expect(addDays("0001-01-01", -1)).toBe("0000-12-31");
  });
});

describe("day counts and weeks", () => {
  it("counts the days of a period, both ends included, across a leap day and a year's end", () => {
    expect(daysIncluded("2024-02-28", "2024-03-01")).toBe(3);
    expect(daysIncluded("2025-12-31", "2025-12-31")).toBe(1);
    expect(daysIncluded("2026-01-02", "2026-01-01")).toBe(0);
    expect(dayNumberOfDate("1970-01-02")).toBe(1);
    expect(() => dayNumberOfDate("2026-02-30")).toThrow(RangeError);
  });

  it("starts a week on the Monday on or before a day", () => {
    expect(startOfWeek("2026-01-01")).toBe("2025-12-29");
    expect(startOfWeek("2025-12-29")).toBe("2025-12-29");
    expect(startOfWeek("1969-12-31")).toBe("1969-12-29");
  });
});
