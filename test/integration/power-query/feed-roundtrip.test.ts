/**
 * The two halves of issue 21 meet: the URL "Open in Power Query" writes into a workbook (and the
 * .pbids opens) is asked of the host's real OData feed, as Power Query would with the Web API key,
 * following every nextLink, and its rows must be the rows of /stats for the same query. Each half
 * has its own tests; this one fails when the pane writes a URL the feed reads differently.
 */
import type { StatsQueryModel } from "../../../src/core/formula-text";
import { FEED_API_KEY_NAME } from "../../../src/core/power-query/m-query";
import { powerQueryFiles } from "../../../src/core/power-query/power-query-files";
import { START_TIMEOUT_MS, stats } from "../emulator/support/emulator";
import { startFeedServer, type FeedServer } from "../odata/support/feed-server";

jest.setTimeout(START_TIMEOUT_MS);

let feed: FeedServer;
beforeAll(async () => {
  feed = await startFeedServer(40);
});
afterAll(() => feed?.close());

/** Every row of the feed at `url`, page after page, with the key Power Query appends to each request. */
async function feedRows(url: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let next: string | undefined = url, pages = 0; next !== undefined; pages++) {
    if (pages > 100) throw new Error("the feed kept linking to more pages");
    const keyed = `${next}${next.includes("?") ? "&" : "?"}${FEED_API_KEY_NAME}=${encodeURIComponent(feed.token)}`;
    const response = await fetch(keyed, { headers: { accept: "application/json", "odata-maxversion": "4.0" } });
    const body = (await response.json()) as {
      value?: Record<string, unknown>[];
      "@odata.nextLink"?: string;
      error?: unknown;
    };
    if (response.status !== 200) throw new Error(`the feed answered ${response.status}: ${JSON.stringify(body.error)}`);
    rows.push(...(body.value ?? []));
    next = body["@odata.nextLink"];
  }
  return rows;
}

const model = (parts: Partial<StatsQueryModel>): StatsQueryModel => ({
  period: { from: "2026-06-01", to: "2026-06-12" },
  groups: [],
  metrics: [],
  filters: {},
  orders: [],
  ...parts,
});

describe("the pane's Power Query URL, asked of the real feed", () => {
  it.each([
    [
      "by date and country, two countries",
      model({
        groups: ["date", "country"],
        metrics: ["revenues", "impressions"],
        filters: { countries: ["FR", "DE"] },
      }),
    ],
    ["by format, every metric, one asset type", model({ groups: ["format"], filters: { asset_types: ["IOS"] } })],
    ["by country, sorted by revenue", model({ groups: ["country"], metrics: ["revenues"], orders: ["revenues:desc"] })],
  ])("%s: the rows of /stats", async (_name, query) => {
    const origin = feed.root.replace(/\/odata\/$/, "");
    const files = powerQueryFiles(query, { origin, today: "2026-06-20" });
    const rows = await feedRows(files.fixedUrl);

    const direct = await stats(feed.emulator, feed.token, {
      filters: { from: files.days.from, to: files.days.to, ...(query.filters as Record<string, string[]>) },
      groups: [...query.groups],
      ...(query.metrics.length > 0 ? { metrics: [...query.metrics] } : {}),
    });
    expect(direct.stats.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(direct.stats.length);
    const keyOf = (values: Record<string, unknown>) =>
      JSON.stringify(query.groups.map((group) => values[group] ?? null));
    const byKey = new Map(rows.map((row) => [keyOf(row), row]));
    for (const entry of direct.stats) {
      const row = byKey.get(keyOf(entry.group as Record<string, unknown>));
      expect(row).toBeDefined();
      for (const [metric, value] of Object.entries(entry.metrics))
        expect(Number(row![metric])).toBeCloseTo(value as number, 6);
    }
    if (query.orders.length > 0) {
      const revenues = rows.map((row) => Number(row.revenues));
      expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    }
  });
});
