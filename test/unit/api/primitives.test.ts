import {
  assetId,
  calendarDate,
  countryCode,
  daysInMonth,
  isCalendarDate,
  nonNegativeInteger,
  uuid,
} from "../../../src/api/primitives";

describe("isCalendarDate / calendarDate", () => {
  it.each(["2024-02-29", "2000-02-29", "2025-01-31", "2025-04-30", "2025-12-31", "1999-01-01"])(
    "accepts the real day %s",
    (day) => {
      expect(isCalendarDate(day)).toBe(true);
      expect(calendarDate.safeParse(day).success).toBe(true);
    },
  );

  it.each([
    ["2023-02-29", "not a leap year"],
    ["1900-02-29", "century years are leap years only every 400 years"],
    ["2025-02-30", "February never has 30 days"],
    ["2025-04-31", "April has 30 days"],
    ["2025-13-01", "month 13"],
    ["2025-00-10", "month 0"],
    ["2025-01-00", "day 0"],
    ["2025-1-01", "month not zero-padded"],
    ["20250101", "no hyphens"],
    [" 2025-01-01", "leading space"],
    ["2025-01-01T00:00:00Z", "a timestamp, not a date"],
    ["", "empty"],
  ])("refuses %s (%s)", (day) => {
    expect(isCalendarDate(day)).toBe(false);
    const result = calendarDate.safeParse(day);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("must be a real date written YYYY-MM-DD");
  });

  it("refuses a value that is not text", () => {
    expect(calendarDate.safeParse(20250101).success).toBe(false);
  });
});

describe("uuid", () => {
  it.each([
    "0f8fad5b-d9cb-469f-a165-70867728950e",
    "0F8FAD5B-D9CB-469F-A165-70867728950E",
    // The service's ids need not carry an RFC 4122 version nibble.
    "00000000-0000-0000-0000-000000000000",
  ])("accepts %s", (id) => {
    expect(uuid.safeParse(id).success).toBe(true);
  });

  it.each([
    "0f8fad5b-d9cb-469f-a165-70867728950",
    "0f8fad5bd9cb469fa16570867728950e",
    "0f8fad5b-d9cb-469f-a165-70867728950g",
    "{0f8fad5b-d9cb-469f-a165-70867728950e}",
    "",
  ])("refuses %s with a message naming the form", (id) => {
    const result = uuid.safeParse(id);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/must be a UUID/);
  });
});

describe("assetId", () => {
  it.each([
    ["ABC-1A2B3C4D", "the spec's form: 8 characters"],
    ["A-ZZZZ9999", "one-letter prefix"],
    ["APP-1a2b3c4d5e6f", "the form seen in the wild: 12 hexadecimal characters"],
    ["APP-1A2B3C4D5E6F", "12 uppercase hexadecimal characters"],
  ])("accepts %s (%s)", (id) => {
    expect(assetId.safeParse(id).success).toBe(true);
  });

  it.each([
    ["ABC-1A2B3C4", "7 characters"],
    ["ABC-1A2B3C4D5", "9 characters"],
    ["ABC-1A2B3C4D5E6G", "12 characters that are not hexadecimal"],
    ["abc-1A2B3C4D", "lowercase prefix"],
    ["-1A2B3C4D", "no prefix"],
    ["ABC1A2B3C4D", "no hyphen"],
    ["ABC-1a2b3c4d", "8 lowercase characters (only the 12-character form is hexadecimal)"],
  ])("refuses %s (%s)", (id) => {
    expect(assetId.safeParse(id).success).toBe(false);
  });
});

describe("countryCode", () => {
  it("accepts two uppercase letters and refuses anything else", () => {
    expect(countryCode.safeParse("FR").success).toBe(true);
    for (const bad of ["fr", "FRA", "F", "F1", ""]) expect(countryCode.safeParse(bad).success).toBe(false);
  });
});

describe("nonNegativeInteger", () => {
  it("accepts 0 and positive whole numbers", () => {
    for (const good of [0, 1, 10_000]) expect(nonNegativeInteger.safeParse(good).success).toBe(true);
  });

  it("refuses negatives, fractions, text and non-finite numbers", () => {
    for (const bad of [-1, 1.5, "10", Number.NaN, Number.POSITIVE_INFINITY])
      expect(nonNegativeInteger.safeParse(bad).success).toBe(false);
  });
});

describe("point 12: the dates the contract carries", () => {
  const RANGE = "must be a date from 1900-01-01 to 9999-12-31: Excel cannot show a date before 1900";

  it.each(["0000-01-01", "0001-01-01", "0099-12-31", "0100-03-01", "1899-12-31"])(
    "point 12: refuses %s, before Excel's first day",
    (day) => {
      expect(isCalendarDate(day)).toBe(false);
      const result = calendarDate.safeParse(day);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([RANGE]);
    },
  );

  it.each(["1900-01-01", "1900-02-28", "1900-03-01", "2000-02-29", "9999-12-31"])("point 12: accepts %s", (day) => {
    expect(isCalendarDate(day)).toBe(true);
    expect(calendarDate.safeParse(day).success).toBe(true);
  });

  it("point 12: a day that does not exist keeps its own message, whatever its year", () => {
    for (const day of ["0001-02-30", "1900-02-29", "2100-02-29"]) {
      expect(calendarDate.safeParse(day).error?.issues.map((issue) => issue.message)).toEqual([
        "must be a real date written YYYY-MM-DD",
      ]);
    }
  });

  it("point 12: daysInMonth reads years 0 to 99 as written, not as 1900 to 1999", () => {
    expect(daysInMonth(0, 2)).toBe(29);
    expect(daysInMonth(4, 2)).toBe(29);
    expect(daysInMonth(99, 2)).toBe(28);
    expect(daysInMonth(100, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(9999, 12)).toBe(31);
  });
});
