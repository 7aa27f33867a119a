import type { LegacyStatsResponse, StatsEntry, StatsRequest } from "../../../src/api";
import type { LegacySource, ReportingConnection, StatsSource } from "../../../src/core/data-sources";
import { MissingCredentialsError } from "../../../src/core/missing-credentials";
import { readStatsQuery } from "../../../src/core/arguments/stats-query";
import { createReportingFunctions } from "../../../src/core/reporting-functions";
import { DEFAULT_SPILL_BUDGET_BYTES } from "../../../src/core/spill-limit";
import { applications, legacyResponse, stats, UNIT_A, UNIT_B } from "./legacy/fixtures";
import { settle } from "./deferred";

const COUNTRIES = ["FR", "DE", "IT", "ES", "GB"];

/** A fake bearer source that answers from fixed entries, filtering by country, and counts its calls. */
function fakeBearer() {
  const requests: StatsRequest[] = [];
  const source: StatsSource = {
    async statsAll(request) {
      requests.push(request);
      const countries = request.filters.countries ?? COUNTRIES;
      const stats: StatsEntry[] = countries.map((country, index) => ({
        group: request.groups?.includes("country") ? { country } : {},
        metrics: { impressions: 1000 * (index + 1), revenues: index + 1, ecpm: 1, requests: 2000 },
      }));
      return { stats, total: stats.length };
    },
    async stats() {
      throw new Error("the functions read whole answers, never one page");
    },
    details: async () => ({ organizations: [{ value: "org-1", label: "Acme" }], raw: {} }),
    dates: async () => ({ from: "2024-01-01", to: "2025-05-14" }),
    countries: async () => [{ value: "FR", label: "France" }],
    formats: async () => [{ value: "interstitial", label: "Interstitial" }],
    integrationTypes: async () => [],
    deviceTypes: async () => [],
    assetTypes: async () => [],
    assets: async () => [],
  };
  return { source, requests };
}

function fakeLegacy(response: LegacyStatsResponse) {
  const calls = { stats: [] as unknown[], applications: 0 };
  const source: LegacySource = {
    async applications() {
      calls.applications++;
      return { applications };
    },
    async stats(params) {
      calls.stats.push(params);
      return response;
    },
  };
  return { source, calls };
}

function setup(connection: Partial<ReportingConnection> = {}) {
  const bearer = fakeBearer();
  const legacy = fakeLegacy(
    legacyResponse({
      "2025-01-01": {
        aggregation: { [UNIT_A]: { stats: stats(100, 1, 110) }, [UNIT_B]: { stats: stats(300, 1, 330) } },
      },
    }),
  );
  const profilesAsked: (string | undefined)[] = [];
  let now = 0;
  const functions = createReportingFunctions({
    connect: (profile) => {
      profilesAsked.push(profile);
      return { key: profile ?? "active", bearer: bearer.source, legacy: legacy.source, ...connection };
    },
    today: () => "2025-05-15",
    now: () => now,
    cacheTtlMs: 60_000,
  });
  return { functions, bearer, legacy, profilesAsked, advance: (ms: number) => (now += ms) };
}

