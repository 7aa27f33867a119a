import type { Page } from "playwright-core";
import type { Option, StatsEntry, StatsRequest } from "../../src/api";
import { ReportingClient } from "../../src/client";
import { addDays, dayNumber, isoDateOfDayNumber, parseIsoDate } from "../../src/core/calendar";
import { excelSerialFromIsoDate } from "../../src/core/excel-dates";
import { localToday } from "../../src/core/periods";
import { describeWithBrowser } from "./support/browser";
import { screenshot } from "./support/pane-page";
import {
  chooseDays,
  chooseGroups,
  chooseMetrics,
  openQueryPane,
  previewQuery,
  shownPreview,
  type QueryPane,
} from "./support/query-pane";
import { startPaneServices, type PaneServices } from "./support/pane-services";

jest.setTimeout(180_000);

const REGION = "#query-preview-table .preview-scroll";
const CUE = "#query-preview-table .preview-cue";

/** The latest Tuesday on or before `isoDate`. */
function tuesdayOnOrBefore(isoDate: string): string {
  const day = parseIsoDate(isoDate)!;
  const days = dayNumber(day.year, day.month, day.day);
  // 1970-01-01 was a Thursday: (days + 2) mod 7 is 0 on Tuesdays.
  return isoDateOfDayNumber(days - ((((days + 2) % 7) + 7) % 7));
}

