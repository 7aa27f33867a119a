import {
  ASSET_TYPES,
  DATE_GROUPS,
  DEVICE_TYPES,
  GROUPS,
  INTEGRATION_TYPES,
  METRICS,
  statsFilters,
  statsRequest,
} from "../../../src/api/stats-request";

const filters = { from: "2025-01-01", to: "2025-01-31" };

function issuesOf(input: unknown): { path: string; message: string }[] {
  const result = statsRequest.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

describe("statsRequest", () => {
  it("accepts the smallest request: filters with from and to", () => {
    expect(statsRequest.parse({ filters })).toEqual({ filters });
  });

  it("accepts a request using every field", () => {
    const request = {
      filters: {
        ...filters,
        organizations: ["0f8fad5b-d9cb-469f-a165-70867728950e"],
        assets: ["ABC-1A2B3C4D", "APP-1a2b3c4d5e6f"],
        asset_types: [...ASSET_TYPES],
        ad_units: ["7c9e6679-7425-40de-944b-e07fc1f90ae7"],
        countries: ["FR", "US"],
        formats: ["interstitial", "some_future_format"],
        integration_types: [...INTEGRATION_TYPES],
        device_types: [...DEVICE_TYPES],
      },
      metrics: [...METRICS],
      groups: [...GROUPS],
      orders: ["date:desc", "asset", "revenues:desc"],
      date_group: "week",
      date_group_limit: 0,
      offset: 0,
      limit: 10_000,
    };
    expect(statsRequest.parse(request)).toEqual(request);
  });

  it("requires filters, and from and to inside them", () => {
    expect(issuesOf({})).toEqual([expect.objectContaining({ path: "filters" })]);
    expect(issuesOf({ filters: { from: "2025-01-01" } }).map((issue) => issue.path)).toEqual(["filters.to"]);
  });

  it("accepts from equal to to and refuses from after to, on the to field", () => {
    expect(statsRequest.safeParse({ filters: { from: "2025-01-05", to: "2025-01-05" } }).success).toBe(true);
    expect(issuesOf({ filters: { from: "2025-01-06", to: "2025-01-05" } })).toEqual([
      { path: "filters.to", message: "from must be on or before to" },
    ]);
  });

  it("refuses an impossible date in the filters, naming the field", () => {
    expect(issuesOf({ filters: { from: "2025-02-29", to: "2025-03-01" } })).toContainEqual({
      path: "filters.from",
      message: "must be a real date written YYYY-MM-DD",
    });
  });

  it.each([
    ["metrics", { metrics: ["clicks"] }, "metrics.0"],
    ["groups", { groups: ["day"] }, "groups.0"],
    ["date_group", { date_group: "year" }, "date_group"],
    ["asset_types", { filters: { ...filters, asset_types: ["ios"] } }, "filters.asset_types.0"],
    ["integration_types", { filters: { ...filters, integration_types: ["sdk"] } }, "filters.integration_types.0"],
    ["device_types", { filters: { ...filters, device_types: ["tablet"] } }, "filters.device_types.0"],
  ])("refuses a value outside the %s enum", (_name, patch, path) => {
    expect(issuesOf({ filters, ...patch }).map((issue) => issue.path)).toEqual([path]);
  });

  it("knows exactly the documented enums", () => {
    expect(METRICS).toEqual(["impressions", "revenues", "ecpm", "requests"]);
    expect(DATE_GROUPS).toEqual(["day", "week", "month"]);
    expect(ASSET_TYPES).toEqual(["ANDROID", "IOS", "WEB"]);
  });

  it("refuses an empty metrics list", () => {
    expect(issuesOf({ filters, metrics: [] }).map((issue) => issue.path)).toEqual(["metrics"]);
  });

  it("refuses identifiers of the wrong form in organizations, ad_units, assets and countries", () => {
    const paths = issuesOf({
      filters: {
        ...filters,
        organizations: ["org-1"],
        ad_units: ["1234_default"],
        assets: ["abc"],
        countries: ["fra"],
      },
    }).map((issue) => issue.path);
    expect(paths).toEqual(["filters.organizations.0", "filters.assets.0", "filters.ad_units.0", "filters.countries.0"]);
  });

  it("refuses an empty format name", () => {
    expect(issuesOf({ filters: { ...filters, formats: [""] } })).toEqual([
      { path: "filters.formats.0", message: "must not be empty" },
    ]);
  });

  describe("orders", () => {
    it.each([["date"], ["date:desc"], ["revenues:desc"], ["device_types"], ["ecpm"]])("accepts %s", (order) => {
      expect(statsRequest.safeParse({ filters, groups: ["date", "device_types"], orders: [order] }).success).toBe(true);
    });

    it("accepts names with and without :desc mixed in one list", () => {
      expect(
        statsRequest.safeParse({
          filters,
          groups: ["date", "asset", "country"],
          orders: ["date:desc", "asset", "impressions:desc", "country"],
        }).success,
      ).toBe(true);
    });

    it("accepts a metric whether or not it is among the metrics asked", () => {
      expect(statsRequest.safeParse({ filters, metrics: ["impressions"], orders: ["revenues:desc"] }).success).toBe(
        true,
      );
    });

    it("refuses a name repeated in metrics, groups or orders, at its second place", () => {
      expect(
        issuesOf({
          filters,
          metrics: ["revenues", "ecpm", "revenues"],
          groups: ["country", "country"],
          orders: ["country", "country:desc"],
        }),
      ).toEqual([
        { path: "metrics.2", message: "repeats revenues: list each name once" },
        { path: "groups.1", message: "repeats country: list each name once" },
        { path: "orders.1", message: "repeats country: list each name once" },
      ]);
    });

    it("refuses sorting by a group that is not among the groups, naming it", () => {
      expect(issuesOf({ filters, groups: ["date"], orders: ["date", "country:desc"] })).toEqual([
        {
          path: "orders.1",
          message:
            "sorts by country, which is not among the groups: add it to groups or sort by a chosen group or a metric",
        },
      ]);
    });

    it.each([["date:asc"], ["date:DESC"], ["clicks"], ["clicks:desc"], [":desc"], ["date:desc:desc"], [" date"], [""]])(
      "refuses %j",
      (order) => {
        expect(issuesOf({ filters, orders: [order] })).toEqual([
          { path: "orders.0", message: "must be a metric or group name, optionally followed by :desc" },
        ]);
      },
    );
  });

  describe.each(["offset", "limit", "date_group_limit"])("%s", (field) => {
    it("accepts 0 and positive whole numbers", () => {
      for (const value of [0, 1, 10_000])
        expect(statsRequest.safeParse({ filters, [field]: value }).success).toBe(true);
    });

    it.each([[-1], [1.5], ["10"], [null]])("refuses %j, naming the field", (value) => {
      expect(issuesOf({ filters, [field]: value }).map((issue) => issue.path)).toEqual([field]);
    });

    it("point 9: refuses NaN, infinities and huge numbers with one message naming the range", () => {
      for (const value of [
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        1e20,
        1_000_000_001,
        -0.5,
        -1,
        2.5,
      ]) {
        expect(issuesOf({ filters, [field]: value })).toEqual([
          { path: field, message: "must be a whole number from 0 to 1000000000" },
        ]);
      }
      expect(statsRequest.parse({ filters, [field]: 1_000_000_000 })).toEqual({ filters, [field]: 1_000_000_000 });
    });
  });

  it("point 12: refuses a period that starts before 1900-01-01, on the field that does", () => {
    const message = "must be a date from 1900-01-01 to 9999-12-31: Excel cannot show a date before 1900";
    expect(issuesOf({ filters: { from: "0099-12-31", to: "2025-01-01" } })).toEqual([
      { path: "filters.from", message },
    ]);
    expect(issuesOf({ filters: { from: "1899-12-31", to: "1899-12-31" } })).toEqual([
      { path: "filters.from", message },
      { path: "filters.to", message },
    ]);
    expect(statsRequest.safeParse({ filters: { from: "1900-01-01", to: "9999-12-31" } }).success).toBe(true);
  });

  it("drops unknown top-level fields instead of failing", () => {
    expect(statsRequest.parse({ filters, surprise: true })).toEqual({ filters });
  });
});

describe("statsFilters", () => {
  it("keeps only the documented filters", () => {
    expect(statsFilters.parse({ ...filters, colour: "blue" })).toEqual(filters);
  });
});
