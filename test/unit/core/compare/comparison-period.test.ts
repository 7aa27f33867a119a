import { comparisonPeriod, oneYearBefore, periodLength } from "../../../../src/core/compare/comparison-period";
import { comparisonRequest, cutsRows } from "../../../../src/core/compare/comparison-request";

describe("the comparison period", () => {
  it("previous_period: as many days, ending the day before the period", () => {
    expect(comparisonPeriod({ from: "2025-03-01", to: "2025-03-31" }, "previous_period")).toEqual({
      from: "2025-01-29",
      to: "2025-02-28",
    });
    expect(comparisonPeriod({ from: "2025-01-01", to: "2025-01-01" }, "previous_period")).toEqual({
      from: "2024-12-31",
      to: "2024-12-31",
    });
    // A 90-day quarter is compared with the 90 days before it, not with the calendar quarter.
    expect(comparisonPeriod({ from: "2025-01-01", to: "2025-03-31" }, "previous_period")).toEqual({
      from: "2024-10-03",
      to: "2024-12-31",
    });
    // Across a leap day the length still holds: 29 days before 2024-03-01 start on 2024-02-01.
    expect(comparisonPeriod({ from: "2024-03-01", to: "2024-03-29" }, "previous_period")).toEqual({
      from: "2024-02-01",
      to: "2024-02-29",
    });
  });

  it("previous_year: the same calendar days a year before, 29 February as 28 February", () => {
    expect(comparisonPeriod({ from: "2025-03-01", to: "2025-03-31" }, "previous_year")).toEqual({
      from: "2024-03-01",
      to: "2024-03-31",
    });
    expect(comparisonPeriod({ from: "2024-02-29", to: "2024-02-29" }, "previous_year")).toEqual({
      from: "2023-02-28",
      to: "2023-02-28",
    });
    expect(comparisonPeriod({ from: "2024-02-01", to: "2024-02-29" }, "previous_year")).toEqual({
      from: "2023-02-01",
      to: "2023-02-28",
    });
    // 2025-02-28 to 2025-03-01 is 2 days; a year before it holds 29 February too: 3 days.
    const before = comparisonPeriod({ from: "2025-02-28", to: "2025-03-01" }, "previous_year");
    expect(before).toEqual({ from: "2024-02-28", to: "2024-03-01" });
    expect(periodLength(before)).toBe(3);
    expect(oneYearBefore("2000-02-29")).toBe("1999-02-28");
  });
});

describe("the comparison request", () => {
  const request = {
    filters: { from: "2025-03-01", to: "2025-03-31", countries: ["FR"] },
    groups: ["date" as const, "country" as const],
    metrics: ["ecpm" as const, "requests" as const],
    orders: ["requests:desc"],
    date_group: "week" as const,
    date_group_limit: 2,
    limit: 10,
    offset: 5,
  };

  it("asks the same over the comparison period, without limit, offset or date_group_limit, with what eCPM is recomputed from", () => {
    expect(comparisonRequest(request, "previous_year")).toEqual({
      filters: { from: "2024-03-01", to: "2024-03-31", countries: ["FR"] },
      groups: ["date", "country"],
      metrics: ["ecpm", "requests", "revenues", "impressions"],
      orders: ["requests:desc"],
      date_group: "week",
    });
    expect(comparisonRequest({ filters: request.filters }, "previous_period")).toEqual({
      filters: { from: "2025-01-29", to: "2025-02-28", countries: ["FR"] },
    });
    expect(comparisonRequest({ filters: request.filters, metrics: ["revenues"] }, "previous_period").metrics).toEqual([
      "revenues",
    ]);
  });

  it("says when the query cuts its rows", () => {
    expect(cutsRows(request)).toBe(true);
    expect(cutsRows({ filters: request.filters, offset: 0 })).toBe(false);
    expect(cutsRows({ filters: request.filters, limit: 0 })).toBe(true);
    // Without the date group, date_group_limit keeps every row.
    expect(cutsRows({ filters: request.filters, groups: ["country"], date_group_limit: 1 })).toBe(false);
    expect(cutsRows({ filters: request.filters, groups: ["date"], date_group_limit: 1 })).toBe(true);
  });
});
