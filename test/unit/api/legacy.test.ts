import {
  application,
  applicationsResponse,
  legacyAdUnitId,
  legacyAggregationNode,
  legacyStatsQuery,
  legacyStatsResponse,
  type LegacyAggregationNode,
} from "../../../src/api/legacy";

const APPLICATION = {
  publisher_id: 12,
  publisher_name: "Acme Games",
  app_key: 4242,
  error: null,
  bundle: "com.acme.puzzle",
  name: "Puzzle",
  ad_unit_ids: ["4242_default", "7c9e6679-7425-40de-944b-e07fc1f90ae7"],
  platform: "ANDROID",
  ad_unit_details: [
    { id: "4242_default", name: "Default", type: "interstitial" },
    { id: "7c9e6679-7425-40de-944b-e07fc1f90ae7", name: "Rewarded", type: "optin_video" },
  ],
};

const STATS = { impressions: 10, revenue: 1.5, requests: 20, ecpm: 150 };

describe("application / applicationsResponse", () => {
  it("reads the documented record and keeps unknown fields", () => {
    const parsed = application.parse({ ...APPLICATION, store_url: "https://example.com" });
    expect(parsed.store_url).toBe("https://example.com");
    expect(applicationsResponse.parse({ applications: [APPLICATION] }).applications).toHaveLength(1);
  });

  it("accepts an error of any type, and its absence", () => {
    expect(application.safeParse({ ...APPLICATION, error: { code: 3 } }).success).toBe(true);
    const { error: _error, ...withoutError } = APPLICATION;
    expect(application.safeParse(withoutError).success).toBe(true);
  });

  it("accepts ad unit types beyond the two documented ones", () => {
    const details = [{ id: "4242_default", name: "Default", type: "banner" }];
    expect(application.safeParse({ ...APPLICATION, ad_unit_details: details }).success).toBe(true);
  });

  it.each([
    [{ app_key: "4242" }, ["applications", 0, "app_key"]],
    [{ publisher_id: 1.5 }, ["applications", 0, "publisher_id"]],
    [{ ad_unit_ids: "4242_default" }, ["applications", 0, "ad_unit_ids"]],
    [{ ad_unit_details: [{ id: "x", name: "y" }] }, ["applications", 0, "ad_unit_details", 0, "type"]],
  ])("refuses a wrong type, naming the field (%j)", (patch, path) => {
    const result = applicationsResponse.safeParse({ applications: [{ ...APPLICATION, ...patch }] });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([path]);
  });
});

describe("legacyAdUnitId", () => {
  it("accepts <app_key>_default and UUIDs", () => {
    for (const id of ["4242_default", "1_default", "7c9e6679-7425-40de-944b-e07fc1f90ae7"])
      expect(legacyAdUnitId.safeParse(id).success).toBe(true);
  });

  it("refuses other forms", () => {
    for (const id of ["_default", "abc_default", "4242_Default", "7c9e6679742540de944be07fc1f90ae7", ""]) {
      expect(legacyAdUnitId.safeParse(id).success).toBe(false);
    }
  });
});

