import type { Page } from "playwright-core";
import type { StatsEntry, StatsMetrics } from "../../src/api";
import { ReportingClient } from "../../src/client";
import { addDays } from "../../src/core/calendar";
import { describeWithBrowser } from "./support/browser";
import { officeState, openMoreActions, screenshot, statusAfter } from "./support/pane-page";
import {
  chooseDays,
  chooseGroups,
  chooseMetrics,
  openQueryPane,
  previewQuery,
  shownPreview,
  type QueryPane,
  type ShownCell,
} from "./support/query-pane";
import { startPaneServices, type PaneServices } from "./support/pane-services";

jest.setTimeout(180_000);

const METRICS = ["impressions", "revenues", "ecpm"] as const;
type Metric = (typeof METRICS)[number];
const HEADINGS: Record<Metric, string> = { impressions: "Impressions", revenues: "Revenues", ecpm: "eCPM" };

/** A metric of one row (or of the totals) in the period and in the comparison period. */
interface Compared {
  current: number | undefined;
  previous: number | undefined;
}

/** What the three comparison columns hold: the comparison's value, the change and the change % (none from 0). */
function expectedCells({ current, previous }: Compared): {
  previous: number | undefined;
  change: number | undefined;
  percent: number | undefined;
} {
  const change = current === undefined || previous === undefined ? undefined : current - previous;
  return { previous, change, percent: change === undefined || previous === 0 ? undefined : change / previous! };
}

