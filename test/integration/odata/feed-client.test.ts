/**
 * The feed read by an OData v4 client no one here wrote (@odata/client): the service document,
 * $metadata (parsed by OASIS' CSDL library), Stats with $select/$filter/$orderby/$top/$skip/
 * $count, following @odata.nextLink to the end. Every number equals /stats asked directly.
 */
import { EdmV4, OData } from "@odata/client";
import { ENTITY_SETS, LEGACY_STATS_SET } from "../../../src/core/odata/feed-model";
import { ecpmOf } from "../../../src/core/ecpm";
import { datesResponse, type StatsRequest } from "../../../src/api";
import { daysIncluded } from "../../../src/core/calendar";
import { bearerHeaders, getJson, START_TIMEOUT_MS, stats } from "../emulator/support/emulator";
import { startFeedServer, type FeedServer } from "./support/feed-server";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { xml2json } = require("odata-csdl") as {
  xml2json(xml: string, options: { strict: boolean }): Record<string, unknown>;
};

jest.setTimeout(START_TIMEOUT_MS);

const PAGE_SIZE = 7;
let feed: FeedServer;
let client: ReturnType<typeof OData.New4>;
/** The client reads any address with its credentials: how a nextLink is followed. */
let requestUri: (url: string) => Promise<unknown>;

beforeAll(async () => {
  feed = await startFeedServer(PAGE_SIZE);
  client = OData.New4({ serviceEndpoint: feed.root, credential: { username: "analyst", password: feed.token } });
  requestUri = (url) => (client as unknown as { requestUri(url: string): Promise<unknown> }).requestUri(url);
});

afterAll(() => feed?.close());

interface Page {
  value: Record<string, unknown>[];
  "@odata.nextLink"?: string;
  "@odata.count"?: number;
  error?: unknown;
}

async function allPages(first: Page): Promise<{ rows: Record<string, unknown>[]; pages: number; links: string[] }> {
  const rows = [...first.value];
  const links: string[] = [];
  let page = first;
  while (page["@odata.nextLink"]) {
    links.push(page["@odata.nextLink"]);
    page = (await requestUri(page["@odata.nextLink"])) as Page;
    expect(page.error).toBeUndefined();
    rows.push(...page.value);
  }
  return { rows, pages: links.length + 1, links };
}

const period = () =>
  client
    .newFilter()
    .property("date")
    .ge(EdmV4.Date.from(new Date("2026-06-01T00:00:00Z")))
    .property("date")
    .le(EdmV4.Date.from(new Date("2026-06-14T00:00:00Z")));

it("reads the service document: every entity set, at its own URL", async () => {
  const document = (await requestUri(feed.root)) as { value: { name: string; kind: string; url: string }[] };
  expect(document.value).toEqual(
    ENTITY_SETS.filter((name) => name !== LEGACY_STATS_SET).map((name) => ({ name, kind: "EntitySet", url: name })),
  );
});

it("serves $metadata that OASIS' CSDL library reads, with the Stats properties of the contract", async () => {
  const xml = await requestUri(`${feed.root}$metadata`);
  expect(typeof xml).toBe("string");
  const csdl = xml2json(xml as string, { strict: true }) as { Reporting: Record<string, Record<string, unknown>> };
  const stat = csdl.Reporting.Stat!;
  const properties = Object.keys(stat).filter((key) => !key.startsWith("$"));
  expect(properties).toEqual([
    "id",
    "date",
    "organization",
    "asset",
    "asset_type",
    "country",
    "ad_unit",
    "format",
    "integration_type",
    "device_types",
    "impressions",
    "requests",
    "revenues",
    "ecpm",
  ]);
  // A key property must not be null (CSDL, "Key"); a dimension may be (a country not attributed).
  expect(stat.$Key).toEqual(["id"]);
  // CSDL JSON leaves defaults out: no $Type is Edm.String, no $Nullable is not nullable.
  expect(stat.id).toEqual({});
  expect(stat.country).toEqual({ $Nullable: true });
  expect(stat.date).toMatchObject({ $Type: "Edm.Date" });
  expect(stat.impressions).toMatchObject({ $Type: "Edm.Int64" });
  expect(stat.ecpm).toMatchObject({ $Type: "Edm.Decimal" });
  expect(Object.keys(csdl.Reporting.Feed!).filter((key) => !key.startsWith("$"))).toEqual(
    ENTITY_SETS.filter((name) => name !== LEGACY_STATS_SET),
  );
});

it("answers Stats with $select, $filter, $orderby and $count page by page, the rows of /stats for the same query", async () => {
  const filter = period().property("country").in(["FR", "DE", "US"]);
  const params = client
    .newOptions()
    .select(["date", "country", "revenues", "impressions", "ecpm"])
    .filter(filter)
    .orderby([{ field: "revenues", order: "desc" }])
    .count(true);
  const first = (await client.newRequest({ collection: "Stats", params })) as unknown as Page;
  const { rows, pages, links } = await allPages(first);

  const request: StatsRequest = {
    filters: { from: "2026-06-01", to: "2026-06-14", countries: ["FR", "DE", "US"] },
    groups: ["date", "country"],
    metrics: ["revenues", "impressions", "ecpm"],
    orders: ["revenues:desc", "date", "country"],
  };
  const direct = await stats(feed.emulator, feed.token, request);
  expect(first["@odata.count"]).toBe(direct.total);
  expect(pages).toBe(Math.ceil(direct.stats.length / PAGE_SIZE));
  expect(rows).toEqual(
    direct.stats.map(({ group, metrics }) => ({
      date: group.date,
      country: group.country,
      revenues: metrics.revenues,
      impressions: metrics.impressions,
      ecpm: ecpmOf(metrics.revenues!, metrics.impressions!),
    })),
  );
  for (const row of rows)
    expect(row.ecpm).toBeCloseTo(
      direct.stats.find((entry) => entry.group.date === row.date && entry.group.country === row.country)!.metrics.ecpm!,
      9,
    );
  expect(links.every((link) => !link.includes(feed.token))).toBe(true);
});