describe("legacyStatsQuery", () => {
  it("accepts no parameters at all (the service has defaults)", () => {
    expect(legacyStatsQuery.parse({})).toEqual({});
  });

  it("accepts dates in order and any documented groupings", () => {
    const query = { from_date: "2024-09-01", to_date: "2024-09-01", group_by: ["day", "ad_unit_id", "country"] };
    expect(legacyStatsQuery.parse(query)).toEqual(query);
  });

  it("refuses from_date after to_date, on to_date", () => {
    const result = legacyStatsQuery.safeParse({ from_date: "2024-09-02", to_date: "2024-09-01" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["to_date"], message: "from_date must be on or before to_date" }),
    ]);
  });

  it("refuses an impossible date, an unknown grouping and a repeated grouping", () => {
    expect(legacyStatsQuery.safeParse({ from_date: "2023-02-29" }).error?.issues[0]?.path).toEqual(["from_date"]);
    expect(legacyStatsQuery.safeParse({ group_by: ["week"] }).error?.issues[0]?.path).toEqual(["group_by", 0]);
    expect(legacyStatsQuery.safeParse({ group_by: ["day", "day"] }).error?.issues[0]).toEqual(
      expect.objectContaining({ path: ["group_by"], message: "each grouping may appear once" }),
    );
  });

  it("point 12: refuses dates before 1900-01-01 on their own field, saying Excel cannot show them", () => {
    for (const day of ["0001-01-01", "0099-12-31", "1899-12-31"]) {
      for (const field of ["from_date", "to_date"]) {
        expect(legacyStatsQuery.safeParse({ [field]: day }).error?.issues).toEqual([
          expect.objectContaining({
            path: [field],
            message: expect.stringMatching(/^must be a date from 1900-01-01 to 9999-12-31: Excel cannot show/),
          }),
        ]);
      }
    }
    expect(legacyStatsQuery.safeParse({ from_date: "1900-01-01", to_date: "9999-12-31" }).success).toBe(true);
  });
});

/** An aggregation `depth` levels deep, two keys per level, with stats at the leaves. */
function nestedAggregation(depth: number): Record<string, LegacyAggregationNode> {
  if (depth === 1) return { a: { stats: STATS }, b: { stats: STATS } };
  return { a: { aggregation: nestedAggregation(depth - 1) }, b: { aggregation: nestedAggregation(depth - 1) } };
}

function countLeaves(nodes: Record<string, LegacyAggregationNode>): number {
  return Object.values(nodes).reduce(
    (sum, node) => sum + (node.stats ? 1 : 0) + (node.aggregation ? countLeaves(node.aggregation) : 0),
    0,
  );
}

describe("legacyStatsResponse", () => {
  const base = {
    info: "see the documentation",
    fromDate: "2024-09-01",
    toDate: "2024-09-30",
    applications: [4242],
    applicationInfos: [
      { apiKey: 4242, platform: "ANDROID" },
      { apiKey: 4343, platform: "iOS" },
    ],
    aggregationDescription: "day,ad_unit_id",
  };

  it.each([1, 2, 3, 4])("reads a nested aggregation %i level(s) deep, keeping every leaf", (depth) => {
    const parsed = legacyStatsResponse.parse({ ...base, aggregation: nestedAggregation(depth) });
    expect(countLeaves(parsed.aggregation ?? {})).toBe(2 ** depth);
  });

  it("reads totals at the top level when nothing is grouped", () => {
    const { aggregationDescription: _, ...rest } = base;
    expect(legacyStatsResponse.parse({ ...rest, aggregationDescription: "", stats: STATS }).stats).toEqual(STATS);
  });

  it("keeps unknown top-level fields", () => {
    expect(legacyStatsResponse.parse({ ...base, aggregation: {}, currency: "USD" }).currency).toBe("USD");
  });

  it("names the path of a wrong type deep in the aggregation", () => {
    const aggregation = nestedAggregation(3);
    (aggregation.b!.aggregation!.a!.aggregation!.b!.stats as unknown as Record<string, unknown>) = {
      ...STATS,
      revenue: "1.5",
    };
    const result = legacyStatsResponse.safeParse({ ...base, aggregation });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ["aggregation", "b", "aggregation", "a", "aggregation", "b", "stats", "revenue"],
    ]);
  });

  it("refuses impossible dates and a non-integer application key", () => {
    expect(legacyStatsResponse.safeParse({ ...base, fromDate: "2024-09-31" }).error?.issues[0]?.path).toEqual([
      "fromDate",
    ]);
    expect(legacyStatsResponse.safeParse({ ...base, applications: [1.5] }).error?.issues[0]?.path).toEqual([
      "applications",
      0,
    ]);
  });

  it("accepts a node with both stats and a deeper aggregation", () => {
    expect(legacyAggregationNode.safeParse({ stats: STATS, aggregation: { x: { stats: STATS } } }).success).toBe(true);
  });
});
