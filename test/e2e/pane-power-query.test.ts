import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describeWithBrowser } from "./support/browser";
import { openMoreActions, pickerContent, saveProfile, screenshot, statusAfter } from "./support/pane-page";
import { bearerProfile, openExcelPane, startPaneServices, type PaneServices } from "./support/pane-services";
import { chooseGroups, chooseMetrics, openQueryPane, type QueryPane } from "./support/query-pane";
import { section1Of } from "../support/data-mashup";

jest.setTimeout(240_000);

/**
 * "Open in Power Query" at 320 px: the Excel workbook and the Power BI file of the form's query,
 * reading the OData feed of the server the pane came from. The feed is the add-in server's
 * (src/host); here the pane comes from a static server, which has none, so the test answers its
 * address as the feed does when asked without a credential (401, OData-Version 4.0).
 */
describeWithBrowser("Open in Power Query, at 320 px", (executablePath) => {
  let services: PaneServices;

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 90, seed: 21 });
  });
  afterAll(async () => services?.close());

  async function download(page: Page, selector: string): Promise<{ name: string; bytes: Buffer }> {
    const [file] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) ?? "") };
  }

  describe("from a server with the feed", () => {
    let pane: QueryPane;
    let page: Page;

    beforeAll(async () => {
      const { browser, server, emulator } = services;
      const feed = `${server.origin}/odata/`;
      pane = await openExcelPane(browser, server.origin, {
        height: 800,
        prepare: async (context) => {
          await context.route(feed, (route) =>
            route.fulfill({
              status: 401,
              headers: {
                "OData-Version": "4.0",
                "WWW-Authenticate": 'Basic realm="Reporting"',
                "content-type": "application/json",
              },
              body: '{"error":{"code":"unauthorized","message":"Sign in"}}',
            }),
          );
        },
      });
      page = pane.page;
      await saveProfile(page, bearerProfile(emulator, "Analyst"));
      await page.click("#tab-query");
      await pickerContent(page, "countries");
    });
    afterAll(async () => pane?.context.close());

    it("downloads a workbook whose Power Query query keeps last month at every refresh", async () => {
      await page.selectOption("#query-period", "LAST_MONTH");
      await chooseGroups(page, ["date", "country"]);
      await chooseMetrics(page, ["impressions", "revenues"]);
      await openMoreActions(page);
      await page.waitForFunction(() =>
        /refreshes from this add-in's server/.test(
          document.getElementById("query-power-query-note")?.textContent ?? "",
        ),
      );
      const { name, bytes } = await download(page, "#query-export-power-query");
      expect(name).toMatch(/^stats_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}_by-date-country_power-query\.xlsx$/);
      const m = section1Of(new Uint8Array(bytes));
      expect(m).toContain("From = Date.StartOfMonth(Date.AddMonths(Today, -1)),");
      expect(m).toContain(
        `OData.Feed("${services.server.origin}/odata/Stats?$select=date%2Ccountry%2Cimpressions%2Crevenues&$filter=date%20ge%20"`,
      );
      expect(m).toContain('{"revenues", "Revenues (USD)"}');
      expect(await page.textContent("#status")).toMatch(
        /^Downloaded .*\.xlsx\. Open it in Excel; when Power Query asks, enter your access token once/,
      );
      await screenshot(page, "power-query-downloaded");
    });

    it("the same query as a Power BI file, from More actions", async () => {
      await openMoreActions(page);
      const { name, bytes } = await download(page, "#query-pbids");
      expect(name).toMatch(/_power-query\.pbids$/);
      const pbids = JSON.parse(bytes.toString("utf8"));
      const url = new URL(pbids.connections[0].details.address.url);
      expect(pbids.connections[0].details.protocol).toBe("odata");
      expect(url.origin + url.pathname).toBe(`${services.server.origin}/odata/Stats`);
      expect(url.searchParams.get("$filter")).toMatch(/^date ge \d{4}-\d{2}-01 and date le \d{4}-\d{2}-\d{2}$/);
      expect(await page.textContent("#status")).toMatch(/last month as of today: the file keeps these days/);
    });

    it("says what to change for a query Power Query cannot ask", async () => {
      await page.selectOption("#query-compare", "previous_period");
      const said = await statusAfter(page, () => page.click("#query-power-query"));
      expect(said).toEqual({ kind: "error", text: expect.stringMatching(/set Compare with to Nothing/) });
      await page.selectOption("#query-compare", "");
    });
  });

  describe("from a server without the feed", () => {
    let pane: QueryPane;

    beforeAll(async () => {
      pane = await openQueryPane(services.browser, services.server.origin, services.emulator, 800);
    });
    afterAll(async () => pane?.context.close());

    it("says why, in the note under the buttons and when pressed, and downloads nothing", async () => {
      const { page } = pane;
      await openMoreActions(page);
      await page.waitForFunction(() =>
        /needs the add-in to come from its own server/.test(
          document.getElementById("query-power-query-note")?.textContent ?? "",
        ),
      );
      let downloads = 0;
      page.on("download", () => (downloads += 1));
      const said = await statusAfter(page, () => page.click("#query-export-power-query"));
      expect(said.kind).toBe("error");
      expect(said.text).toMatch(/needs the add-in to come from its own server.*ask whoever installed the add-in/);
      await screenshot(page, "power-query-no-feed");
      expect(downloads).toBe(0);
      // A little wider, as some Excel panes open: the bar's buttons still fit.
      await page.setViewportSize({ width: 350, height: 800 });
      await screenshot(page, "power-query-no-feed-350");
    });
  });
});