describe("STATS", () => {
  it("reads the arguments, fetches every page and spills rows", async () => {
    const { functions, bearer } = setup();
    const table = await functions.stats(
      "LAST_MONTH",
      null,
      "country",
      "revenues, impressions",
      "countries=FR,DE",
      null,
      "headers=api",
    );
    expect(bearer.requests).toEqual([
      {
        filters: { from: "2025-04-01", to: "2025-04-30", countries: ["FR", "DE"] },
        groups: ["country"],
        metrics: ["revenues", "impressions"],
      },
    ]);
    expect(table.rows).toEqual([
      ["country", "revenues", "impressions"],
      ["FR", 1, 1000],
      ["DE", 2, 2000],
    ]);
  });

  it("shares one request between 100 identical calls, and reuses the answer until the cache is cleared", async () => {
    const { functions, bearer, advance } = setup();
    const calls = Array.from({ length: 100 }, () => functions.stats(45658, 45688, "country", "revenues"));
    await Promise.all(calls);
    expect(bearer.requests).toHaveLength(1);
    advance(30_000);
    await functions.stats("2025-01-01", "2025-01-31", [["Country"]], "Revenue");
    expect(bearer.requests).toHaveLength(1);
    functions.clearCache();
    await functions.stats(45658, 45688, "country", "revenues");
    expect(bearer.requests).toHaveLength(2);
  });

  it("keeps answers of different profiles apart", async () => {
    const { functions, bearer, profilesAsked } = setup();
    await functions.stats("YTD", null, null, null, null, null, "profile=Finance");
    await functions.stats("YTD", null, null, null, null, null, "profile=Ops");
    await functions.stats("YTD", null);
    expect(profilesAsked).toEqual(["Finance", "Ops", undefined]);
    expect(bearer.requests).toHaveLength(3);
  });

  it("rejects a bad argument without calling the service", async () => {
    const { functions, bearer } = setup();
    await expect(functions.stats("YTD", null, "cuntry")).rejects.toMatchObject({
      name: "ArgumentError",
      argument: "groups",
    });
    expect(bearer.requests).toHaveLength(0);
  });

  it("asks to sign in when the profile has no token", async () => {
    const { functions } = setup({ bearer: undefined, profileName: "Legacy only" });
    await expect(functions.stats("YTD", null)).rejects.toBeInstanceOf(MissingCredentialsError);
    await expect(functions.value("revenues", "YTD", null)).rejects.toThrow(/profile "Legacy only" has no access token/);
  });

  it("passes on the error of connect", async () => {
    const functions = createReportingFunctions({
      connect: () => {
        throw new MissingCredentialsError();
      },
      today: () => "2025-05-15",
    });
    await expect(functions.countries()).rejects.toThrow(/^Sign in from the Reporting task pane/);
  });

  it("hands on every row of a result larger than a spill: the office layer cuts it once, as its Excel receives it", async () => {
    const entries: StatsEntry[] = Array.from({ length: 60_000 }, (_, index) => ({
      group: { country: `Country with a rather long name, number ${index}` },
      metrics: { impressions: 1_000_000 + index, revenues: 1234.5678901234567 + index / 7 },
    }));
    const functions = createReportingFunctions({
      connect: () => ({
        key: "large",
        bearer: { ...fakeBearer().source, statsAll: async () => ({ stats: entries, total: entries.length }) },
      }),
      today: () => "2025-05-15",
    });
    const table = await functions.stats("YTD", null, "country", "impressions,revenues");
    expect(Buffer.byteLength(JSON.stringify(table.rows))).toBeGreaterThan(DEFAULT_SPILL_BUDGET_BYTES);
    expect(table.rows).toHaveLength(1 + 60_000);
    expect(table.dataRowCount).toBe(60_000);
    expect(table.rows.at(-1)).toEqual([
      "Country with a rather long name, number 59999",
      1_059_999,
      entries[59_999]!.metrics.revenues,
    ]);
  });
});

describe("STATS with compare=", () => {
  it("sends one extra request for the comparison period, shared by the preview of the same query and reused by a second call", async () => {
    const { functions, bearer } = setup();
    const table = await functions.stats(
      "LAST_MONTH",
      null,
      "country",
      "revenues",
      "countries=FR,DE",
      null,
      "compare=previous_period; headers=api",
    );
    expect(bearer.requests).toEqual([
      {
        filters: { from: "2025-04-01", to: "2025-04-30", countries: ["FR", "DE"] },
        groups: ["country"],
        metrics: ["revenues"],
      },
      {
        filters: { from: "2025-03-02", to: "2025-03-31", countries: ["FR", "DE"] },
        groups: ["country"],
        metrics: ["revenues"],
      },
    ]);
    expect(table.rows).toEqual([
      ["country", "revenues", "revenues_previous", "revenues_change", "revenues_change_pct"],
      ["FR", 1, 1, 0, 0],
      ["DE", 2, 2, 0, 0],
    ]);
    expect(table.percentColumns).toEqual([4]);

    await functions.stats(
      "LAST_MONTH",
      null,
      "country",
      "revenues",
      "countries=FR,DE",
      null,
      "compare=previous_period; headers=api",
    );
    const preview = await functions.statsTable(
      readStatsQuery(
        {
          from: "LAST_MONTH",
          to: null,
          groups: "country",
          metrics: "revenues",
          filters: "countries=FR,DE",
          options: "compare=previous_period",
        },
        () => "2025-05-15",
      ),
    );
    // The same query without compare= is the first of the two answers.
    await functions.stats("LAST_MONTH", null, "country", "revenues", "countries=FR,DE");
    expect(bearer.requests).toHaveLength(2);
    expect(preview.rows[0]).toEqual([
      "Country",
      "Revenues",
      "Revenues (previous period)",
      "Revenues change",
      "Revenues change %",
    ]);
  });

  it("fails as a whole when the comparison's request fails, and leaves the period's answer cached", async () => {
    const { functions, bearer } = setup();
    const statsAll = bearer.source.statsAll.bind(bearer.source);
    bearer.source.statsAll = async (request, options) => {
      if (request.filters.from === "2024-04-01") throw new MissingCredentialsError();
      return statsAll(request, options);
    };
    await expect(
      functions.stats("LAST_MONTH", null, "country", "revenues", null, null, "compare=previous_year"),
    ).rejects.toBeInstanceOf(MissingCredentialsError);
    await functions.stats("LAST_MONTH", null, "country", "revenues");
    expect(bearer.requests.map((request) => request.filters.from)).toEqual(["2025-04-01"]);
  });
});

