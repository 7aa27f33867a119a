import { flattenLegacyAggregation } from "../../../../src/core/legacy/flatten";
import { legacyStatsRows } from "../../../../src/core/legacy/legacy-rows";
import { legacyResponse, stats, UNIT_A, UNIT_B } from "./fixtures";

describe("flattening legacy aggregations", () => {
  it("gives the totals at depth 0, from top-level stats or summed from the aggregation", () => {
    expect(flattenLegacyAggregation(legacyResponse(undefined, { stats: stats(10, 1, 12) }), 0)).toEqual([
      { keys: [], stats: stats(10, 1, 12) },
    ]);
    const summed = flattenLegacyAggregation(
      legacyResponse({ a: { stats: stats(10, 1, 10) }, b: { stats: stats(30, 2, 40) } }),
      0,
    );
    expect(summed).toEqual([{ keys: [], stats: stats(40, 3, 50) }]);
  });

  it("flattens depth 1", () => {
    const response = legacyResponse({
      "2025-01": { stats: stats(100, 1, 120) },
      "2025-02": { stats: stats(200, 3, 210) },
    });
    expect(legacyStatsRows(response, ["month"], "readable").rows).toEqual([
      ["Month", "Impressions", "Revenues", "eCPM", "Requests"],
      [45658, 100, 1, 10, 120],
      [45689, 200, 3, 15, 210],
    ]);
  });

  it("flattens depth 2 in the service's order", () => {
    const response = legacyResponse({
      "2025-01-02": {
        aggregation: { [UNIT_A]: { stats: stats(10, 0.1, 11) }, [UNIT_B]: { stats: stats(20, 0.2, 21) } },
      },
      "2025-01-01": { aggregation: { [UNIT_B]: { stats: stats(30, 0.3, 31) } } },
    });
    const table = legacyStatsRows(response, ["day", "ad_unit_id"], "api");
    expect(table.rows).toEqual([
      ["day", "ad_unit_id", "impressions", "revenue", "ecpm", "requests"],
      [45659, UNIT_A, 10, 0.1, 10, 11],
      [45659, UNIT_B, 20, 0.2, 10, 21],
      [45658, UNIT_B, 30, 0.3, 10, 31],
    ]);
    expect(table.dateColumns).toEqual([0]);
  });

  it("flattens depth 3 and keeps the service's eCPM when nothing is regrouped", () => {
    const leaf = { impressions: 1000, revenue: 5, requests: 1100, ecpm: 4.99 };
    const response = legacyResponse({
      "2025-01-01": {
        aggregation: { [UNIT_A]: { aggregation: { FR: { stats: leaf }, DE: { stats: stats(1, 0, 1) } } } },
      },
    });
    expect(legacyStatsRows(response, ["day", "ad_unit_id", "country"], "none").rows).toEqual([
      [45658, UNIT_A, "FR", 1000, 5, 4.99, 1100],
      [45658, UNIT_A, "DE", 1, 0, 0, 1],
    ]);
  });

  it("flattens depth 4 through the derived ad unit groupings", () => {
    // [month, country, ad_unit_type, ad_unit_id] is sent as [month, country, ad_unit_id]: depth 3 from the service, 4 columns out.
    const response = legacyResponse({
      "2025-01": { aggregation: { FR: { aggregation: { [UNIT_A]: { stats: stats(10, 1, 10) } } } } },
    });
    const rows = legacyStatsRows(response, ["month", "country", "ad_unit_type", "ad_unit_id"], "none", []).rows;
    expect(rows).toEqual([[45658, "FR", "", UNIT_A, 10, 1, 100, 10]]);
    const deep = legacyResponse({
      "2025-01-01": { aggregation: { x: { aggregation: { y: { aggregation: { z: { stats: stats(4, 2, 5) } } } } } } },
    });
    expect(flattenLegacyAggregation(deep, 4)).toEqual([{ keys: ["2025-01-01", "x", "y", "z"], stats: stats(4, 2, 5) }]);
  });

  it("keeps a branch that stops early, with empty keys below it", () => {
    const response = legacyResponse({
      "2025-01-01": { stats: stats(5, 1, 5) },
      "2025-01-02": { aggregation: { FR: { stats: stats(1, 1, 1) } } },
    });
    expect(flattenLegacyAggregation(response, 2)).toEqual([
      { keys: ["2025-01-01", ""], stats: stats(5, 1, 5) },
      { keys: ["2025-01-02", "FR"], stats: stats(1, 1, 1) },
    ]);
  });

  it("sums what lies below a node that has no stats of its own at the requested depth", () => {
    const response = legacyResponse({
      "2025-01-01": { aggregation: { FR: { stats: stats(10, 1, 10) }, DE: { stats: stats(30, 1, 30) } } },
    });
    expect(flattenLegacyAggregation(response, 1)).toEqual([{ keys: ["2025-01-01"], stats: stats(40, 2, 40) }]);
  });
});
