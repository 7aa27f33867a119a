import { readLegacyQuery } from "../../../../src/core/arguments/legacy-query";

const today = () => "2025-05-15";

describe("LEGACY.STATS arguments", () => {
  it("reads group_by with the derived ad unit groupings", () => {
    expect(
      readLegacyQuery(
        { from: "LAST_MONTH", to: null, groupBy: "day, Ad unit type; country", options: "headers=none" },
        today,
      ),
    ).toEqual({
      period: { from: "2025-04-01", to: "2025-04-30" },
      groupBy: ["day", "ad_unit_type", "country"],
      headers: "none",
    });
    expect(
      readLegacyQuery(
        { from: "2025-01-01", to: "2025-01-31", groupBy: [["month"], ["application"], ["ad_unit_name"]] },
        today,
      ).groupBy,
    ).toEqual(["month", "application", "ad_unit_name"]);
  });

  it("leaves the period to the service when from and to are both empty", () => {
    expect(readLegacyQuery({ from: null, to: undefined, groupBy: "month" }, today)).toEqual({
      groupBy: ["month"],
      headers: "readable",
    });
  });

  it("names wrong groupings", () => {
    expect(() => readLegacyQuery({ from: "YTD", to: null, groupBy: "week" }, today)).toThrow(
      'group_by: "week" is not a grouping. Use one of: month, day, ad_unit_id, country, ad_unit_type, ad_unit_name, application',
    );
    expect(() => readLegacyQuery({ from: "YTD", to: null, groupBy: "month, day" }, today)).toThrow(
      "group_by: choose month or day, not both",
    );
  });

  it("takes only headers, profile and cache as options", () => {
    expect(() => readLegacyQuery({ from: "YTD", to: null, options: "limit=5" }, today)).toThrow(
      /limit does not apply to LEGACY.STATS/,
    );
  });
});
