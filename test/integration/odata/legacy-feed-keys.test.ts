/**
 * LegacyStats' key, read by an OData v4 client no one here wrote (@odata/client) and OASIS' CSDL
 * library: a key property may not be null, and a legacy answer has blanks (an ad unit the
 * applications list does not know has no application, a country the service did not attribute).
 * Every entity must still carry a non-null key, unique in the answer, made of its dimensions.
 */
import { EdmV4, OData } from "@odata/client";
import Fastify, { type FastifyInstance } from "fastify";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LegacyStats } from "../../../src/api";
import { registerFeed } from "../../../src/host/odata/feed-routes";
import { applications, UNIT_A as KNOWN_UNIT, UNIT_C as UNKNOWN_UNIT } from "../../unit/core/legacy/fixtures";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { xml2json } = require("odata-csdl") as {
  xml2json(xml: string, options: { strict: boolean }): Record<string, unknown>;
};

const stats = (impressions: number): LegacyStats => ({
  impressions,
  revenue: impressions / 1000,
  requests: impressions * 2,
  ecpm: 1,
});

/** The service's rows: two ad units it reports but the applications list does not know, and a country left blank. */
const ROWS: { day: string; country: string; ad_unit_id: string; stats: LegacyStats }[] = [
  { day: "2026-06-01", country: "FR", ad_unit_id: KNOWN_UNIT, stats: stats(100) },
  { day: "2026-06-01", country: "FR", ad_unit_id: UNKNOWN_UNIT, stats: stats(200) },
  { day: "2026-06-01", country: "FR", ad_unit_id: "333_default", stats: stats(300) },
  { day: "2026-06-01", country: "", ad_unit_id: KNOWN_UNIT, stats: stats(400) },
  { day: "2026-06-01", country: "", ad_unit_id: UNKNOWN_UNIT, stats: stats(500) },
  { day: "2026-06-02", country: "FR", ad_unit_id: UNKNOWN_UNIT, stats: stats(600) },
];

type Node = { stats?: LegacyStats; aggregation?: Record<string, Node> };

/** The legacy service's nested answer for `group_by`, in its order. */
function aggregationOf(groupBy: readonly string[]): Record<string, Node> {
  const tree: Record<string, Node> = {};
  for (const row of ROWS) {
    let level = tree;
    groupBy.forEach((group, depth) => {
      const key = group === "month" ? row.day.slice(0, 7) : row[group as "day" | "country" | "ad_unit_id"];
      const node = (level[key] ??= {});
      if (depth === groupBy.length - 1) node.stats = row.stats;
      else level = node.aggregation ??= {};
    });
  }
  return tree;
}

let service: Server;
let feed: FastifyInstance;
let client: ReturnType<typeof OData.New4>;
let requestUri: (url: string) => Promise<unknown>;
let root: string;

beforeAll(async () => {
  service = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://service");
    const body = url.pathname.endsWith("/applications")
      ? { applications }
      : {
          fromDate: "2026-06-01",
          toDate: "2026-06-02",
          applications: [111],
          applicationInfos: [],
          aggregationDescription: "",
          aggregation: aggregationOf((url.searchParams.get("group_by") ?? "").split(",")),
        };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  feed = Fastify();
  registerFeed(feed, { serviceUrl, legacyServiceUrl: serviceUrl, upstreamTimeoutMs: 10_000 });
  await feed.listen({ host: "127.0.0.1", port: 0 });
  root = `http://127.0.0.1:${(feed.server.address() as AddressInfo).port}/odata/`;
  client = OData.New4({ serviceEndpoint: root, credential: { username: "legacy-key", password: "legacy-secret" } });
  requestUri = (url) => (client as unknown as { requestUri(url: string): Promise<unknown> }).requestUri(url);
});

afterAll(async () => {
  await feed?.close();
  service?.closeAllConnections();
  await new Promise((resolve) => service?.close(resolve));
});

it("declares LegacyStat keyed by a non-null id, its dimensions nullable", async () => {
  const xml = (await requestUri(`${root}$metadata`)) as string;
  const csdl = xml2json(xml, { strict: true }) as { Reporting: Record<string, Record<string, unknown>> };
  const type = csdl.Reporting.LegacyStat!;
  expect(type.$Key).toEqual(["id"]);
  // CSDL JSON leaves defaults out: no $Type is Edm.String, no $Nullable is not nullable.
  expect(type.id).toEqual({});
  for (const dimension of ["ad_unit_id", "ad_unit_name", "ad_unit_type", "application", "country"])
    expect(type[dimension]).toEqual({ $Nullable: true });
  for (const day of ["date", "month"]) expect(type[day]).toEqual({ $Type: "Edm.Date", $Nullable: true });
});

it("gives every entity a non-null key, unique in the answer, where an application or a country is blank", async () => {
  const filter = client
    .newFilter()
    .property("date")
    .ge(EdmV4.Date.from(new Date("2026-06-01T00:00:00Z")))
    .property("date")
    .le(EdmV4.Date.from(new Date("2026-06-02T00:00:00Z")));
  const read = async (select?: string[]) => {
    const params = client.newOptions().filter(filter);
    if (select) params.select(select);
    const page = (await client.newRequest({ collection: "LegacyStats", params })) as unknown as {
      value: Record<string, unknown>[];
      error?: unknown;
    };
    expect(page.error).toBeUndefined();
    return page.value;
  };
  const asked = await read(["id", "date", "country", "application", "impressions"]);
  expect(asked.map((row) => [row.date, row.country, row.application, row.impressions])).toEqual([
    ["2026-06-01", "FR", "Game (ANDROID)", 100],
    ["2026-06-01", "FR", "", 500],
    ["2026-06-01", "", "Game (ANDROID)", 400],
    ["2026-06-01", "", "", 500],
    ["2026-06-02", "FR", "", 600],
  ]);
  const everything = await read();
  for (const rows of [asked, everything]) {
    const ids = rows.map((row) => row.id);
    for (const id of ids) expect(typeof id).toBe("string");
    expect(new Set(ids).size).toBe(rows.length);
  }
  for (const row of asked) expect(JSON.parse(row.id as string)).toEqual([row.date, row.country, row.application]);
  expect(everything[0]).toHaveProperty("id");
});
