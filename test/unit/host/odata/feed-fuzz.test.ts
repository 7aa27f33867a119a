/**
 * Hostile input: thousands of generated $filter, $select, $orderby and $apply values (OData's own
 * words and punctuation, the dimensions, values, quotes, nesting, control characters) sent to the
 * feed's routes. No answer is a 5xx, every refusal names the option at fault, and a key given
 * anywhere in the request is never echoed. The service behind is a fake that answers at once,
 * so that the feed's own reading is what is exercised.
 */
import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { createTransport, type FetchLike } from "../../../../src/client";
import { registerFeed } from "../../../../src/host/odata/feed-routes";

const KEY = "k3y0f4nalyst9876543210abcdefXYZ";
const RUNS = Number(process.env.FEED_FUZZ_RUNS ?? 2_000);

/** A service that answers every /stats with two rows and every list with two values, and counts calls. */
function fakeService(): { fetch: FetchLike; bodies: string[] } {
  const bodies: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname;
    let body: unknown;
    if (path.endsWith("/stats")) {
      bodies.push(init.body ?? "");
      const asked = JSON.parse(init.body ?? "{}") as { groups?: string[] };
      const row = (day: string, impressions: number) => ({
        group: Object.fromEntries(
          (asked.groups ?? []).map((group) => [group, group === "date" ? day : `${group}-value`]),
        ),
        metrics: {
          impressions,
          revenues: impressions / 10,
          requests: impressions * 2,
          ecpm: impressions > 0 ? 100 : 0,
        },
      });
      body = { stats: [row("2026-06-01", 10), row("2026-06-02", 0)], total: 2 };
    } else if (path.endsWith("/dates")) body = { from: "2026-05-01", to: "2026-06-30" };
    else if (path.endsWith("/details"))
      body = { organizations: [{ id: "e1223cd9-9176-4333-9622-ccbde1ff0ae2", name: "Org" }] };
    else if (path.endsWith("/assets"))
      body = [
        { id: "APP-BEEWNF7V", name: "App", ad_units: [{ id: "e1223cd9-9176-4333-9622-ccbde1ff0ae3", name: "Unit" }] },
      ];
    else body = ["FR", "DE", "interstitial", "mobile", "IOS", "standard_integration"];
    const text = JSON.stringify(body);
    return new Response(text, { status: 200, headers: { "content-type": "application/json" } }) as unknown as Awaited<
      ReturnType<FetchLike>
    >;
  };
  return { fetch, bodies };
}

let app: FastifyInstance;
const service = fakeService();

beforeAll(async () => {
  app = Fastify();
  registerFeed(app, {
    serviceUrl: "http://service.invalid/api",
    upstreamTimeoutMs: 5_000,
    transport: createTransport({ fetch: service.fetch, maxRetries: 0 }),
  });
  await app.ready();
});
afterAll(() => app.close());

const WORDS = [
  "date",
  "country",
  "format",
  "asset",
  "ad_unit",
  "organization",
  "asset_type",
  "integration_type",
  "device_types",
  "revenues",
  "impressions",
  "ecpm",
  "requests",
  "eq",
  "ne",
  "in",
  "and",
  "or",
  "not",
  "ge",
  "gt",
  "le",
  "lt",
  "has",
  "add",
  "groupby",
  "aggregate",
  "with",
  "sum",
  "as",
  "asc",
  "desc",
  "null",
  "true",
  "$it",
  "$count",
  "*",
  "contains",
  "'FR'",
  "'DE'",
  "'O''x'",
  "2026-06-01",
  "2026-06-30",
  "2026-02-30",
  "'2026-06-01'",
  "1",
  "-1",
  "1e400",
  "99999999999999999999",
  KEY,
  `'${KEY}'`,
  "access_token",
];
const PUNCTUATION = [" ", "(", ")", ",", "'", "/", "%", "&", "=", ";", "\u0000", "\u202e", "é", "\n", "  ", "((", "))"];

const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...PUNCTUATION) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);
const expression = fc.array(token, { maxLength: 40 }).map((parts) => parts.join(" "));
const nested = fc
  .tuple(fc.integer({ min: 0, max: 400 }), expression)
  .map(([depth, inner]) => `${"(".repeat(depth)}${inner}${")".repeat(depth)}`);
