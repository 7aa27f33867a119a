import type { Page, Route } from "playwright-core";
import type { LegacyAggregationNode, LegacyStatsResponse } from "../../src/api";
import { LegacyClient } from "../../src/client";
import { localToday, periodOfWord } from "../../src/core/periods";
import { legacyStatsRows } from "../../src/core/legacy/legacy-rows";
import { describeWithBrowser } from "./support/browser";
import { fakeTable, officeState, saveProfile, screenshot, statusAfter, type ProfileInput } from "./support/pane-page";
import {
  fullProfile,
  openExcelPane,
  startPaneServices,
  type ExcelPane,
  type PaneServices,
} from "./support/pane-services";

jest.setTimeout(240_000);

/**
 * A table inserted from the Legacy tab refreshes like the Query tab's: listed in the Queries tab
 * with its query in words and the profile it was made with, refreshed by Refresh all with that
 * profile's legacy key, its PivotTable with it. The legacy service's numbers change in between (the route doubles them),
 * so a refresh that did not happen cannot pass.
 */

type Cell = string | number | boolean;

/** Every count and revenue of a legacy answer doubled: new numbers, the same rows (eCPM unchanged). */
function doubled(response: LegacyStatsResponse): LegacyStatsResponse {
  const node = (entry: LegacyAggregationNode): LegacyAggregationNode => ({
    ...(entry.stats
      ? {
          stats: {
            ...entry.stats,
            impressions: entry.stats.impressions * 2,
            revenue: entry.stats.revenue * 2,
            requests: entry.stats.requests * 2,
          },
        }
      : {}),
    ...(entry.aggregation
      ? { aggregation: Object.fromEntries(Object.entries(entry.aggregation).map(([key, child]) => [key, node(child)])) }
      : {}),
  });
  return { ...response, ...node(response) } as LegacyStatsResponse;
}

describeWithBrowser("a table inserted from the Legacy tab refreshes, at 320 px", (executablePath) => {
  let services: PaneServices;
  let pane: ExcelPane;
  let page: Page;
  let profile: ProfileInput;
  let legacyClient: LegacyClient;
  let doubling = false;
  let tableName = "";

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 60, seed: 31 });
    const { emulator, logins } = services;
    profile = fullProfile(emulator, "Demo");
    legacyClient = new LegacyClient({
      baseUrl: emulator.legacyBaseUrl,
      apiKey: logins.legacy.apiKey,
      apiSecret: logins.legacy.apiSecret,
    });
    pane = await openExcelPane(services.browser, services.server.origin, {
      height: 800,
      prepare: async (context) => {
        await context.route(
          (url) => url.href.startsWith(emulator.legacyBaseUrl) && url.pathname.endsWith("/stats"),
          async (route: Route) => {
            if (!doubling) return route.continue();
            const response = await route.fetch();
            return route.fulfill({ response, json: doubled((await response.json()) as LegacyStatsResponse) });
          },
        );
      },
    });
    page = pane.page;
    expect((await saveProfile(page, profile)).kind).toBe("success");
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  /** The rows the Legacy tab's table of the last 7 days by day and country holds: the service's answer, doubled or not. */
  async function expectedRows(double: boolean): Promise<Cell[][]> {
    const period = periodOfWord("LAST_7_DAYS", localToday()());
    const response = await legacyClient.stats({ from: period.from, to: period.to, groupBy: ["day", "country"] });
    return legacyStatsRows(double ? doubled(response) : response, ["day", "country"], "readable").rows as Cell[][];
  }

  it("inserts the legacy table with a PivotTable and keeps its query in the workbook, saying it refreshes", async () => {
    await page.click("#tab-legacy");
    await page.waitForSelector("#legacy-applications details");
    await page.selectOption("#legacy-period", "LAST_7_DAYS");
    await page.selectOption("#legacy-group-add", "country");
    await page.click("#legacy-group-add-button");
    expect(await page.textContent("#legacy-insert-table-hint")).toMatch(/It refreshes from the Queries tab/);
    const done = await statusAfter(page, () => page.click("#legacy-insert-table"));
    expect(done.kind).toBe("success");
    expect(done.text).toMatch(
      /^\d[\d,]* rows inserted as the table (\S+) on Legacy, with a PivotTable\. Refresh both from the Queries tab\.$/,
    );
    tableName = /the table (\S+) on/.exec(done.text)![1]!;
    // Named apart from a Query tab table with the same groupings (Stats_by_Date_Country).
    expect(tableName).toBe("Legacy_by_Date_Country");
    expect((await fakeTable(page, tableName))?.values).toEqual(await expectedRows(false));
    const { pivots, customXmlParts } = (await officeState(page)).workbook;
    expect(pivots.map((pivot) => pivot.rowFields)).toEqual([["Date"]]);
    expect(customXmlParts).toHaveLength(1);
    expect(customXmlParts[0]!.xml).toContain("&quot;groupBy&quot;:[&quot;day&quot;,&quot;country&quot;]");
    // Pinned to the profile it was made with, by name only.
    expect(customXmlParts[0]!.xml).toContain(`&quot;profile&quot;:&quot;${profile.name}&quot;`);
  });

  it("is listed in the Queries tab with its query in words, without an Edit it could not honour", async () => {
    await page.click("#tab-queries");
    await page.waitForSelector(`#queries-tables li[data-table="${tableName}"]`);
    const item = page.locator(`#queries-tables li[data-table="${tableName}"]`);
    expect(await item.textContent()).toContain(
      `Legacy statistics: Impressions, Revenues, eCPM, Requests by Date, Country; last 7 days; profile ${profile.name}`,
    );
    expect(await item.locator("button").allTextContents()).toEqual(["Refresh", "Go to", "Remove link"]);
    await screenshot(page, "legacy-table-queries");
  });

  it("Refresh all refreshes it with the service's new numbers, and its PivotTable with it", async () => {
    doubling = true;
    const before = (await officeState(page)).workbook.pivots[0]!;
    const report = await statusAfter(page, () => page.click("#queries-refresh-all"), 60_000);
    expect(report.kind).toBe("success");
    const results = await page.$$eval("#queries-results li", (items) =>
      items.map((item) => ({ state: item.className, text: item.textContent ?? "" })),
    );
    expect(results.find((result) => result.text.startsWith(tableName))?.state).toContain("refreshed");
    const rows = await expectedRows(true);
    expect((await fakeTable(page, tableName))?.values).toEqual(rows);
    const after = (await officeState(page)).workbook.pivots[0]!;
    expect(after.refreshCount).toBe(before.refreshCount + 1);
    const impressions = (summary: typeof after.summary) =>
      summary.reduce((sum, entry) => sum + (entry.values[0] ?? 0), 0);
    expect(impressions(after.summary)).toBe(2 * impressions(before.summary));
    expect(await page.locator(`#queries-tables li[data-table="${tableName}"]`).textContent()).toMatch(/last refreshed/);
    await screenshot(page, "legacy-table-refreshed");
    expect(pane.pageErrors).toEqual([]);
  });
});