describe("VALUE", () => {
  it("answers 1,000 cells over one period and one dimension with one request", async () => {
    const { functions, bearer } = setup();
    const values = await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        functions.value("Revenue", "2025-01-01", "2025-01-31", `country=${COUNTRIES[index % 5]}`),
      ),
    );
    expect(bearer.requests).toHaveLength(1);
    // The fake answers in the order of the request's (sorted) countries: DE, ES, FR, GB, IT.
    const sorted = [...COUNTRIES].sort();
    values.forEach((value, index) => expect(value).toBe(sorted.indexOf(COUNTRIES[index % 5]!) + 1));
  });

  it("gives totals without filters and recomputes eCPM", async () => {
    const { functions } = setup();
    await expect(functions.value("ecpm", "YTD", null)).resolves.toBeCloseTo((15 / 15000) * 1000, 10);
  });

  it("rejects a wrong cell alone, not its batch", async () => {
    const { functions } = setup();
    const good = functions.value("revenues", "YTD", null, "countries=FR");
    const bad = functions.value("revenues", "YTD", null, "countries=France");
    await expect(bad).rejects.toMatchObject({ name: "ArgumentError" });
    await expect(good).resolves.toBe(1);
  });

  it("lets a cancelled cell go while the others get their number", async () => {
    const { functions } = setup();
    const cancel = new AbortController();
    const leaving = functions.value("revenues", "YTD", null, "countries=FR", null, cancel.signal);
    const staying = functions.value("revenues", "YTD", null, "countries=DE");
    await settle();
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ name: "AbortedError" });
    await expect(staying).resolves.toBe(1);
  });
});

describe("LEGACY.STATS and APPLICATIONS", () => {
  it("sends ad_unit_id for a derived grouping, regroups with the applications, and shares them with APPLICATIONS", async () => {
    const { functions, legacy } = setup();
    const table = await functions.legacyStats("2025-01-01", "2025-01-31", "day, ad_unit_type", "headers=none");
    expect(legacy.calls.stats).toEqual([{ from: "2025-01-01", to: "2025-01-31", groupBy: ["day", "ad_unit_id"] }]);
    expect(table.rows).toEqual([
      [45658, "optin_video", 100, 1, 10, 110],
      [45658, "interstitial", 300, 1, (1 / 300) * 1000, 330],
    ]);
    expect(table.dateColumns).toEqual([0]);
    const listing = await functions.applications();
    expect(listing.rows[0]![0]).toBe("Publisher");
    expect(legacy.calls.applications).toBe(1);
  });

  it("does not read the applications when no grouping needs them", async () => {
    const { functions, legacy } = setup();
    await functions.legacyStats(null, null, "day, ad_unit_id");
    expect(legacy.calls.stats).toEqual([{ groupBy: ["day", "ad_unit_id"] }]);
    expect(legacy.calls.applications).toBe(0);
  });

  it("asks for the legacy key when the profile has none", async () => {
    const { functions } = setup({ legacy: undefined });
    await expect(functions.applications()).rejects.toThrow(/API key and secret/);
  });
});

describe("reference functions", () => {
  it("spill their values with the chosen headers", async () => {
    const { functions } = setup();
    expect((await functions.countries()).rows).toEqual([
      ["Value", "Label"],
      ["FR", "France"],
    ]);
    expect((await functions.dates("headers=none")).rows).toEqual([[45292, 45791]]);
    expect((await functions.details()).rows).toEqual([
      ["Organization id", "Organization"],
      ["org-1", "Acme"],
    ]);
    await expect(functions.formats("limit=3")).rejects.toThrow(
      "options: limit does not apply to FORMATS. Use: headers, profile, cache",
    );
  });
});