/** Where each heading's content sits against the scroll box, in the page's pixels. */
async function headingBoxes(
  page: Page,
): Promise<{ view: { left: number; right: number }; headings: { text: string; left: number; right: number }[] }> {
  return page.$eval(REGION, (region) => {
    const view = region.getBoundingClientRect();
    return {
      view: { left: view.left, right: view.left + region.clientWidth },
      headings: Array.from(region.querySelectorAll("thead th")).map((cell) => {
        // The content box: a column cut only in its padding shows all it holds.
        const box = cell.getBoundingClientRect();
        return {
          text: cell.textContent ?? "",
          left: box.left,
          right: box.right - parseFloat(getComputedStyle(cell).paddingRight),
        };
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

/** Waits until the region's smooth scrolling has come to rest. */
function scrollingSettled(page: Page): Promise<void> {
  return page.$eval(
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
}

const sum = (entries: readonly StatsEntry[], metric: "impressions" | "revenues" | "requests") =>
  entries.reduce((total, entry) => total + (entry.metrics[metric] ?? 0), 0);

/**
 * The Query tab's preview in the built pane at 320 px, against the emulator: what the user sees
 * after Preview is checked against the service's own answer, fetched here by a second client.
 */
describeWithBrowser("the Query tab's preview at 320 px", (executablePath) => {
  // The emulator's data ends on a Friday (the pane's today comes after it), so that a period
  // from a Wednesday to a Tuesday three weeks later cuts a week at each end and reaches past the data.
  const periodEnd = tuesdayOnOrBefore(localToday()());
  const dataThrough = addDays(periodEnd, -4);
  let services: PaneServices;
  let pane: QueryPane;
  let page: Page;
  let client: ReportingClient;
  let countries: readonly Option[];

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 60, seed: 5, today: addDays(dataThrough, 1) });
    client = new ReportingClient({ baseUrl: services.emulator.baseUrl, token: services.logins.first.token });
    expect((await client.dates()).to).toBe(dataThrough);
    countries = await client.countries();
    pane = await openQueryPane(services.browser, services.server.origin, services.emulator);
    page = pane.page;
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  describe("six columns: date, country and the four metrics over the last 7 days with data", () => {
    const from = addDays(dataThrough, -6);
    let entries: StatsEntry[];

    beforeAll(async () => {
      const request: StatsRequest = {
        filters: { from, to: dataThrough },
        groups: ["date", "country"],
        metrics: ["impressions", "revenues", "ecpm", "requests"],
      };
      entries = (await client.statsAll(request)).stats;
      await chooseDays(page, from, dataThrough);
      await chooseGroups(page, ["date", "country"]);
      await chooseMetrics(page, ["impressions", "revenues", "ecpm", "requests"]);
      // All four metrics are the formula's default: it names none.
      expect(await page.inputValue("#query-formula")).toBe(
        `=REPORTING.STATS("${from}","${dataThrough}","date,country")`,
      );
      await previewQuery(page);
    });

    it("names the hidden columns' count, keeps the date and the country in view and reaches the last one by scrolling", async () => {
      const before = await headingBoxes(page);
      expect(before.headings.map((heading) => heading.text)).toEqual([
        "Date",
        "Country",
        "Impressions",
        "Revenues (USD)",
        "eCPM (USD)",
        "Requests",
      ]);
      const hidden = before.headings.filter((heading) => heading.right > before.view.right + 1).length;
      expect(hidden).toBeGreaterThanOrEqual(2);
      expect(await page.textContent(CUE)).toBe(`Scroll sideways for ${hidden} more columns →`);
      expect(await page.getAttribute("#query-preview-table .preview-frame", "data-more-right")).toBe("true");

      await page.$eval(REGION, (region) => {
        region.scrollLeft = region.scrollWidth;
      });
      await page.waitForFunction((cue) => document.querySelector(cue)?.hasAttribute("hidden"), CUE);
      const after = await headingBoxes(page);
      const last = after.headings[after.headings.length - 1]!;
      expect(last.right).toBeLessThanOrEqual(after.view.right + 1);
      // The date and the country stay where they were, drawn over the columns scrolling under
      // them: a revenue is never read without the country it belongs to.
      expect(after.headings[0]!.left).toBeCloseTo(before.headings[0]!.left, 0);
      expect(after.headings[1]!.left).toBeCloseTo(before.headings[1]!.left, 0);
      const seen = await visibleFirstRowCells(page);
      const first = (await shownPreview(page)).rows[0]!;
      expect(seen.slice(0, 2)).toEqual([first[0]!.value, first[1]!.value]);
      const entry = entries.find(
        (candidate) => candidate.group.date === first[0]!.text && candidate.group.country === first[1]!.value,
      );
      expect(seen).toContain(String(entry?.metrics.requests));
      await page.locator("#query-preview-section").scrollIntoViewIfNeeded();
      await screenshot(page, "wide-preview-scrolled");
      await page.$eval(REGION, (region) => {
        region.scrollLeft = 0;
      });
    });

    it("shows the service's figures for each row, country codes as the files hold them with their names beside, dates as YYYY-MM-DD, money with two decimals, numbers on the right", async () => {
      const shown = await shownPreview(page);
      expect(shown.rows).toHaveLength(20);
      for (const row of shown.rows) {
        const [date, country, impressions, revenues, ecpm, requests] = row;
        expect(date!.text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(date!.value).toBe(String(excelSerialFromIsoDate(date!.text)));
        const entry = entries.find(
          (candidate) => candidate.group.date === date!.text && candidate.group.country === country!.value,
        );
        expect(entry).toBeDefined();
        const label = countries.find((option) => option.value === entry!.group.country)?.label;
        expect(label).toBeDefined();
        expect(label).not.toBe(entry!.group.country);
        expect(country).toEqual({
          text: entry!.group.country,
          value: entry!.group.country,
          title: null,
          note: "",
          name: label,
        });
        expect([impressions!.value, revenues!.value, ecpm!.value, requests!.value]).toEqual(
          [entry!.metrics.impressions, entry!.metrics.revenues, entry!.metrics.ecpm, entry!.metrics.requests].map(
            String,
          ),
        );
        expect(revenues!.text).toMatch(/^\d{1,3}(,\d{3})*\.\d\d$/);
        expect(ecpm!.text).toMatch(/^\d{1,3}(,\d{3})*\.\d\d$/);
      }
      const alignments = await page.$$eval(`${REGION} tbody tr:first-child td`, (cells) =>
        cells.map((cell) => getComputedStyle(cell).textAlign),
      );
      expect(alignments).toEqual(["left", "left", "right", "right", "right", "right"]);
    });

    it("totals every row of the answer, not only the 20 shown, with eCPM from the summed revenues and impressions", async () => {
      expect(entries.length).toBeGreaterThan(20);
      const impressions = sum(entries, "impressions");
      const revenues = sum(entries, "revenues");
      const requests = sum(entries, "requests");
      const { totals } = await shownPreview(page);
      expect(totals[0]).toMatchObject({ text: "Total", note: `all ${entries.length.toLocaleString("en-US")} rows` });
      expect(Number(totals[2]!.value)).toBe(impressions);
      expect(Number(totals[3]!.value)).toBeCloseTo(revenues, 6);
      expect(Number(totals[4]!.value)).toBeCloseTo((revenues / impressions) * 1000, 9);
      expect(Number(totals[5]!.value)).toBe(requests);
      expect(totals[3]!.text).toBe(
        `${revenues.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
      expect(totals[2]!.text).toBe(impressions.toLocaleString("en-US"));
      expect(totals[5]!.text).toBe(requests.toLocaleString("en-US"));
      // The codes with their names and the currency in the headings, also at 350 px.
      const viewport = page.viewportSize()!;
      await page.setViewportSize({ width: 350, height: viewport.height });
      try {
        await page.locator("#query-preview-section").scrollIntoViewIfNeeded();
        await screenshot(page, "wide-preview-350");
      } finally {
        await page.setViewportSize(viewport);
      }
    });

    it("scrolls by keyboard from the focused table", async () => {
      await page.focus(REGION);
      for (let press = 0; press < 4; press++) await page.keyboard.press("ArrowRight");
      await page.waitForFunction((selector) => (document.querySelector(selector)?.scrollLeft ?? 0) > 0, REGION);
      // Arrow keys scroll smoothly: the shot waits for the scrolling to end, then shows the start.
      await scrollingSettled(page);
      await page.$eval(REGION, (region) => {
        region.scrollTo({ left: 0, behavior: "instant" });
        (region as HTMLElement).blur();
      });
      await page.waitForFunction((cue) => !document.querySelector(cue)?.hasAttribute("hidden"), CUE);
      await page.locator("#query-preview-section").scrollIntoViewIfNeeded();
      await screenshot(page, "wide-preview-totals");
    });
  });

  it("marks the partial weeks at the period's edges and the week cut by the last day with data", async () => {
    // From a Wednesday to a Tuesday three weeks later: the first week has 5 days in the period, the
    // third has data through its Friday only, and the fourth (Monday and Tuesday) has none yet.
    const from = addDays(periodEnd, -20);
    await chooseDays(page, from, periodEnd);
    await chooseGroups(page, ["date"]);
    await chooseMetrics(page, ["impressions", "revenues"]);
    await page.selectOption("#query-date-group", "week");
    expect(await page.inputValue("#query-formula")).toBe(
      `=REPORTING.STATS("${from}","${periodEnd}","date","impressions,revenues",,,"date_group=week")`,
    );
    await previewQuery(page);
    const weeks = (
      await client.statsAll({
        filters: { from, to: periodEnd },
        groups: ["date"],
        metrics: ["impressions", "revenues"],
        date_group: "week",
      })
    ).stats;
    const shown = await shownPreview(page);
    // The service lists no row for the week without data; the period's own note says why it stops.
    expect(shown.rows.map((row) => row[0]!.text)).toEqual(weeks.map((entry) => entry.group.date));
    expect(shown.rows.map((row) => row[0]!.note)).toEqual([
      "partial: 5 of 7 days",
      "",
      `partial: 5 of 7 days, data through ${dataThrough}`,
    ]);
    expect(await page.textContent("#query-past-data")).toContain(`the last day with data is ${dataThrough}`);
    await page.locator("#query-preview-section").scrollIntoViewIfNeeded();
    await screenshot(page, "preview-partial-weeks");
    expect(pane.pageErrors).toEqual([]);
  });
});
