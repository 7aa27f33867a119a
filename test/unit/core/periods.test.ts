import {
  localToday,
  normalisePeriodWord,
  periodOfWord,
  PERIOD_WORDS,
  type PeriodWord,
} from "../../../src/core/periods";

describe("period words", () => {
  it.each([
    ["last 7 days", "LAST_7_DAYS"],
    ["Last-Month", "LAST_MONTH"],
    ["  ytd ", "YTD"],
    ["last__quarter", "LAST_QUARTER"],
    ["today", "TODAY"],
  ])("reads %j as %s", (text, word) => {
    expect(normalisePeriodWord(text)).toBe(word);
  });

  it.each(["LAST_8_DAYS", "last week", "2025-01-01", ""])("does not read %j", (text) => {
    expect(normalisePeriodWord(text)).toBeUndefined();
  });

  const cases: [string, PeriodWord, string, string][] = [
    ["2025-05-15", "TODAY", "2025-05-15", "2025-05-15"],
    ["2025-05-15", "YESTERDAY", "2025-05-14", "2025-05-14"],
    ["2025-01-01", "YESTERDAY", "2024-12-31", "2024-12-31"],
    ["2025-05-15", "LAST_7_DAYS", "2025-05-08", "2025-05-14"],
    ["2024-03-03", "LAST_7_DAYS", "2024-02-25", "2024-03-02"],
    ["2025-05-15", "LAST_30_DAYS", "2025-04-15", "2025-05-14"],
    ["2024-03-01", "LAST_30_DAYS", "2024-01-31", "2024-02-29"],
    ["2025-05-15", "MTD", "2025-05-01", "2025-05-15"],
    ["2025-05-01", "MTD", "2025-05-01", "2025-05-01"],
    ["2025-05-15", "LAST_MONTH", "2025-04-01", "2025-04-30"],
    ["2024-03-31", "LAST_MONTH", "2024-02-01", "2024-02-29"],
    ["2023-03-31", "LAST_MONTH", "2023-02-01", "2023-02-28"],
    ["2025-01-01", "LAST_MONTH", "2024-12-01", "2024-12-31"],
    ["2025-05-15", "QTD", "2025-04-01", "2025-05-15"],
    ["2025-12-31", "QTD", "2025-10-01", "2025-12-31"],
    ["2025-05-15", "LAST_QUARTER", "2025-01-01", "2025-03-31"],
    ["2025-02-10", "LAST_QUARTER", "2024-10-01", "2024-12-31"],
    ["2025-09-30", "LAST_QUARTER", "2025-04-01", "2025-06-30"],
    ["2025-05-15", "YTD", "2025-01-01", "2025-05-15"],
    ["2025-01-01", "YTD", "2025-01-01", "2025-01-01"],
    ["2025-05-15", "LAST_YEAR", "2024-01-01", "2024-12-31"],
    ["2025-01-01", "LAST_YEAR", "2024-01-01", "2024-12-31"],
  ];
  it.each(cases)("on %s, %s is %s to %s", (today, word, from, to) => {
    expect(periodOfWord(word, today)).toEqual({ from, to });
  });

  it("gives every word a period that ends no later than today and starts no later than it ends", () => {
    for (const today of ["2024-02-29", "2025-01-01", "2025-12-31", "2100-03-01"]) {
      for (const word of PERIOD_WORDS) {
        const { from, to } = periodOfWord(word, today);
        expect(from <= to).toBe(true);
        expect(to <= today).toBe(true);
      }
    }
  });
});

describe("the user's today", () => {
  // Meaningful under every TZ the suite runs with: a UTC-based day would be wrong late in the
  // evening west of Greenwich and early in the morning east of it.
  it.each([
    [2025, 0, 1, 0, 5, "2025-01-01"],
    [2025, 0, 1, 23, 55, "2025-01-01"],
    [2024, 1, 29, 23, 59, "2024-02-29"],
    [2024, 11, 31, 0, 1, "2024-12-31"],
  ])("is the local calendar day of the clock (%d-%d-%d %d:%d)", (year, monthIndex, day, hours, minutes, expected) => {
    const today = localToday(() => new Date(year, monthIndex, day, hours, minutes));
    expect(today()).toBe(expected);
  });
});
