import type { Browser, Page } from "playwright-core";
import type { RunningEmulator } from "../../../src/emulator";
import { pickerContent, saveProfile, statusAfter } from "./pane-page";
import { bearerProfile, openExcelPane, type ExcelPane } from "./pane-services";

/** The built pane, signed in with the emulator's first token, on the Query tab with its lists loaded. */
export type QueryPane = ExcelPane;

export async function openQueryPane(
  browser: Browser,
  origin: string,
  emulator: RunningEmulator,
  height = 700,
): Promise<QueryPane> {
  const pane = await openExcelPane(browser, origin, { height });
  const { page } = pane;
  await saveProfile(page, bearerProfile(emulator, "Analyst"));
  await page.click("#tab-query");
  await pickerContent(page, "countries");
  await page.waitForSelector("#query-data-through:not([hidden])");
  return pane;
}

/** Sets the builder's period to the days from `from` to `to`, as a user types them. */
export async function chooseDays(page: Page, from: string, to: string): Promise<void> {
  await page.selectOption("#query-period", "CUSTOM");
  await page.fill("#query-from", from);
  await page.fill("#query-to", to);
}

/** Sets the groupings to `groups`, in this order. */
export async function chooseGroups(page: Page, groups: readonly string[]): Promise<void> {
  for (const chosen of await page.$$eval("#query-groups li", (items) =>
    items.map((item) => item.getAttribute("data-value") ?? ""),
  )) {
    await page.click(`#query-groups li[data-value="${chosen}"] [data-action="remove"]`);
  }
  for (const group of groups) {
    await page.selectOption("#query-group-add", group);
    await page.click("#query-group-add-button");
  }
}

type Metric = "impressions" | "revenues" | "ecpm" | "requests";

/** The metrics listed, in their order. */
export function chosenMetrics(page: Page): Promise<string[]> {
  return page.$$eval("#query-metrics li", (items) => items.map((item) => item.getAttribute("data-value") ?? ""));
}

/** Adds `metric` at the end of the metrics, as a user would (Add a metric, Add). */
export async function addMetric(page: Page, metric: Metric): Promise<void> {
  await page.selectOption("#query-metric-add", metric);
  await page.click("#query-metric-add-button");
}

export async function removeMetric(page: Page, metric: Metric): Promise<void> {
  await page.click(`#query-metrics li[data-value="${metric}"] [data-action="remove"]`);
}

/** Sets the metrics to exactly `metrics`, in this order. */
export async function chooseMetrics(page: Page, metrics: readonly Metric[]): Promise<void> {
  for (const chosen of await chosenMetrics(page)) await removeMetric(page, chosen as Metric);
  for (const metric of metrics) await addMetric(page, metric);
}

/** Presses Preview and waits for the rows; fails with what the pane said if they do not come. */
export async function previewQuery(page: Page): Promise<string> {
  const done = await statusAfter(page, () => page.click("#query-preview"));
  if (done.kind !== "success") throw new Error(`Preview failed: ${done.text}`);
  return done.text;
}

export interface ShownCell {
  /** The text shown, without its note. */
  text: string;
  value: string;
  title: string | null;
  note: string;
  /** The name shown beside a code, when there is one. */
  name?: string;
}

/** The Query tab's preview as shown: headings, body cells and the totals row. */
export async function shownPreview(
  page: Page,
): Promise<{ headings: string[]; rows: ShownCell[][]; totals: ShownCell[] }> {
  return page.$eval("#query-preview-table", (container) => {
    const cell = (element: Element) => {
      // The cell's own text, without the note under it.
      const own = element.cloneNode(true) as Element;
      own.querySelector(".cell-note")?.remove();
      own.querySelector(".cell-name")?.remove();
      const name = element.querySelector(".cell-name")?.textContent;
      return {
        text: (own.textContent ?? "").trim(),
        value: element.getAttribute("data-value") ?? "",
        title: element.getAttribute("title"),
        note: element.querySelector(".cell-note")?.textContent ?? "",
        ...(name ? { name } : {}),
      };
    };
    return {
      headings: Array.from(container.querySelectorAll("thead th")).map((heading) => heading.textContent ?? ""),
      rows: Array.from(container.querySelectorAll("tbody tr")).map((row) => Array.from(row.children).map(cell)),
      totals: Array.from(container.querySelectorAll("tfoot tr > *")).map(cell),
    };
  });
}