it("reads $top and $skip as a window of the same ordered rows, and counts with /Stats/$count", async () => {
  const params = client
    .newOptions()
    .select(["country", "format", "requests"])
    .filter(period())
    .orderby([{ field: "country", order: "asc" }])
    .skip(5)
    .top(17);
  const { rows } = await allPages((await client.newRequest({ collection: "Stats", params })) as unknown as Page);
  const direct = await stats(feed.emulator, feed.token, {
    filters: { from: "2026-06-01", to: "2026-06-14" },
    groups: ["country", "format"],
    metrics: ["requests"],
    orders: ["country", "format"],
    offset: 5,
    limit: 17,
  });
  expect(rows).toEqual(
    direct.stats.map(({ group, metrics }) => ({
      country: group.country,
      format: group.format,
      requests: metrics.requests,
    })),
  );
  expect(rows).toHaveLength(17);

  const count = await client.getEntitySet("Stats").count(period().property("country").eq("FR"));
  const counted = await stats(feed.emulator, feed.token, {
    filters: { from: "2026-06-01", to: "2026-06-14", countries: ["FR"] },
    groups: [...ENTITY_PROPERTIES_DIMENSIONS],
    limit: 1,
  });
  expect(count).toBe(counted.total);
});

it("gives every entity its key, id: never null, one per combination of the dimensions, though a dimension be null", async () => {
  const params = client.newOptions().select(["id", "country", "format", "revenues"]).filter(period());
  const { rows } = await allPages((await client.newRequest({ collection: "Stats", params })) as unknown as Page);
  const direct = await stats(feed.emulator, feed.token, {
    filters: { from: "2026-06-01", to: "2026-06-14" },
    groups: ["country", "format"],
    metrics: ["revenues"],
    orders: ["country", "format"],
  });
  expect(rows).toEqual(
    direct.stats.map(({ group, metrics }) => ({
      id: JSON.stringify([group.country, group.format]),
      country: group.country,
      format: group.format,
      revenues: metrics.revenues,
    })),
  );
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  expect(rows.every((row) => typeof row.id === "string")).toBe(true);
});

it("answers the aggregation form ($apply groupby and sum) as the same numbers as $select", async () => {
  const filter = period().build();
  const applied = await allPages(
    (await requestUri(
      `${feed.root}Stats?$apply=${encodeURIComponent("groupby((country),aggregate(revenues with sum as revenues))")}&$filter=${encodeURIComponent(filter)}`,
    )) as Page,
  );
  const selected = await allPages(
    (await requestUri(`${feed.root}Stats?$select=country,revenues&$filter=${encodeURIComponent(filter)}`)) as Page,
  );
  expect(applied.rows).toEqual(selected.rows);
  const direct = await stats(feed.emulator, feed.token, {
    filters: { from: "2026-06-01", to: "2026-06-14" },
    groups: [],
    metrics: ["revenues"],
  });
  const sum = applied.rows.reduce((total, row) => total + (row.revenues as number), 0);
  expect(sum).toBeCloseTo(direct.stats[0]!.metrics.revenues!, 6);
});

it("lists the reference sets and the days with statistics", async () => {
  const countries = (await client.getEntitySet("Countries").query()) as { value: string; label: string }[];
  expect(countries.length).toBeGreaterThan(5);
  expect(countries[0]).toEqual({ value: expect.stringMatching(/^[A-Z]{2}$/), label: expect.any(String) });
  const dates = (await client.getEntitySet("Dates").query()) as { date: string }[];
  const period = datesResponse.parse((await getJson(`${feed.emulator.baseUrl}/dates`, bearerHeaders(feed.token))).body);
  expect(dates[0]).toEqual({ date: period.from });
  expect(dates.at(-1)).toEqual({ date: period.to });
  expect(dates).toHaveLength(daysIncluded(period.from, period.to));
});

const ENTITY_PROPERTIES_DIMENSIONS = [
  "date",
  "organization",
  "asset",
  "asset_type",
  "country",
  "ad_unit",
  "format",
  "integration_type",
  "device_types",
] as const;

it("reads $select, $top, $skip and $count on a reference list, and refuses a $filter it would have to apply itself", async () => {
  const whole = (await requestUri(`${feed.root}Countries`)) as { value: { value: string }[] };
  const window = (await requestUri(`${feed.root}Countries?$select=value&$skip=2&$top=3&$count=true`)) as {
    value: unknown[];
    "@odata.count": number;
  };
  expect(window.value).toEqual(whole.value.slice(2, 5).map(({ value }) => ({ value })));
  expect(window["@odata.count"]).toBe(whole.value.length);
  const refused = (await requestUri(`${feed.root}Countries?$filter=${encodeURIComponent("value eq 'FR'")}`)) as {
    error: { message: string };
  };
  expect(refused.error.message).toMatch(/^\$filter: /);
  // An empty or written-out count is no count: refused, not read as 0 or 1,000.
  for (const top of ["", "1e3"])
    expect(
      ((await requestUri(`${feed.root}Countries?$top=${top}`)) as { error?: { message: string } }).error?.message,
    ).toMatch(/^\$top: /);
});
