import type { Page, Request, Route } from "playwright-core";
import type { StatsRequest } from "../../src/api";
import { ReportingClient } from "../../src/client";
import { addDays } from "../../src/core/calendar";
import { localToday } from "../../src/core/periods";
import { describeWithBrowser } from "./support/browser";
import { gate } from "./support/held-requests";
import { screenshot, statusAfter, waitForStatus } from "./support/pane-page";
import {
  chooseDays,
  chooseGroups,
  openQueryPane,
  previewQuery,
  shownPreview,
  type QueryPane,
} from "./support/query-pane";
import { startPaneServices, type PaneServices } from "./support/pane-services";

jest.setTimeout(240_000);

const GROUPS = ["date", "country", "format"] as const;

/**
 * Preview reads one page, however long the answer (issue 18, major 2: a 20-row preview of
 * 392,596 rows read 40 pages). An answer longer than a page is counted by the service's `total`;
 * without it the pane says "at least" and offers Count all rows, which reads every page with
 * pages read of pages known, and which Cancel stops. At 320 px, against the emulator.
 */
describeWithBrowser("Preview of an answer longer than one page, at 320 px", (executablePath) => {
  let services: PaneServices;
  let pane: QueryPane;
  let page: Page;
  let client: ReportingClient;
  let dataThrough: string;

  beforeAll(async () => {
    const today = localToday()();
    services = await startPaneServices(executablePath, { days: 120, seed: 3, today });
    client = new ReportingClient({ baseUrl: services.emulator.baseUrl, token: services.logins.first.token });
    dataThrough = (await client.dates()).to;
    pane = await openQueryPane(services.browser, services.server.origin, services.emulator);
    page = pane.page;
    await chooseGroups(page, GROUPS);
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  /** 60 days ending `daysBefore` days before the last day with data: each test its own query, so that no cached answer stands in. */
  async function chooseQuery(daysBefore: number): Promise<StatsRequest> {
    const to = addDays(dataThrough, -daysBefore);
    const from = addDays(to, -59);
    await chooseDays(page, from, to);
    return { filters: { from, to }, groups: [...GROUPS] };
  }

  /** POSTs to /stats (not its exports) from now on. */
  function statsRequests(): Request[] {
    const seen: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/stats")) seen.push(request);
    });
    return seen;
  }

  /**
   * The service as known-facts allows it: no `total`. Pages after the first wait until the test
   * lets them through (`release`), so that what it checks of the page meanwhile cannot be raced.
   */
  async function withoutTotal(): Promise<{ release: () => void; unroute: () => Promise<void> }> {
    const pattern = `${services.emulator.baseUrl}/stats`;
    const laterPages = gate();
    const handler = async (route: Route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const offset = (JSON.parse(route.request().postData() ?? "{}") as { offset?: number }).offset ?? 0;
      if (offset > 0) await laterPages.opened;
      try {
        const response = await route.fetch();
        const { total: _total, ...body } = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: body });
      } catch {
        // The pane cancelled the request (or closed) while it waited.
      }
    };
    await page.route(pattern, handler);
    return {
      release: laterPages.open,
      unroute: async () => {
        laterPages.open();
        await page.unroute(pattern, handler);
      },
    };
  }

  it("costs one request of one page, counts the rows by the service's total and offers the totals", async () => {
    const request = await chooseQuery(0);
    const total = (await client.stats({ ...request, limit: 1 })).total!;
    expect(total).toBeGreaterThan(10_000);
    const sent = statsRequests();
    expect(await previewQuery(page)).toBe(
      `Preview ready: ${total.toLocaleString("en-US")} rows in total; the first 20 are shown.`,
    );
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.postData() ?? "{}")).toMatchObject({ limit: 10_000 });
    // The first page's sums are not the answer's: no totals row until every row is read.
    expect((await shownPreview(page)).totals).toEqual([]);
    expect(await page.textContent("#query-count-all-button")).toBe("Total all rows");
    expect(await page.textContent("#query-count-note")).toBe(
      "Totals need every row: Total all rows reads all 2 pages; you can cancel it.",
    );
    await screenshot(page, "preview-first-page");
  });

  it("withdraws Total all rows while the query differs from the preview, and offers it again when the query is back", async () => {
    const previewed = await page.inputValue("#query-formula");
    expect(await page.isVisible("#query-count-all-button")).toBe(true);
    // Another period: the preview is out of date, and counting would read a query its rows do not answer.
    await chooseQuery(5);
    expect(await page.inputValue("#query-formula")).not.toBe(previewed);
    expect(await page.isVisible("#query-preview-stale")).toBe(true);
    expect(await page.isHidden("#query-count-all")).toBe(true);
    await screenshot(page, "preview-out-of-date-no-count");
    await chooseQuery(0);
    expect(await page.inputValue("#query-formula")).toBe(previewed);
    expect(await page.isHidden("#query-preview-stale")).toBe(true);
    expect(await page.isVisible("#query-count-all-button")).toBe(true);
    expect(await page.textContent("#query-count-all-button")).toBe("Total all rows");
  });

  it("says 'at least' without the service's total, and Count all rows counts and totals every row, page by page", async () => {
    const request = await chooseQuery(1);
    const all = await client.statsAll(request);
    const { release, unroute } = await withoutTotal();
    try {
      expect(await previewQuery(page)).toBe("Preview ready: At least 10,000 rows; the first 20 are shown.");
      expect(await page.textContent("#query-count-all-button")).toBe("Count all rows");
      expect(await page.isVisible("#query-count-all-button")).toBe(true);
      await screenshot(page, "preview-at-least");

      const done = statusAfter(page, () => page.click("#query-count-all-button"));
      await page.waitForFunction(
        () =>
          document.getElementById("query-count-progress-text")?.textContent ===
          "1 page read (10,000 rows); at least 2 in all.",
      );
      expect(await page.isVisible("#query-cancel")).toBe(true);
      expect(await page.getAttribute("#query-count-meter", "max")).toBe("2");
      expect(await page.getAttribute("#query-count-meter", "value")).toBe("1");
      await screenshot(page, "count-all-progress");
      release();
      const rows = all.stats.length.toLocaleString("en-US");
      expect(await done).toEqual({
        kind: "success",
        text: `All rows read: ${rows} rows in total; the first 20 are shown.`,
      });
      const { totals } = await shownPreview(page);
      expect(totals[0]).toMatchObject({ text: "Total", note: `all ${rows} rows` });
      const impressions = all.stats.reduce((sum, entry) => sum + (entry.metrics.impressions ?? 0), 0);
      expect(Number(totals[3]!.value)).toBe(impressions);
      expect(await page.isHidden("#query-count-all")).toBe(true);
      expect(await page.isHidden("#query-count-progress")).toBe(true);
    } finally {
      await unroute();
    }
  });

  it("stops Count all rows on Cancel and leaves the preview as it was", async () => {
    await chooseQuery(2);
    const { unroute } = await withoutTotal();
    try {
      await previewQuery(page);
      const summary = await page.textContent("#query-preview-summary");
      const sent = statsRequests();
      await page.click("#query-count-all-button");
      await page.waitForFunction(() =>
        /^1 page read/.test(document.getElementById("query-count-progress-text")?.textContent ?? ""),
      );
      const cancelled = await statusAfter(page, () => page.click("#query-cancel"));
      expect(cancelled).toEqual({ kind: "info", text: "Cancelled. Nothing was changed." });
      expect(await page.textContent("#query-preview-summary")).toBe(summary);
      expect((await shownPreview(page)).totals).toEqual([]);
      expect(await page.isHidden("#query-count-progress")).toBe(true);
      expect(await page.isEnabled("#query-count-all-button")).toBe(true);
      // The first page again (the listing's own), then the second, which Cancel abandoned.
      expect(sent.length).toBeLessThanOrEqual(2);
      await waitForStatus(page, /^Cancelled/);
    } finally {
      await unroute();
    }
  });
});
