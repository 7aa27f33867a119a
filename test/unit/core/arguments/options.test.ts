import { readOptions } from "../../../../src/core/arguments/options";
import { STATS_OPTIONS } from "../../../../src/core/arguments/stats-query";

describe("options", () => {
  it("reads every option from a text", () => {
    expect(
      readOptions(
        "date_group=Weekly; limit=500; offset=0; date_group_limit=3; headers=api; profile=Finance; cache=60",
        STATS_OPTIONS,
        "STATS",
      ),
    ).toEqual({
      date_group: "week",
      limit: 500,
      offset: 0,
      date_group_limit: 3,
      headers: "api",
      profile: "Finance",
      cacheSeconds: 60,
    });
  });

  it("reads compare=previous_period and previous_year, as typed or readable", () => {
    expect(readOptions("compare=previous_period", STATS_OPTIONS, "STATS").compare).toBe("previous_period");
    expect(readOptions("Compare = Previous year", STATS_OPTIONS, "STATS").compare).toBe("previous_year");
    expect(readOptions([["compare", "prior-period"]], STATS_OPTIONS, "STATS").compare).toBe("previous_period");
    expect(readOptions(null, STATS_OPTIONS, "STATS").compare).toBeUndefined();
  });

  it("refuses any other comparison, naming the words it takes, and compare= outside STATS", () => {
    expect(() => readOptions("compare=last_month", STATS_OPTIONS, "STATS")).toThrow(
      "options: compare=last_month is not accepted. Use compare=previous_period or compare=previous_year",
    );
    expect(() => readOptions("compare=", STATS_OPTIONS, "STATS")).toThrow(
      "options: compare has no value. Write e.g. compare=previous_year",
    );
    expect(() => readOptions("compare=previous_year", ["profile", "cache"], "VALUE")).toThrow(
      "options: compare does not apply to VALUE. Use: profile, cache",
    );
  });

  it("defaults to readable headers", () => {
    expect(readOptions(null, STATS_OPTIONS, "STATS")).toEqual({ headers: "readable" });
  });

  it("reads a two-column range, and name=value texts in single cells", () => {
    expect(
      readOptions(
        [
          ["Date group", "month"],
          ["headers", "none"],
          ["profile=Ad ops", null],
        ],
        STATS_OPTIONS,
        "STATS",
      ),
    ).toEqual({
      date_group: "month",
      headers: "none",
      profile: "Ad ops",
    });
  });

  it("keeps a non-numeric count as text for the request schema to judge", () => {
    expect(readOptions("limit=lots", STATS_OPTIONS, "STATS").limit).toBe("lots");
  });

  it("names an unknown option and lists the known ones", () => {
    expect(() => readOptions("colour=red", STATS_OPTIONS, "STATS")).toThrow(
      'options: "colour" is not an option. Use: date_group, limit, offset, date_group_limit, headers, profile, cache, compare',
    );
  });

  it("names an option the function does not take", () => {
    expect(() => readOptions("limit=5", ["profile", "cache"], "VALUE")).toThrow(
      "options: limit does not apply to VALUE. Use: profile, cache",
    );
  });

  it("refuses bad headers, cache and missing values", () => {
    expect(() => readOptions("headers=fancy", STATS_OPTIONS, "STATS")).toThrow(/headers=fancy is not accepted/);
    expect(() => readOptions("cache=-1", STATS_OPTIONS, "STATS")).toThrow(/cache=-1 is not accepted/);
    expect(() => readOptions("profile=", STATS_OPTIONS, "STATS")).toThrow(
      "options: profile has no value. Write e.g. profile=Finance",
    );
    expect(() => readOptions("limit 5", STATS_OPTIONS, "STATS")).toThrow(/"limit 5" is not name=value/);
  });
});