const value = fc.oneof(
  expression,
  nested,
  fc.string({ maxLength: 200 }),
  fc.constant(`date ge 2026-06-01 and date le 2026-06-30`),
);
const OPTIONS = [
  "$filter",
  "$select",
  "$orderby",
  "$apply",
  "$top",
  "$skip",
  "$count",
  "$skiptoken",
  "$format",
] as const;
const format = fc.constantFrom("json", "application/json;odata.metadata=minimal", "xml", "atom", "");
const request = fc.record({
  ...(Object.fromEntries(OPTIONS.map((option) => [option, fc.option(value, { nil: undefined, freq: 2 })])) as Record<
    (typeof OPTIONS)[number],
    fc.Arbitrary<string | undefined>
  >),
  $format: fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: format }),
});
const set = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("Stats", "Stats/$count") },
  { weight: 3, arbitrary: fc.constantFrom("Countries", "Assets", "Dates", "Organizations", "$metadata", "") },
  { weight: 1, arbitrary: fc.constantFrom("Stats(1)", "Nothing", "Stats/$count/x") },
);
const credentials = fc.constantFrom<[string, Record<string, string>]>(
  ["query", {}],
  ["basic", { authorization: `Basic ${Buffer.from(`user:${KEY}`).toString("base64")}` }],
  ["bearer", { authorization: `Bearer ${KEY}` }],
  ["odd", { authorization: `Basic ${KEY}` }],
  ["none", {}],
);

it("answers no generated request with a 5xx, names the option in every refusal, and never echoes the key", async () => {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      set,
      request,
      credentials,
      fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0),
      async (path, options, [form, headers], keyInPath) => {
        const query = Object.entries(options)
          .filter((entry): entry is [string, string] => entry[1] !== undefined)
          .map(([name, text]) => `${name}=${encodeURIComponent(text)}`);
        if (form === "query") query.push(`access_token=${KEY}`);
        const url = `/odata/${path}${keyInPath ? `/${KEY}` : ""}${query.length > 0 ? `?${query.join("&")}` : ""}`;
        const answer = await app.inject({ method: "GET", url, headers });
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        expect(answer.statusCode).toBeLessThan(500);
        expect(answer.body).not.toContain(KEY.slice(0, 14));
        if (answer.statusCode === 400 || answer.statusCode === 406) {
          const { error } = answer.json() as { error: { code: string; message: string } };
          const named = [...OPTIONS, "Accept", "query"].filter((option) => error.message.startsWith(`${option}:`));
          expect(named).toHaveLength(1);
        }
      },
    ),
    { numRuns: RUNS },
  );
  // A fuzz refused at its first option would test little: answers, refusals and 401s all occur.
  console.log(`feed fuzz: ${RUNS} requests, by status ${JSON.stringify(Object.fromEntries(statuses))}`);
  for (const status of [200, 400, 401, 404])
    expect([status, (statuses.get(status) ?? 0) > RUNS / 100]).toEqual([status, true]);
}, 300_000);

it("bounds a huge $top by its pages: one service call for at most one page", async () => {
  service.bodies.length = 0;
  const answer = await app.inject({
    method: "GET",
    url: `/odata/Stats?$top=99999999999999999999999999&$filter=${encodeURIComponent("date ge 2026-06-01 and date le 2026-06-30")}&access_token=${KEY}`,
  });
  expect(answer.statusCode).toBe(200);
  expect(service.bodies.map((body) => (JSON.parse(body) as { limit: number }).limit)).toEqual([5_000]);
});

it("refuses deep nesting and long filters by name before parsing them", async () => {
  const deep = `${"(".repeat(5_000)}country eq 'FR'${")".repeat(5_000)}`;
  for (const filter of [deep, `country in (${Array.from({ length: 3_000 }, () => "'FR'").join(",")})`]) {
    const answer = await app.inject({
      method: "GET",
      url: `/odata/Stats?$filter=${encodeURIComponent(filter)}&access_token=${KEY}`,
    });
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { error: { message: string } }).error.message).toMatch(/^(\$filter|query):/);
  }
});
