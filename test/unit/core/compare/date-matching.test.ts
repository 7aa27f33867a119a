import { dateMatching } from "../../../../src/core/compare/date-matching";

describe("matching dates between the period and its comparison", () => {
  it("days, previous_period: the Nth day of each period", () => {
    const dates = dateMatching(
      { from: "2025-03-01", to: "2025-03-31" },
      { from: "2025-01-29", to: "2025-02-28" },
      "day",
      "previous_period",
    );
    expect(dates.currentKey("2025-03-01")).toBe(dates.comparisonKey("2025-01-29"));
    expect(dates.currentKey("2025-03-31")).toBe(dates.comparisonKey("2025-02-28"));
    expect(dates.currentKey("2025-03-02")).not.toBe(dates.comparisonKey("2025-01-29"));
    expect(dates.currentDateOfKey(dates.comparisonKey("2025-02-01"))).toBe("2025-03-04");
  });

  it("weeks: the Nth week counted from the period's first (part) week, labelled by its Monday", () => {
    // Wednesday 5 March to Friday 14 March 2025, 10 days; the 10 days before run Sunday 23 February to 4 March.
    const dates = dateMatching(
      { from: "2025-03-05", to: "2025-03-14" },
      { from: "2025-02-23", to: "2025-03-04" },
      "week",
      "previous_period",
    );
    expect(dates.currentKey("2025-03-03")).toBe(dates.comparisonKey("2025-02-17"));
    expect(dates.currentKey("2025-03-10")).toBe(dates.comparisonKey("2025-02-24"));
    // A label the service might clamp to the period's first day falls in the same week.
    expect(dates.currentKey("2025-03-05")).toBe(dates.currentKey("2025-03-03"));
    // The comparison spans a third week (3 March), which the period lacks: no date to show it on.
    expect(dates.currentDateOfKey(dates.comparisonKey("2025-03-03"))).toBeUndefined();
    expect(dates.currentDateOfKey(dates.comparisonKey("2025-02-24"))).toBe("2025-03-10");
  });

  it("months: the Nth month; a year apart that is the same month", () => {
    const quarter = dateMatching(
      { from: "2025-01-01", to: "2025-03-31" },
      { from: "2024-10-03", to: "2024-12-31" },
      "month",
      "previous_period",
    );
    expect(quarter.currentKey("2025-01-01")).toBe(quarter.comparisonKey("2024-10-01"));
    expect(quarter.currentKey("2025-03-01")).toBe(quarter.comparisonKey("2024-12-01"));
    const year = dateMatching(
      { from: "2025-01-15", to: "2025-06-30" },
      { from: "2024-01-15", to: "2024-06-30" },
      "month",
      "previous_year",
    );
    expect(year.currentKey("2025-05-01")).toBe(year.comparisonKey("2024-05-01"));
    // The service may write a month as YYYY-MM.
    expect(year.currentKey("2025-05")).toBe(year.comparisonKey("2024-05-01"));
    expect(year.currentDateOfKey(year.comparisonKey("2024-02-01"))).toBe("2025-02-01");
  });

  it("days, previous_year: the same day a year before, 29 February as 28 February", () => {
    const leap = dateMatching(
      { from: "2024-02-27", to: "2024-03-01" },
      { from: "2023-02-27", to: "2023-03-01" },
      "day",
      "previous_year",
    );
    expect(leap.currentKey("2024-02-28")).toBe(leap.comparisonKey("2023-02-28"));
    expect(leap.currentKey("2024-02-29")).toBe(leap.comparisonKey("2023-02-28"));
    expect(leap.currentKey("2024-03-01")).toBe(leap.comparisonKey("2023-03-01"));
    const after = dateMatching(
      { from: "2025-02-27", to: "2025-03-01" },
      { from: "2024-02-27", to: "2024-03-01" },
      "day",
      "previous_year",
    );
    expect(after.comparisonKey("2024-02-29")).toBe(after.currentKey("2025-02-28"));
    expect(after.currentDateOfKey(after.comparisonKey("2024-02-29"))).toBe("2025-02-28");
    // A period starting on 29 February shows a comparison-only 28 February on its first day.
    const fromLeapDay = dateMatching(
      { from: "2024-02-29", to: "2024-03-05" },
      { from: "2023-02-28", to: "2023-03-05" },
      "day",
      "previous_year",
    );
    expect(fromLeapDay.currentDateOfKey(fromLeapDay.comparisonKey("2023-02-28"))).toBe("2024-02-29");
  });

  it("keeps a missing date and an unknown form apart from real dates", () => {
    const dates = dateMatching(
      { from: "2025-03-01", to: "2025-03-31" },
      { from: "2025-01-29", to: "2025-02-28" },
      "day",
      "previous_period",
    );
    expect(dates.currentKey(null)).toBe(dates.comparisonKey(undefined));
    expect(dates.currentKey("soon")).toBe(dates.comparisonKey("soon"));
    expect(dates.currentKey("soon")).not.toBe(dates.currentKey(null));
    expect(dates.currentDateOfKey(dates.comparisonKey("soon"))).toBeUndefined();
  });
});
