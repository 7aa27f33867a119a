import {
  checkCacheSeconds,
  checkMaximumRows,
  checkMetricCount,
  checkRecentPeriods,
  checkSkippedRows,
} from "../../../../../src/taskpane/tabs/query/field-checks";

describe("the Query tab's field checks", () => {
  it("takes a whole number, or nothing, for Maximum rows", () => {
    expect(checkMaximumRows("")).toEqual({ value: undefined });
    expect(checkMaximumRows(" 25 ")).toEqual({ value: 25 });
    expect(checkMaximumRows("1")).toEqual({ value: 1 });
  });

  it("says what is wrong with -5, 0, 2.5 and unreadable text, and what to type instead", () => {
    expect(checkMaximumRows("-5")).toEqual({
      problem: "Maximum rows must be 1 or more, not -5: change it, or leave it empty for all rows.",
    });
    expect(checkMaximumRows("0")).toEqual({
      problem: "Maximum rows must be 1 or more, not 0: change it, or leave it empty for all rows.",
    });
    expect(checkMaximumRows("2.5")).toEqual({
      problem:
        "Maximum rows must be a whole number: 2.5 has decimals. Type one 1 or more, or leave it empty for all rows.",
    });
    expect(checkMaximumRows("unreadable")).toEqual({
      problem: "Maximum rows: type a whole number 1 or more, or leave it empty for all rows.",
    });
  });

  it("names its own field for the offset and the most recent periods", () => {
    expect(checkSkippedRows("-1")).toEqual({
      problem: expect.stringMatching(/^Skip the first rows must be 1 or more, not -1.*empty for none\.$/),
    });
    expect(checkSkippedRows("3")).toEqual({ value: 3 });
    expect(checkRecentPeriods("1.5")).toEqual({
      problem: expect.stringMatching(/^Most recent periods must be a whole number: 1\.5/),
    });
    expect(checkRecentPeriods("")).toEqual({ value: undefined });
  });

  it("takes 0 to 86,400 seconds for Reuse answers, 0 included", () => {
    expect(checkCacheSeconds("0")).toEqual({ value: 0 });
    expect(checkCacheSeconds("86400")).toEqual({ value: 86_400 });
    expect(checkCacheSeconds("86401")).toEqual({
      problem:
        "Reuse answers must be from 0 to 86,400, not 86401: change it, or leave it empty for the default minute.",
    });
    expect(checkCacheSeconds("-1")).toHaveProperty("problem");
  });

  it("asks for a metric when none is chosen", () => {
    expect(checkMetricCount(0)).toBe("Choose at least one metric.");
    expect(checkMetricCount(1)).toBeUndefined();
  });
});
