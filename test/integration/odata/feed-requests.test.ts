/**
 * The feed as Power Query and Power BI call it: the request pattern of Power Query's OData
 * connector replayed (service document, $metadata first, then the entity set with the
 * $select/$filter/$top it folds, then each @odata.nextLink), its credential forms (Basic, the
 * Web API key as a query parameter), and what a wrong or missing credential answers.
 */
import { START_TIMEOUT_MS } from "../emulator/support/emulator";
import { basic, startFeedServer, type FeedServer } from "./support/feed-server";

jest.setTimeout(START_TIMEOUT_MS);

let feed: FeedServer;
beforeAll(async () => {
  feed = await startFeedServer(50);
});
afterAll(() => feed?.close());

/**
 * Headers Power Query's OData.Feed sends (Microsoft's "OData feed" connector documentation and
 * captures of Power BI Desktop): JSON first, then the XML kinds of OData 3, with the OData versions.
 */
const POWER_QUERY_HEADERS = {
  accept:
    "application/json;odata.metadata=minimal;q=1.0,application/json;odata=minimalmetadata;q=0.9,application/atomsvc+xml;q=0.8,application/atom+xml;q=0.8,application/xml;q=0.7,text/plain;q=0.7",
  "odata-maxversion": "4.0",
  "odata-version": "4.0",
  "user-agent": "Microsoft.Data.Mashup (https://go.microsoft.com/fwlink/?LinkID=304225)",
};

async function get(path: string, headers: Record<string, string>) {
  const url = path.startsWith("http") ? path : feed.root.replace(/\/odata\/$/, "") + path;
  const response = await fetch(url, { headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
}

/** Power Query escapes spaces and quotes in the query it folds. */
const FOLDED_FILTER =
  "date%20ge%202026-06-01%20and%20date%20le%202026-06-10%20and%20(country%20eq%20%27FR%27%20or%20country%20eq%20%27DE%27)";

describe("Power Query's request pattern, replayed", () => {
  it.each([
    ["Basic, password = token", () => ({ ...POWER_QUERY_HEADERS, authorization: basic("anything", feed.token) }), ""],
    ["Web API key as access_token", () => POWER_QUERY_HEADERS, "key"],
  ])(
    "%s: service document, $metadata, the folded query, then every nextLink, each with OData's headers",
    async (_name, headers, keyForm) => {
      const key = keyForm ? `access_token=${encodeURIComponent(feed.token)}` : "";
      const withKey = (path: string) => (key ? `${path}${path.includes("?") ? "&" : "?"}${key}` : path);
      const root = await get(withKey("/odata/"), headers());
      expect(root.status).toBe(200);
      const metadata = await get(withKey("/odata/$metadata"), headers());
      expect(metadata.status).toBe(200);
      expect(metadata.headers.get("content-type")).toMatch(/^application\/xml/);
      expect(metadata.text).toContain('<EntitySet Name="Stats"');

      // The preview: the first rows only ($top), then the load: the whole query, page by page.
      const preview = await get(
        withKey(`/odata/Stats?$filter=${FOLDED_FILTER}&$select=date,country,format,revenues,impressions&$top=20`),
        headers(),
      );
      expect(preview.status).toBe(200);
      expect((preview.json().value as unknown[]).length).toBe(20);
      expect(preview.json()["@odata.nextLink"]).toBeUndefined();

      let page = await get(
        withKey(`/odata/Stats?$filter=${FOLDED_FILTER}&$select=date,country,format,revenues,impressions`),
        headers(),
      );
      const rows: unknown[] = [];
      for (let pages = 1; ; pages++) {
        expect(page.status).toBe(200);
        for (const [name, value] of [
          ["odata-version", "4.0"],
          ["cache-control", "no-store"],
        ] as const)
          expect(page.headers.get(name)).toBe(value);
        expect(page.headers.get("content-type")).toMatch(/^application\/json;odata\.metadata=minimal/);
        expect(page.text).not.toContain(feed.token);
        const body = page.json();
        rows.push(...(body.value as unknown[]));
        const next = body["@odata.nextLink"] as string | undefined;
        if (!next) {
          expect(pages).toBeGreaterThan(1);
          break;
        }
        // The client, not the link, carries the key: Power Query adds its Web API key to each request.
        page = await get(withKey(next), headers());
      }
      const count = await get(
        withKey(`/odata/Stats/$count?$filter=${FOLDED_FILTER}&$select=date,country,format`),
        headers(),
      );
      expect(rows).toHaveLength(Number(count.text));
    },
  );
});

describe("credentials", () => {
  it.each([
    ["none", {}],
    ["a wrong Basic password", { authorization: basic("analyst", "not-a-token") }],
    ["a wrong Bearer token", { authorization: "Bearer not-a-token" }],
    ["an empty Basic password", { authorization: basic(feed?.token ?? "x", "") }],
  ])(
    "%s: 401 with WWW-Authenticate: Basic, so Power Query asks again, and says where to enter the token",
    async (_name, headers) => {
      const answer = await get(
        "/odata/Stats?$select=country&$filter=date%20ge%202026-06-01%20and%20date%20le%202026-06-02",
        headers as Record<string, string>,
      );
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.json()).toEqual({
        error: { code: expect.any(String), message: expect.stringContaining("access token as the password") },
      });
    },
  );

  it("a key in the query never reaches an error body, whatever option fails", async () => {
    const key = encodeURIComponent(feed.token);
    for (const path of [
      `/odata/Stats?access_token=${key}&$select=${key}&$filter=date%20ge%202026-06-01%20and%20date%20le%202026-06-02`,
      `/odata/Stats?access_token=${key}&$filter=country%20eq%20%27${key}%27`,
      `/odata/Stats?access_token=${key}&$orderby=${key}`,
      `/odata/${key}?access_token=${key}`,
      `/odata/Stats?ACCESS_TOKEN=${key}&$top=${key}`,
    ]) {
      const answer = await get(path, {});
      expect([400, 404]).toContain(answer.status);
      expect(answer.text).not.toContain(feed.token);
      expect(answer.text).not.toContain(feed.token.slice(0, 20));
    }
  });

  it("refuses a format it does not write with 406, naming the option", async () => {
    const answer = await get("/odata/Stats?$format=atom", { authorization: basic("x", feed.token) });
    expect(answer.status).toBe(406);
    expect(answer.json()).toEqual({ error: { code: "not_acceptable", message: expect.stringContaining("$format") } });
    const accept = await get("/odata/Countries", {
      authorization: basic("x", feed.token),
      accept: "application/atom+xml",
    });
    expect(accept.status).toBe(406);
  });
});
