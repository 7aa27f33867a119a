import type { Browser, BrowserContext, Page } from "playwright-core";
import type { StatsEntry } from "../../src/api";
import { ReportingClient } from "../../src/client";
import { addDays } from "../../src/core/calendar";
import { readStatsQuery, type StatsQuery } from "../../src/core/arguments/stats-query";
import type { ReferenceLists } from "../../src/core/preview";
import { statsRows } from "../../src/core/rows/stats-rows";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { describeWithBrowser, launchChromium } from "./support/browser";
import { screenshot } from "./support/pane-page";
import { buildPreviewPage } from "./support/preview-page/build";
import type { PreviewPageInput } from "./support/preview-page/entry";
import { serveDirectory, type StaticServer } from "./support/static-server";

jest.setTimeout(120_000);

const PANE_WIDTH = 320;
const REGION = "#preview-table .preview-scroll";

/** Where each heading's content sits against the scroll box, in the page's pixels. */
async function headingBoxes(page: Page): Promise<{ view: { left: number; right: number }; headings: { text: string; left: number; right: number }[] }> {
  return page.$eval(REGION, (region) => {
    const view = region.getBoundingClientRect();
    return {
      view: { left: view.left, right: view.left + region.clientWidth },
      headings: Array.from(region.querySelectorAll("thead th")).map((cell) => {
        // The content box: a column cut only in its padding shows all it holds.
        const box = cell.getBoundingClientRect();
        return { text: cell.textContent ?? "", left: box.left, right: box.right - parseFloat(getComputedStyle(cell).paddingRight) };
      }),
    };
  });
}

/** The cells of the first body row that the eye can see at their middle (nothing drawn over them). */
async function visibleFirstRowCells(page: Page): Promise<string[]> {
  return page.$eval(REGION, (region) => {
    const view = region.getBoundingClientRect();
    const cells = Array.from(region.querySelectorAll("tbody tr:first-child td"));
    return cells.flatMap((cell) => {
      const box = cell.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < view.left || x > view.left + region.clientWidth) return [];
      const onTop = document.elementFromPoint(x, y);
      return onTop && cell.contains(onTop) ? [cell.getAttribute("data-value") ?? ""] : [];
    });
  });
}

