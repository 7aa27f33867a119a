import fc from "fast-check";
import type { LegacyStatsResponse } from "../../../../src/api";
import { legacyEntities, needsApplications, readLegacyStatsQuery } from "../../../../src/core/odata/legacy-stats-query";
import { FeedRefusal } from "../../../../src/core/odata/refusal";

const PERIOD = "date ge 2026-06-01 and date le 2026-06-30";

function refusal(options: Parameters<typeof readLegacyStatsQuery>[0]): FeedRefusal {
  try {
    readLegacyStatsQuery(options);
  } catch (error) {
    if (error instanceof FeedRefusal) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("readLegacyStatsQuery", () => {
  it("reads $select's properties as LEGACY.STATS groupings, date as day", () => {
    const query = readLegacyStatsQuery({
      $select: "month,application,country,revenues",
      $filter: PERIOD,
      $top: "10",
      $count: "true",
    });
    expect(query).toMatchObject({
      properties: ["month", "application", "country", "revenues"],
      groups: ["month", "application", "country"],
      from: "2026-06-01",
      to: "2026-06-30",
      top: 10,
      count: true,
    });
    expect(needsApplications(query)).toBe(true);
    expect(readLegacyStatsQuery({ $select: "date,ad_unit_id,ecpm", $filter: PERIOD }).groups).toEqual([
      "day",
      "ad_unit_id",
    ]);
    expect(needsApplications(readLegacyStatsQuery({ $select: "date,ad_unit_id,ecpm", $filter: PERIOD }))).toBe(false);
  });

  it("refuses what the legacy service cannot answer, naming the option", () => {
    expect(refusal({ $select: "country" })).toMatchObject({ option: "$filter", code: "period_required" });
    expect(refusal({ $filter: "date ge 2026-06-01" }).option).toBe("$filter");
    expect(refusal({ $filter: `${PERIOD} and country eq 'FR'` }).message).toMatch(
      /^\$filter: the legacy service filters by period only/,
    );
    expect(refusal({ $select: "format", $filter: PERIOD }).message).toMatch(
      /^\$select: LegacyStats has no property format/,
    );
    expect(refusal({ $select: "country,country", $filter: PERIOD }).option).toBe("$select");
    expect(refusal({ $orderby: "revenues desc", $filter: PERIOD }).option).toBe("$orderby");
    expect(refusal({ $apply: "groupby((country))", $filter: PERIOD }).option).toBe("$apply");
  });
});

describe("hostile options", () => {
  const WORDS = [
    "date",
    "month",
    "country",
    "ad_unit_id",
    "application",
    "revenues",
    "ecpm",
    "format",
    "eq",
    "ne",
    "ge",
    "le",
    "in",
    "and",
    "or",
    "not",
    "(",
    ")",
    ",",
    "'FR'",
    "2026-06-01",
    "2026-06-30",
    "'",
    "/",
    "*",
    "$",
    "&",
    "=",
    " ",
    "\u0000",
    "%",
  ];
  const text = fc
    .array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 4 })), { maxLength: 12 })
    .map((parts) => parts.join(" "));

  it("either reads a query or refuses it with a 400 that names its option", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            $select: text,
            $filter: fc.oneof(
              text,
              text.map((rest) => `${PERIOD} and ${rest}`),
            ),
            $top: fc.string({ maxLength: 6 }),
          },
          { requiredKeys: ["$filter"] },
        ),
        (options) => {
          try {
            readLegacyStatsQuery(options);
          } catch (error) {
            expect(error).toBeInstanceOf(FeedRefusal);
            const { option, status, message } = error as FeedRefusal;
            expect(["$select", "$filter", "$top"]).toContain(option);
            expect(status).toBe(400);
            expect(message.startsWith(`${option}: `)).toBe(true);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe("legacyEntities", () => {
  const response = {
    stats: { impressions: 30, revenue: 3, requests: 60, ecpm: 100 },
    aggregation: {
      "2026-06": {
        aggregation: {
          "1_default": { stats: { impressions: 10, revenue: 2, requests: 20, ecpm: 200 } },
          "2_default": { stats: { impressions: 20, revenue: 1, requests: 40, ecpm: 50 } },
        },
      },
    },
  } as unknown as LegacyStatsResponse;
  const app = (key: number) => ({
    publisher_id: 1,
    publisher_name: "P",
    app_key: key,
    bundle: "b",
    name: "Game",
    ad_unit_ids: [`${key}_default`],
    platform: "ios",
    ad_unit_details: [],
  });

  it("gives a month as its first day and merges ad units into their regrouping, eCPM recomputed", () => {
    const query = readLegacyStatsQuery({
      $select: "month,ad_unit_name,impressions,revenues,ecpm,requests",
      $filter: PERIOD,
    });
    expect(legacyEntities(response, query, [app(1), app(2)])).toEqual([
      { month: "2026-06-01", ad_unit_name: "Default", impressions: 30, revenues: 3, ecpm: 100, requests: 60 },
    ]);
  });

  it("keys every entity by its dimensions, non-null and unique, where a day or an application is blank", () => {
    const blanks = {
      aggregation: {
        "2026-06-01": {
          aggregation: {
            "1_default": { stats: { impressions: 10, revenue: 2, requests: 20, ecpm: 200 } },
            "7_default": { stats: { impressions: 20, revenue: 1, requests: 40, ecpm: 50 } },
            "8_default": { stats: { impressions: 30, revenue: 1, requests: 40, ecpm: 50 } },
          },
        },
        "": { aggregation: { "7_default": { stats: { impressions: 5, revenue: 1, requests: 5, ecpm: 200 } } } },
      },
    } as unknown as LegacyStatsResponse;
    const query = readLegacyStatsQuery({ $select: "id,date,application,impressions", $filter: PERIOD });
    const entities = legacyEntities(blanks, query, [app(1)]);
    expect(entities).toEqual([
      { id: '["2026-06-01","Game"]', date: "2026-06-01", application: "Game", impressions: 10 },
      { id: '["2026-06-01",""]', date: "2026-06-01", application: "", impressions: 50 },
      { id: '[null,""]', date: null, application: "", impressions: 5 },
    ]);
    const everything = legacyEntities(blanks, readLegacyStatsQuery({ $filter: PERIOD }), [app(1)]);
    expect(everything.every((entity) => typeof entity.id === "string")).toBe(true);
    expect(new Set(everything.map((entity) => entity.id)).size).toBe(everything.length);
  });
});
