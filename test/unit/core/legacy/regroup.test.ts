import { indexAdUnits } from "../../../../src/core/legacy/ad-unit-index";
import { applicationsRows } from "../../../../src/core/legacy/applications-rows";
import { serviceGroupBy } from "../../../../src/core/legacy/group-by";
import { legacyStatsRows } from "../../../../src/core/legacy/legacy-rows";
import { applications, legacyResponse, stats, UNIT_A, UNIT_B, UNIT_C } from "./fixtures";

describe("group_by sent for derived groupings", () => {
  it("puts ad_unit_id in place of the first derived grouping, once", () => {
    expect(serviceGroupBy(["day", "ad_unit_type"])).toEqual(["day", "ad_unit_id"]);
    expect(serviceGroupBy(["application", "month", "ad_unit_name", "ad_unit_id"])).toEqual(["ad_unit_id", "month"]);
    expect(serviceGroupBy(["country", "month"])).toEqual(["country", "month"]);
  });
});

describe("regrouping by ad unit type, name and application", () => {
  const byDayAndUnit = legacyResponse({
    "2025-01-01": {
      aggregation: {
        "111_default": { stats: stats(1000, 2, 1100) },
        [UNIT_A]: { stats: stats(500, 5, 600) },
        [UNIT_B]: { stats: stats(3000, 3, 3300) },
        "222_default": { stats: stats(0, 0, 50) },
        [UNIT_C]: { stats: stats(7, 0.07, 8) },
      },
    },
  });

  // The same figures as the service answers group_by=ad_unit_id alone.
  const byUnit = legacyResponse(byDayAndUnit.aggregation?.["2025-01-01"]?.aggregation);

  it("sums counts and revenue per ad unit type and recomputes eCPM", () => {
    const rows = legacyStatsRows(byDayAndUnit, ["day", "ad_unit_type"], "readable", applications).rows;
    expect(rows[0]).toEqual(["Date", "Ad unit type", "Impressions", "Revenues", "eCPM", "Requests"]);
    const byType = new Map(rows.slice(1).map((row) => [row[1], row.slice(2)]));
    expect(byType.get("interstitial")).toEqual([4000, 5, 1.25, 4400]);
    expect(byType.get("optin_video")).toEqual([500, 5, 10, 600]);
    // 222_default has no detail and UNIT_C is unknown: both land under an empty type.
    expect(byType.get("")).toEqual([7, 0.07, 10, 58]);
    expect(rows).toHaveLength(4);
  });

  it("groups by application, telling apart applications that share a name", () => {
    const rows = legacyStatsRows(byUnit, ["application"], "none", applications).rows;
    expect(rows).toEqual([
      ["Game (ANDROID)", 1500, 7, (7 / 1500) * 1000, 1700],
      ["Game (iOS)", 3000, 3, 1, 3350],
      ["", 7, 0.07, 10, 8],
    ]);
  });

  it("groups by ad unit name next to the ad unit id without merging distinct units", () => {
    const rows = legacyStatsRows(byUnit, ["ad_unit_id", "ad_unit_name"], "none", applications).rows;
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ["111_default", "Default"],
      [UNIT_A, "Reward"],
      [UNIT_B, "Level end"],
      ["222_default", "Default"],
      [UNIT_C, ""],
    ]);
  });

  it("gives eCPM 0 to a group without impressions", () => {
    const response = legacyResponse({ "222_default": { stats: stats(0, 0, 50) } });
    expect(legacyStatsRows(response, ["ad_unit_name"], "none", applications).rows).toEqual([["Default", 0, 0, 0, 50]]);
  });

  it("finds the application of a default ad unit by its app key", () => {
    expect(indexAdUnits(applications)("222_default")?.applicationLabel).toBe("Game (iOS)");
    expect(indexAdUnits(applications)("333_default")).toBeUndefined();
  });
});

describe("APPLICATIONS rows", () => {
  it("lists one row per application and ad unit, including ad unit ids without details", () => {
    const table = applicationsRows(applications, "readable");
    expect(table.rows).toEqual([
      ["Publisher", "App key", "Name", "Bundle", "Platform", "Ad unit id", "Ad unit name", "Ad unit type"],
      ["Acme", 111, "Game", "com.acme.game", "ANDROID", "111_default", "Default", "interstitial"],
      ["Acme", 111, "Game", "com.acme.game", "ANDROID", UNIT_A, "Reward", "optin_video"],
      ["Acme", 222, "Game", "com.acme.game", "iOS", UNIT_B, "Level end", "interstitial"],
      ["Acme", 222, "Game", "com.acme.game", "iOS", "222_default", "Default", ""],
    ]);
    expect(table.dataRowCount).toBe(4);
  });

  it("keeps an application without ad units", () => {
    const lonely = [{ ...applications[0]!, ad_unit_ids: [], ad_unit_details: [] }];
    expect(applicationsRows(lonely, "none").rows).toEqual([
      ["Acme", 111, "Game", "com.acme.game", "ANDROID", "", "", ""],
    ]);
  });
});
