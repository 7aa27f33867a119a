import { ArgumentError } from "../../../../src/core/arguments/argument-error";
import { readStatsQuery } from "../../../../src/core/arguments/stats-query";

const today = () => "2025-05-15";

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ArgumentError) return error.message;
    throw error;
  }
  throw new Error("expected an ArgumentError");
}

describe("STATS arguments", () => {
  it("builds the request from every argument form", () => {
    const query = readStatsQuery(
      {
        from: "LAST_MONTH",
        to: null,
        groups: [["Date"], ["Country"]],
        metrics: "revenue; impressions",
        filters: [["countries", "fr,de"]],
        orders: "date, revenues desc",
        options: "date_group=week; limit=500; offset=10; date_group_limit=3; headers=api; profile=Finance; cache=30",
      },
      today,
    );
    expect(query).toEqual({
      request: {
        filters: { from: "2025-04-01", to: "2025-04-30", countries: ["FR", "DE"] },
        metrics: ["revenues", "impressions"],
        groups: ["date", "country"],
        orders: ["date", "revenues:desc"],
        date_group: "week",
        date_group_limit: 3,
        offset: 10,
        limit: 500,
      },
      headers: "api",
      profile: "Finance",
      cacheSeconds: 30,
    });
  });

  it("carries compare= apart from the request, which stays the period's own", () => {
    expect(
      readStatsQuery(
        { from: "LAST_MONTH", to: null, groups: "country", options: "compare=previous_year; limit=5" },
        today,
      ),
    ).toEqual({
      request: { filters: { from: "2025-04-01", to: "2025-04-30" }, groups: ["country"], limit: 5 },
      headers: "readable",
      compare: "previous_year",
    });
  });

  it("refuses a comparison that would reach before 1900, saying what to do", () => {
    expect(
      messageOf(() =>
        readStatsQuery({ from: "1900-01-01", to: "1900-01-31", options: "compare=previous_period" }, today),
      ),
    ).toBe(
      "options: compare=previous_period would compare with 1899-12-01 to 1899-12-31, before 1900-01-01, the first day Excel can show. Use a later period, or leave compare out",
    );
    expect(
      readStatsQuery({ from: "1900-03-01", to: "1900-03-31", options: "compare=previous_period" }, today).compare,
    ).toBe("previous_period");
  });

  it("names the orders argument when it sorts by a group that is not grouped", () => {
    expect(() =>
      readStatsQuery({ from: "2025-01-01", to: "2025-01-31", groups: "date", orders: "country desc" }, today),
    ).toThrow(
      expect.objectContaining({
        name: "ArgumentError",
        argument: "orders",
        message: expect.stringContaining("country, which is not among the groups"),
      }),
    );
  });

  it("leaves out what was not given", () => {
    expect(readStatsQuery({ from: 45658, to: 45688 }, today)).toEqual({
      request: { filters: { from: "2025-01-01", to: "2025-01-31" } },
      headers: "readable",
    });
  });

  it("turns the request schema's complaints into messages naming the argument", () => {
    expect(messageOf(() => readStatsQuery({ from: "YTD", to: null, filters: "countries=FRA" }, today))).toBe(
      'filters: countries "FRA": must be a two-letter uppercase country code such as FR',
    );
    expect(messageOf(() => readStatsQuery({ from: "YTD", to: null, filters: "asset_types=PHONE" }, today))).toBe(
      'filters: asset_types "PHONE": use ANDROID, IOS or WEB',
    );
    expect(messageOf(() => readStatsQuery({ from: "YTD", to: null, filters: "organizations=acme" }, today))).toMatch(
      /^filters: organizations "acme": must be a UUID/,
    );
    expect(messageOf(() => readStatsQuery({ from: "YTD", to: null, options: "limit=-5" }, today))).toBe(
      "options: limit=-5 is not accepted: use a whole number from 0 to 1000000000",
    );
    expect(messageOf(() => readStatsQuery({ from: "YTD", to: null, options: "offset=2.5" }, today))).toBe(
      "options: offset=2.5 is not accepted: use a whole number from 0 to 1000000000",
    );
    expect(messageOf(() => readStatsQuery({ from: "YTD", to: null, options: "date_group=year" }, today))).toBe(
      "options: date_group=year is not accepted: use day, week or month",
    );
    expect(messageOf(() => readStatsQuery({ from: "YTD", to: null, options: "limit=lots" }, today))).toBe(
      "options: limit=lots is not accepted: use a whole number from 0 to 1000000000",
    );
  });

  it("reports the first wrong argument in the order of the formula", () => {
    expect(messageOf(() => readStatsQuery({ from: "someday", to: null, groups: "cuntry" }, today))).toMatch(/^from:/);
    expect(
      messageOf(() => readStatsQuery({ from: "YTD", to: null, groups: "cuntry", metrics: "clicks" }, today)),
    ).toMatch(/^groups:/);
  });
});
