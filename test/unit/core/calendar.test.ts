import { addDays, addMonths, daysInMonth, endOfMonth, parseIsoDate } from "../../../src/core/calendar";

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
