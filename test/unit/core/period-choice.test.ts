import { customRangeAfter, readPeriodChoice } from "../../../src/core/period-choice";
import { periodDatesText } from "../../../src/core/periods";

describe("a period chosen in the pane (Query and Legacy tabs)", () => {
  it("reads a period word as the formula's word and the days it covers today", () => {
    expect(readPeriodChoice("LAST_MONTH", "", "", "2026-11-05")).toEqual({
      period: { word: "LAST_MONTH" },
      range: { from: "2026-10-01", to: "2026-10-31" },
    });
    expect(readPeriodChoice("YESTERDAY", "2020-01-01", "2020-01-02", "2026-11-05")).toEqual({
      period: { word: "YESTERDAY" },
      range: { from: "2026-11-04", to: "2026-11-04" },
    });
  });

  it("reads a custom range, and names the field to fix when it is incomplete or reversed", () => {
    expect(readPeriodChoice("CUSTOM", "2026-10-01", "2026-10-07", "2026-11-05")).toEqual({
      period: { from: "2026-10-01", to: "2026-10-07" },
      range: { from: "2026-10-01", to: "2026-10-07" },
    });
    expect(readPeriodChoice("CUSTOM", "", "2026-10-07", "2026-11-05")).toEqual({
      problem: "Choose the first day of the custom range.",
      field: "from",
    });
    expect(readPeriodChoice("CUSTOM", "2026-10-01", "", "2026-11-05")).toEqual({
      problem: "Choose the last day of the custom range.",
      field: "to",
    });
    expect(readPeriodChoice("CUSTOM", "2026-10-07", "2026-10-01", "2026-11-05")).toEqual({
      problem: "The last day (2026-10-01) comes before the first day (2026-10-07): swap them.",
      field: "to",
    });
  });

  it("shows one day once, a range with both ends", () => {
    expect(periodDatesText({ from: "2026-11-04", to: "2026-11-04" })).toBe("2026-11-04");
    expect(periodDatesText({ from: "2026-10-01", to: "2026-10-31" })).toBe("2026-10-01 to 2026-10-31");
  });
});

describe("the days a custom range starts with", () => {
  it("are the days of the word chosen before, so Custom range after Last month shows last month", () => {
    expect(customRangeAfter("LAST_MONTH", "2026-11-05")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(customRangeAfter("LAST_QUARTER", "2026-11-05")).toEqual({ from: "2026-07-01", to: "2026-09-30" });
    expect(customRangeAfter("LAST_30_DAYS", "2026-11-05")).toEqual({ from: "2026-10-06", to: "2026-11-04" });
    expect(customRangeAfter("TODAY", "2026-11-05")).toEqual({ from: "2026-11-05", to: "2026-11-05" });
  });

  it("are left alone when the choice before was not a word", () => {
    expect(customRangeAfter("CUSTOM", "2026-11-05")).toBeUndefined();
  });
});