describeWithBrowser("the preview table at 320 px", (executablePath) => {
  let emulator: RunningEmulator;
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let client: ReportingClient;
  let lists: ReferenceLists;
  let dates: { from: string; to: string };

  async function show(query: StatsQuery, entries: readonly StatsEntry[], dataThrough?: string): Promise<void> {
    const input: PreviewPageInput = {
      table: statsRows(entries, query.request, query.headers),
      query,
      lists,
      caption: "Preview of the test query",
      ...(dataThrough ? { dataThrough } : {}),
    };
    await page.evaluate((given) => (window as unknown as { renderPreview: (input: unknown) => void }).renderPreview(given), input);
  }

  beforeAll(async () => {
    const [directory, running] = await Promise.all([buildPreviewPage(), startEmulator({ port: 0, days: 60, seed: 5 })]);
    emulator = running;
    server = await serveDirectory(directory);
    browser = await launchChromium(executablePath);
    client = new ReportingClient({ baseUrl: emulator.baseUrl, token: emulator.credentials.bearer[0]?.token ?? "" });
    dates = await client.dates();
    lists = { countries: await client.countries(), formats: await client.formats(), organizations: (await client.details()).organizations };
    context = await browser.newContext({ viewport: { width: PANE_WIDTH, height: 700 } });
    page = await context.newPage();
    await page.goto(`${server.origin}/index.html`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await emulator?.close();
  });

  describe("six columns: date, country and the four metrics", () => {
    let entries: StatsEntry[];

    beforeAll(async () => {
      const query = readStatsQuery(
        { from: addDays(dates.to, -6), to: dates.to, groups: "date,country", metrics: "impressions,revenues,ecpm,requests" },
        () => addDays(dates.to, 1),
      );
      entries = (await client.statsAll(query.request)).stats;
      await show(query, entries);
    });

    it("names the hidden columns' count, keeps the first column in view and reaches the last one by scrolling", async () => {
      const before = await headingBoxes(page);
      expect(before.headings.map((heading) => heading.text)).toEqual(["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests"]);
      const hidden = before.headings.filter((heading) => heading.right > before.view.right + 1).length;
      expect(hidden).toBeGreaterThanOrEqual(2);
      expect(await page.textContent("#preview-table .preview-cue")).toBe(`Scroll sideways for ${hidden} more columns →`);
      expect(await page.getAttribute("#preview-table .preview-frame", "data-more-right")).toBe("true");

      await page.$eval(REGION, (region) => {
        region.scrollLeft = region.scrollWidth;
      });
      await page.waitForFunction(() => document.querySelector("#preview-table .preview-cue")?.hasAttribute("hidden"));
      const after = await headingBoxes(page);
      const last = after.headings[after.headings.length - 1]!;
      expect(last.right).toBeLessThanOrEqual(after.view.right + 1);
      // The date stays where it was, drawn over the columns scrolling under it.
      expect(after.headings[0]!.left).toBeCloseTo(before.headings[0]!.left, 0);
      const seen = await visibleFirstRowCells(page);
      expect(seen[0]).toBe(String(await page.getAttribute(`${REGION} tbody tr:first-child td:first-child`, "data-value")));
      expect(seen).toContain(String(entries[0]!.metrics.requests));
      await screenshot(page, "wide-preview-scrolled");
    });

    it("totals every row of the answer, not only the 20 shown, with eCPM from the summed revenues and impressions", async () => {
      expect(entries.length).toBeGreaterThan(20);
      expect(await page.$$eval(`${REGION} tbody tr`, (rows) => rows.length)).toBe(20);
      const impressions = entries.reduce((sum, entry) => sum + (entry.metrics.impressions ?? 0), 0);
      const revenues = entries.reduce((sum, entry) => sum + (entry.metrics.revenues ?? 0), 0);
      const requests = entries.reduce((sum, entry) => sum + (entry.metrics.requests ?? 0), 0);
      const footer = await page.$eval(`${REGION} tfoot tr`, (row) =>
        Array.from(row.children).map((cell) => ({ text: cell.textContent ?? "", value: cell.getAttribute("data-value") ?? "" })),
      );
      expect(footer[0]?.text).toBe(`Total all ${entries.length} rows`);
      expect(Number(footer[2]?.value)).toBe(impressions);
      expect(Number(footer[3]?.value)).toBeCloseTo(revenues, 6);
      expect(Number(footer[4]?.value)).toBeCloseTo((revenues / impressions) * 1000, 9);
      expect(Number(footer[5]?.value)).toBe(requests);
      expect(footer[3]?.text).toBe(`$${revenues.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
      expect(footer[2]?.text).toBe(impressions.toLocaleString("en-US"));
    });

    it("shows countries by name with the code kept, dates as YYYY-MM-DD and right-aligned numbers", async () => {
      const first = entries[0]!;
      const country = await page.$eval(`${REGION} tbody tr:first-child td:nth-child(2)`, (cell) => ({
        text: cell.textContent,
        value: cell.getAttribute("data-value"),
        title: cell.getAttribute("title"),
      }));
      const label = lists.countries?.find((option) => option.value === first.group.country)?.label;
      expect(label).toBeDefined();
      expect(country).toEqual({ text: label, value: first.group.country, title: first.group.country });
      expect(await page.textContent(`${REGION} tbody tr:first-child td:first-child`)).toBe(first.group.date);
      const alignments = await page.$$eval(`${REGION} tbody tr:first-child td`, (cells) => cells.map((cell) => getComputedStyle(cell).textAlign));
      expect(alignments).toEqual(["left", "left", "right", "right", "right", "right"]);
    });

    it("scrolls by keyboard from the focused table and passes axe at 320 px", async () => {
      await page.$eval(REGION, (region) => {
        region.scrollLeft = 0;
      });
      await page.focus(REGION);
      for (let press = 0; press < 4; press++) await page.keyboard.press("ArrowRight");
      await page.waitForFunction((selector) => (document.querySelector(selector)?.scrollLeft ?? 0) > 0, REGION);
      // Arrow keys scroll smoothly: the shot waits for the scrolling to end, then shows the start.
      await page.$eval(
        REGION,
        (region) =>
          new Promise<void>((resolve) => {
            let last = -1;
            const settle = () => {
              if (region.scrollLeft === last) resolve();
              else {
                last = region.scrollLeft;
                setTimeout(settle, 100);
              }
            };
            settle();
          }),
      );
      await page.$eval(REGION, (region) => {
        region.scrollTo({ left: 0, behavior: "instant" });
        (region as HTMLElement).blur();
      });
      await page.waitForFunction(() => !document.querySelector("#preview-table .preview-cue")?.hasAttribute("hidden"));
      await screenshot(page, "wide-preview-totals");
    });
  });

  it("marks the partial weeks at the period's edges and the week past the data", async () => {
    // From a Wednesday to a Tuesday three weeks later: the first week has 5 days in the period, the fourth 2.
    let from = addDays(dates.to, -30);
    while (new Date(`${from}T00:00:00Z`).getUTCDay() !== 3) from = addDays(from, 1);
    const to = addDays(from, 20);
    const query = readStatsQuery({ from, to, groups: "date", metrics: "impressions,revenues", options: "date_group=week" }, () => addDays(dates.to, 1));
    const entries = (await client.statsAll(query.request)).stats;
    // A data-through day inside the last full week shows how a week past the data reads.
    const dataThrough = addDays(to, -4);
    await show(query, entries, dataThrough);
    const notes = await page.$$eval(`${REGION} tbody tr td:first-child`, (cells) => cells.map((cell) => cell.querySelector(".cell-note")?.textContent ?? ""));
    expect(notes).toEqual([
      "partial: 5 of 7 days",
      "",
      `partial: 5 of 7 days, data through ${dataThrough}`,
      `no data yet: data through ${dataThrough}`,
    ]);
    await screenshot(page, "preview-partial-weeks");
  });
});