/** A change % as the pane writes it: signed, one decimal, "%" ("+12.5%", "-3.0%"). */
function expectPercent(cell: ShownCell, fraction: number | undefined): void {
  if (fraction === undefined) {
    expect(cell).toMatchObject({ text: "", value: "" });
    return;
  }
  expect(Number(cell.value)).toBeCloseTo(fraction, 9);
  // A change that rounds to nothing reads 0.0%, without a sign.
  const roundsToZero = Math.abs(fraction) < 0.0005;
  expect(cell.text).toMatch(roundsToZero ? /^0\.0%$/ : /^[+-]\d{1,3}(,\d{3})*\.\d%$/);
  expect(cell.text.startsWith("-")).toBe(fraction < 0 && !roundsToZero);
  expect(Math.abs(Number(cell.text.replace(/[+,%]/g, "")) - fraction * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
}

function expectNumber(cell: ShownCell, value: number | undefined): void {
  if (value === undefined) expect(cell).toMatchObject({ text: "", value: "" });
  else expect(Number(cell.value)).toBeCloseTo(value, 6);
}

/** Revenue per thousand impressions; 0 without impressions, as the service says. */
const ecpm = (metrics: Pick<StatsMetrics, "revenues" | "impressions">) =>
  metrics.impressions ? ((metrics.revenues ?? 0) / metrics.impressions) * 1000 : 0;

/** Scrolls the preview sideways so that the column at `index` starts just right of the pinned ones (date and country). */
async function scrollToColumn(page: Page, index: number): Promise<void> {
  await page.$eval(
    "#query-preview-table .preview-scroll",
    (region, at) => {
      const headings = Array.from(region.querySelectorAll<HTMLElement>("thead th"));
      const pinned = headings
        .filter((heading) => getComputedStyle(heading).position === "sticky")
        .reduce((width, heading) => width + heading.offsetWidth, 0);
      region.scrollTo({ left: headings[at]!.offsetLeft - pinned, behavior: "instant" });
    },
    index,
  );
  // The cue follows the scroll event, which comes with the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * compare=previous_period through the built pane at 320 px: the builder writes it, the preview
 * shows each metric's previous value, change and change %, and these equal a second query for
 * the comparison period that the test sends itself, matched by date and country.
 */
describeWithBrowser("the Query tab's comparison with the previous period at 320 px", (executablePath) => {
  let services: PaneServices;
  let pane: QueryPane;
  let page: Page;
  let client: ReportingClient;
  let from = "";
  let to = "";
  let formula = "";
  let current: StatsEntry[] = [];
  let comparison: StatsEntry[] = [];

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 60, seed: 11 });
    client = new ReportingClient({ baseUrl: services.emulator.baseUrl, token: services.logins.first.token });
    to = (await client.dates()).to;
    from = addDays(to, -6);
    const groups: ["date", "country"] = ["date", "country"];
    current = (await client.statsAll({ filters: { from, to }, groups, metrics: [...METRICS] })).stats;
    // The seven days before, written out here rather than asked of the add-in's own code.
    comparison = (
      await client.statsAll({
        filters: { from: addDays(from, -7), to: addDays(from, -1) },
        groups,
        metrics: [...METRICS],
      })
    ).stats;
    pane = await openQueryPane(services.browser, services.server.origin, services.emulator);
    page = pane.page;
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  /** The comparison's row for a day of the period: the same country, seven days before. */
  function previousOf(date: string, country: string): StatsEntry | undefined {
    return comparison.find((entry) => entry.group.date === addDays(date, -7) && entry.group.country === country);
  }

  it("writes compare=previous_period into the formula when chosen", async () => {
    await chooseDays(page, from, to);
    await chooseGroups(page, ["date", "country"]);
    await chooseMetrics(page, [...METRICS]);
    const plain = `=REPORTING.STATS("${from}","${to}","date,country","impressions,revenues,ecpm")`;
    expect(await page.inputValue("#query-formula")).toBe(plain);
    await page.selectOption("#query-compare", "previous_period");
    formula = `=REPORTING.STATS("${from}","${to}","date,country","impressions,revenues,ecpm",,,"compare=previous_period")`;
    expect(await page.inputValue("#query-formula")).toBe(formula);
  });

  it("shows each metric's previous value, change and change %, equal to a query for the seven days before", async () => {
    await previewQuery(page);
    const shown = await shownPreview(page);
    expect(shown.headings).toEqual([
      "Date",
      "Country",
      ...METRICS.flatMap((metric) => {
        // The currency beside money, as in the files; a change % has none.
        const money = metric !== "impressions";
        const heading = HEADINGS[metric];
        return money
          ? [`${heading} (USD)`, `${heading} (previous period, USD)`, `${heading} change (USD)`, `${heading} change %`]
          : [heading, `${heading} (previous period)`, `${heading} change`, `${heading} change %`];
      }),
    ]);
    expect(shown.rows).toHaveLength(20);
    let compared = 0;
    for (const row of shown.rows) {
      const [date, country] = row;
      const now = current.find((entry) => entry.group.date === date!.text && entry.group.country === country!.value);
      expect(now).toBeDefined();
      const before = previousOf(date!.text, country!.value);
      if (before) compared += 1;
      METRICS.forEach((metric, position) => {
        const [value, previous, change, percent] = row.slice(2 + position * 4, 6 + position * 4) as [
          ShownCell,
          ShownCell,
          ShownCell,
          ShownCell,
        ];
        expect(Number(value.value)).toBeCloseTo(now!.metrics[metric]!, 9);
        const previousValue =
          before === undefined ? undefined : metric === "ecpm" ? ecpm(before.metrics) : before.metrics[metric];
        const expected = expectedCells({ current: now!.metrics[metric], previous: previousValue });
        expectNumber(previous, expected.previous);
        expectNumber(change, expected.change);
        expectPercent(percent, expected.percent);
      });
      // Money with two decimals and no sign of currency (the heading says it), the change with its sign.
      const revenuesChange = row[8]!;
      if (revenuesChange.value !== "") expect(revenuesChange.text).toMatch(/^([+-]\d{1,3}(,\d{3})*\.\d\d|0\.00)$/);
      expect(row[7]!.text).toMatch(/^(\d{1,3}(,\d{3})*\.\d\d|)$/);
    }
    // The test means something only if most rows do have a row to compare with.
    expect(compared).toBeGreaterThan(10);
  });

  it("totals both periods over every row and recomputes eCPM and each change % from the totals", async () => {
    const { totals } = await shownPreview(page);
    // Rows found only in the seven days before are listed too, after the period's own.
    const comparisonOnly = comparison.filter(
      (entry) =>
        !current.some(
          (now) => now.group.country === entry.group.country && now.group.date === addDays(entry.group.date!, 7),
        ),
    );
    expect(totals[0]).toMatchObject({
      text: "Total",
      note: `all ${(current.length + comparisonOnly.length).toLocaleString("en-US")} rows`,
    });
    const sumOf = (entries: readonly StatsEntry[], metric: "impressions" | "revenues") =>
      entries.reduce((sum, entry) => sum + (entry.metrics[metric] ?? 0), 0);
    const now = { impressions: sumOf(current, "impressions"), revenues: sumOf(current, "revenues") };
    const before = { impressions: sumOf(comparison, "impressions"), revenues: sumOf(comparison, "revenues") };
    const totalOf = (side: typeof now, metric: Metric) => (metric === "ecpm" ? ecpm(side) : side[metric]);
    METRICS.forEach((metric, position) => {
      const [value, previous, change, percent] = totals.slice(2 + position * 4, 6 + position * 4) as [
        ShownCell,
        ShownCell,
        ShownCell,
        ShownCell,
      ];
      const expected = expectedCells({ current: totalOf(now, metric), previous: totalOf(before, metric) });
      expectNumber(value, totalOf(now, metric));
      expectNumber(previous, expected.previous);
      expectNumber(change, expected.change);
      expectPercent(percent, expected.percent);
    });
    // The shots show the comparison beside the date and country kept in view: the previous
    // impressions, then the change (at 320 px one figure at a time beside them).
    await scrollToColumn(page, 3);
    expect(await page.textContent("#query-preview-table .preview-cue")).toBe("Scroll sideways for 10 more columns →");
    await page.locator("#query-preview-section").scrollIntoViewIfNeeded();
    await screenshot(page, "compare-columns");
    await scrollToColumn(page, 4);
    await screenshot(page, "compare-columns-change");
  });

  it("inserts the formula with compare= and loads it back into the builder with the choice set", async () => {
    const before = (await officeState(page)).writes.length;
    const inserted = await statusAfter(page, () => page.click("#query-insert-formula"));
    expect(inserted).toEqual({
      kind: "success",
      text: "Formula inserted at Sheet1!B2. It recalculates with the active profile.",
    });
    const writes = (await officeState(page)).writes.slice(before);
    // This fake Excel offers CustomFunctionsRuntime 1.4: the spill brings its own date and percent formats.
    // Besides the formula, only the document setting that spares colleagues a trust prompt.
    expect(writes).toEqual([
      { kind: "formulas", target: "Sheet1!B2", value: [[formula]] },
      { kind: "setting", target: "Office.DisableTrustUX", value: true },
    ]);

    await page.selectOption("#query-compare", "previous_year");
    await page.selectOption("#query-period", "LAST_7_DAYS");
    expect(await page.inputValue("#query-formula")).not.toBe(formula);
    await openMoreActions(page);
    const loaded = await statusAfter(page, () => page.click("#query-edit-formula"));
    expect(loaded).toEqual({
      kind: "success",
      text: "Loaded the formula of Sheet1!B2. Change the query, then choose Update formula.",
    });
    expect(await page.inputValue("#query-compare")).toBe("previous_period");
    expect(await page.inputValue("#query-formula")).toBe(formula);
    expect(pane.pageErrors).toEqual([]);
  });
});
