import { readValueQuery } from "../../../../src/core/arguments/value-query";

const today = () => "2025-05-15";

describe("VALUE arguments", () => {
  it("reads one metric, a period, filters and options", () => {
    expect(
      readValueQuery(
        {
          metric: "Revenue",
          from: "2025-01-01",
          to: 45688,
          filters: "country=fr",
          options: "profile=Finance; cache=0",
        },
        today,
      ),
    ).toEqual({
      metric: "revenues",
      period: { from: "2025-01-01", to: "2025-01-31" },
      filters: { countries: ["FR"] },
      profile: "Finance",
      cacheSeconds: 0,
    });
  });

  it("wants exactly one metric", () => {
    expect(() => readValueQuery({ metric: "revenues, impressions", from: "YTD", to: null }, today)).toThrow(
      "metric: give exactly one of: impressions, revenues, ecpm, requests",
    );
    expect(() => readValueQuery({ metric: null, from: "YTD", to: null }, today)).toThrow(/^metric: give exactly one/);
    expect(() => readValueQuery({ metric: "clicks", from: "YTD", to: null }, today)).toThrow(
      /^metric: "clicks" is not a metric/,
    );
  });

  it("checks the filters of each call alone", () => {
    expect(() =>
      readValueQuery({ metric: "ecpm", from: "YTD", to: null, filters: "device_types=tablet" }, today),
    ).toThrow('filters: device_types "tablet": use mobile or desktop');
  });

  it("takes only the options that make sense for one number", () => {
    expect(() => readValueQuery({ metric: "ecpm", from: "YTD", to: null, options: "date_group=week" }, today)).toThrow(
      "options: date_group does not apply to VALUE. Use: profile, cache",
    );
  });
});
