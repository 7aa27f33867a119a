import { entitiesJson, nextLinkOf } from "../../../../src/core/odata/feed-page";
import { readFilter } from "../../../../src/core/odata/filter-read";
import { expandInLists, MAX_FILTER_NESTING } from "../../../../src/core/odata/filter-in";
import { readQueryOptions } from "../../../../src/core/odata/query-options";
import { FeedRefusal } from "../../../../src/core/odata/refusal";
import { pageWindow, readStatsQuery, withExclusions } from "../../../../src/core/odata/stats-query";

const PERIOD = "date ge 2026-06-01 and date le 2026-06-30";

function query(text: string) {
  return readStatsQuery(readQueryOptions(text).system);
}

function refusal(work: () => unknown): FeedRefusal {
  try {
    work();
  } catch (error) {
    if (error instanceof FeedRefusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the $filter of the feed", () => {
  it("reads the contract's example: unquoted Edm.Date literals, and in (...) within one dimension", () => {
    expect(readFilter("date ge 2026-06-01 and date le 2026-06-30 and country in ('FR','DE')")).toEqual({
      from: "2026-06-01",
      to: "2026-06-30",
      include: { country: ["FR", "DE"] },
      exclude: {},
    });
  });

  it("reads eq joined by or, eq on one day, gt and lt as the days after and before", () => {
    expect(
      readFilter("(format eq 'interstitial' or format eq 'banner') and date gt 2026-02-28 and date lt 2026-03-31"),
    ).toEqual({
      from: "2026-03-01",
      to: "2026-03-30",
      include: { format: ["interstitial", "banner"] },
      exclude: {},
    });
    expect(readFilter("date eq 2024-02-29")).toMatchObject({ from: "2024-02-29", to: "2024-02-29" });
  });

  it("keeps a quote doubled inside a text, and an in inside a text untouched", () => {
    expect(readFilter("format eq 'it''s in (a)'").include).toEqual({ format: ["it's in (a)"] });
    expect(expandInLists("format in ('a in (b)', 'c')")).toBe("(format eq 'a in (b)' or format eq 'c')");
  });

  it("reads ne as values to leave out, and and-ed eq of one dimension as their common values", () => {
    expect(readFilter("country ne 'FR' and country ne 'DE'").exclude).toEqual({ country: ["FR", "DE"] });
    expect(readFilter("country in ('FR','DE') and country eq 'DE'").include).toEqual({ country: ["DE"] });
  });

  it.each([
    ["country eq 'FR' or format eq 'banner'", "one dimension"],
    ["date ge 2026-06-01 or date le 2026-06-30", "one range"],
    ["revenues gt 5", "cannot filter on revenues"],
    ["contains(country,'F')", "functions"],
    ["not (country eq 'FR')", "with not"],
    ["country eq 'FR' and country eq 'DE'", "no row could match"],
    ["date ge '2026-06-01'", "without quotes"],
    ["date ge 2026-02-30", "real date"],
    ["colour eq 'red'", "no property colour"],
    ["country eq 1", "text in quotes"],
    ["country ne 'FR' or country ne 'DE'", "eq comparisons only"],
    ["country eq 'FR", "closing quote"],
    ["country in 'FR'", "list in parentheses"],
    ["country eq", "not a valid OData expression"],
  ])("refuses %s, naming $filter and saying why", (text, why) => {
    const refused = refusal(() => readFilter(text));
    expect(refused.option).toBe("$filter");
    expect(refused.message).toContain(why);
  });

  it("refuses nesting deeper than it reads before the parser recurses into it", () => {
    const deep = `${"(".repeat(MAX_FILTER_NESTING + 1)}country eq 'FR'${")".repeat(MAX_FILTER_NESTING + 1)}`;
    expect(refusal(() => readFilter(deep)).message).toContain("nests");
    const allowed = `${"(".repeat(MAX_FILTER_NESTING)}country eq 'FR'${")".repeat(MAX_FILTER_NESTING)}`;
    expect(readFilter(allowed).include).toEqual({ country: ["FR"] });
  });
});

describe("a Stats query as a /stats request", () => {
  it("groups by the dimensions $select names and asks for the metrics it names, eCPM with what it is computed from", () => {
    const read = query(`$select=date,country,ecpm&$filter=${PERIOD} and country in ('FR','DE')`);
    expect(read.properties).toEqual(["date", "country", "ecpm"]);
    expect(read.request).toEqual({
      filters: { from: "2026-06-01", to: "2026-06-30", countries: ["FR", "DE"] },
      groups: ["date", "country"],
      metrics: ["ecpm", "revenues", "impressions"],
      orders: ["date", "country"],
    });
  });

  it("reads $apply's groupby and sums as the same request as $select", () => {
    const applied = query(`$apply=groupby((date,country),aggregate(revenues with sum as revenues))&$filter=${PERIOD}`);
    expect(applied.request).toEqual(query(`$select=date,country,revenues&$filter=${PERIOD}`).request);
    expect(query(`$apply=aggregate(impressions with sum as impressions)&$filter=${PERIOD}`).request.groups).toEqual([]);
  });

  it("without $select asks for every dimension and every metric", () => {
    const read = query(`$filter=${PERIOD}`);
    expect(read.request.groups).toHaveLength(9);
    expect(read.properties).toHaveLength(14);
    expect(read.properties[0]).toBe("id");
  });

  it("reads id, the key, in $select as a column made of the dimensions, and refuses it where a dimension is meant", () => {
    const read = query(`$select=country,id,revenues&$filter=${PERIOD}`);
    expect(read.properties).toEqual(["country", "id", "revenues"]);
    expect(read.request.groups).toEqual(["country"]);
    expect(refusal(() => query(`$select=country,id&$orderby=id&$filter=${PERIOD}`)).message).toMatch(
      /\$orderby.*name the dimensions themselves/,
    );
    expect(refusal(() => query(`$apply=groupby((id))&$filter=${PERIOD}`)).message).toMatch(
      /\$apply.*name the dimensions themselves/,
    );
    expect(refusal(() => query(`$filter=${PERIOD} and id eq 'x'`)).message).toMatch(
      /\$filter.*filter on the dimensions themselves/,
    );
  });

  it("puts $orderby first, then every other dimension asked, so that pages keep one order", () => {
    expect(
      query(`$select=date,country,revenues&$orderby=revenues desc,country&$filter=${PERIOD}`).request.orders,
    ).toEqual(["revenues:desc", "country", "date"]);
  });

  it("reads $top, $skip, $count and $skiptoken into the window of each page; a huge $top is all rows", () => {
    const read = query(`$select=country&$filter=${PERIOD}&$top=12&$skip=5&$count=true&$skiptoken=10`);
    expect(read).toMatchObject({ skip: 5, top: 12, count: true, sent: 10 });
    expect(pageWindow(read, 4)).toEqual({ offset: 15, limit: 2 });
    expect(pageWindow({ ...read, sent: 12 }, 4)).toBeUndefined();
    expect(query(`$select=country&$filter=${PERIOD}&$top=99999999999999999999`).top).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([
    ["$select=country", "$filter", "needs a period"],
    ["$select=country&$filter=date ge 2020-01-01 and date le 2026-01-01", "$filter", "more than the 1096"],
    [`$select=colour&$filter=${PERIOD}`, "$select", "no property colour"],
    [`$select=country,country&$filter=${PERIOD}`, "$select", "named twice"],
    [`$select=country&$orderby=date&$filter=${PERIOD}`, "$orderby", "not among the columns"],
    [`$select=country&$filter=${PERIOD} and country eq 'France'`, "$filter", "two-letter"],
    [`$apply=groupby((country),aggregate(ecpm with sum as ecpm))&$filter=${PERIOD}`, "$apply", "never summed"],
    [`$apply=groupby((country))/filter(country eq 'FR')&$filter=${PERIOD}`, "$apply", "one groupby"],
    [`$apply=groupby((country))&$select=country&$filter=${PERIOD}`, "$select", "not both"],
    [`$select=country&$filter=${PERIOD}&$top=-1`, "$top", "whole number"],
    [`$select=country&$filter=${PERIOD}&$count=yes`, "$count", "$count=true"],
    [`$select=country&$expand=x&$filter=${PERIOD}`, "$expand", "does not support"],
    [`$select=country&filter=${PERIOD}`, "$filter", "dollar sign"],
    [`$select=country&$top=1&$top=2&$filter=${PERIOD}`, "$top", "twice"],
  ])("refuses %s naming %s", (text, option, why) => {
    const refused = refusal(() => query(text));
    expect(refused.option).toBe(option);
    expect(refused.message).toContain(why);
  });

  it("turns ne into the other values of the list, within any values also asked", async () => {
    const read = query(`$select=country&$filter=${PERIOD} and country ne 'FR'`);
    const lists = jest.fn(async () => ["DE", "FR", "US"]);
    expect((await withExclusions(read, lists)).filters.countries).toEqual(["DE", "US"]);
    const within = query(`$select=country&$filter=${PERIOD} and country in ('FR','US') and country ne 'FR'`);
    expect((await withExclusions(within, lists)).filters.countries).toEqual(["US"]);
    expect(lists).toHaveBeenCalledTimes(1);
    await expect(
      withExclusions(query(`$select=country&$filter=${PERIOD} and country ne 'FR'`), async () => ["FR"]),
    ).rejects.toThrow("leaves no value");
  });
});

describe("the next page's address", () => {
  it("keeps the OData options as written, drops every other parameter (the Web API key) and counts the rows sent", () => {
    const raw =
      "$select=country&access_token=SECRET-KEY&$filter=date%20ge%202026-06-01&Access_Token=x&$skiptoken=5&other=1";
    expect(nextLinkOf("https://host/odata/Stats", raw, 10)).toBe(
      "https://host/odata/Stats?$select=country&$filter=date%20ge%202026-06-01&$skiptoken=10",
    );
  });
});

describe("the entities of a page", () => {
  it("writes the properties asked in their order, eCPM recomputed from revenues and impressions, null for what is missing", () => {
    const entries = [
      {
        group: { date: "2026-06-01", country: "FR" },
        metrics: { impressions: 2000, revenues: 3, ecpm: 99, requests: 5 },
      },
      { group: { date: "2026-06-02", country: null }, metrics: { impressions: 0, revenues: 0, ecpm: 7 } },
    ];
    expect(JSON.parse(entitiesJson(entries, ["country", "date", "ecpm", "requests"]))).toEqual([
      { country: "FR", date: "2026-06-01", ecpm: 1.5, requests: 5 },
      { country: null, date: "2026-06-02", ecpm: 0, requests: null },
    ]);
    expect(entitiesJson([], ["date"])).toBe("[]");
  });

  it("writes id, the key, as the entity's dimension values, never null though a dimension is", () => {
    const entries = [
      { group: { date: "2026-06-01", country: "FR" }, metrics: { revenues: 3 } },
      { group: { date: "2026-06-01", country: null }, metrics: { revenues: 1 } },
      { group: { date: "2026-06-01", country: "null" }, metrics: { revenues: 2 } },
    ];
    const entities = JSON.parse(entitiesJson(entries, ["id", "date", "country", "revenues"])) as {
      id: string;
      country: string | null;
    }[];
    expect(entities.map((entity) => entity.id)).toEqual([
      '["2026-06-01","FR"]',
      '["2026-06-01",null]',
      '["2026-06-01","null"]',
    ]);
    expect(entities[1]!.country).toBeNull();
    expect(JSON.parse(entitiesJson([{ group: {}, metrics: { revenues: 6 } }], ["id", "revenues"]))).toEqual([
      { id: "[]", revenues: 6 },
    ]);
  });
});
