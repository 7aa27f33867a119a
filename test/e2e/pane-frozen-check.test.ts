/**
 * "The close still holds?" at 320 px (issue 20): a table frozen for close, the emulator's clock
 * moved so that it restates recent days, then Check frozen sheets in the Queries tab: the report
 * per sheet (the frozen and fresh revenue, the rows that moved, the largest moves), and Write the
 * comparison, which adds a "… restated" sheet and leaves the frozen one as it was.
 */
import type { Page } from "playwright-core";
import { METRICS } from "../../src/api";
import { ReportingClient } from "../../src/client";
import { metricFigure } from "../../src/core/changes/change-line";
import { addDays } from "../../src/core/calendar";
import { periodLabel } from "../../src/core/freeze-note";
import { describeWithBrowser } from "./support/browser";
import type { FakeOfficeControl } from "./support/fake-office";
import { officeState, openMoreActions, screenshot, statusAfter } from "./support/pane-page";
import { startPaneServices, type PaneServices } from "./support/pane-services";
import { chooseDays, chooseGroups, chooseMetrics, openQueryPane, type QueryPane } from "./support/query-pane";

jest.setTimeout(240_000);

type Cells = ReturnType<FakeOfficeControl["cells"]>;
type Window = { __officeFakeControl: FakeOfficeControl };

const NOTE_ROWS = 7;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function cells(page: Page, address: string): Promise<Cells> {
  return page.evaluate((target) => (window as unknown as Window).__officeFakeControl.cells(target), address);
}

function select(page: Page, address: string): Promise<void> {
  return page.evaluate((target) => (window as unknown as Window).__officeFakeControl.select(target), address);
}

/** The items of the check's report, as a reader sees them. */
function reportItems(
  page: Page,
): Promise<{ sheet: string; className: string; line: string; totals: string[]; moves: string[] }[]> {
  return page.$$eval("#queries-frozen-results > li", (items) =>
    items.map((item) => ({
      sheet: item.getAttribute("data-sheet") ?? "",
      className: item.className,
      line: item.querySelector("p")?.textContent ?? "",
      totals: Array.from(item.querySelectorAll("details ul.totals li"), (total) => total.textContent ?? ""),
      moves: Array.from(item.querySelectorAll("details ul.moves li"), (move) => move.textContent ?? ""),
    })),
  );
}

describeWithBrowser("Check frozen sheets, in Chromium at 320 px", (executablePath) => {
  let services: PaneServices;
  let pane: QueryPane;
  let page: Page;

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 60, seed: 31, restatements: true });
    pane = await openQueryPane(services.browser, services.server.origin, services.emulator);
    page = pane.page;
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  it("freezes a table, moves the clock, reports what moved and writes the comparison, never touching the frozen sheet", async () => {
    const { emulator } = services;
    const frozenOn = emulator.today;
    const [from, to] = [addDays(frozenOn, -10), addDays(frozenOn, -1)];
    await chooseDays(page, from, to);
    await chooseGroups(page, ["date", "country"]);
    await chooseMetrics(page, ["revenues", "impressions"]);
    expect((await statusAfter(page, () => page.click("#query-insert-table"))).kind).toBe("success");
    const tableWrite = (await officeState(page)).writes.find((write) => write.kind === "table");
    if (!tableWrite) throw new Error("Insert as table wrote no table");
    await select(page, `${tableWrite.target.split("!")[0]}!B3`);
    await openMoreActions(page);
    const frozen = await statusAfter(page, () => page.click("#query-freeze"));
    const sheet = `${periodLabel({ from, to })} (frozen)`;
    expect(frozen).toMatchObject({ kind: "success", text: expect.stringContaining(`"${sheet}"`) });
    const fingerprintRow = await cells(page, `'${sheet}'!A${NOTE_ROWS}:B${NOTE_ROWS}`);
    expect(fingerprintRow.values[0]![0]).toBe("Fingerprint");
    const source = await cells(page, tableWrite.target);
    const frozenCells = await cells(page, `'${sheet}'!A1:D${NOTE_ROWS + 1 + source.values.length}`);

    // The service restates the last days once its clock has moved on.
    emulator.setToday(addDays(frozenOn, 3));
    const client = new ReportingClient({ baseUrl: emulator.baseUrl, token: services.logins.first.token });
    const now = await client.stats({ filters: { from, to }, groups: [], metrics: [...METRICS] });
    const freshRevenue = Number(now.stats[0]?.metrics.revenues ?? 0);
    const revenueColumn = source.values[0]!.findIndex((header) => String(header).startsWith("Revenues"));
    const frozenRevenue = source.values.slice(1).reduce((sum, row) => sum + Number(row[revenueColumn]), 0);
    expect(Math.abs(freshRevenue - frozenRevenue)).toBeGreaterThan(0.005);

    await page.click("#tab-queries");
    const checked = await statusAfter(page, () => page.click("#queries-check-frozen"));
    expect(checked.text).toMatch(/^Checked 1 frozen sheet: 1 moved (beyond|within) 1 %\.$/);
    const [item, ...others] = await reportItems(page);
    expect(others).toEqual([]);
    expect(item!.sheet).toBe(sheet);
    const beyond = Math.abs(freshRevenue - frozenRevenue) / frozenRevenue > 0.01;
    expect(item!.className).toBe(beyond ? "moved beyond" : "moved");
    const how = beyond ? "moved beyond 1 %" : "moved, within 1 %";
    const lead = `${sheet}: ${how}. Revenues ${metricFigure("revenues", frozenRevenue)} → ${metricFigure("revenues", freshRevenue)}, `;
    expect(item!.line).toMatch(
      new RegExp(`^${escapeRegExp(lead)}[-+][\\d,.]+ \\([-+][\\d.]+ %\\); [\\d,]+ rows? changed\\.$`),
    );
    expect(item!.totals.map((line) => line.split(" ")[0])).toEqual(["Impressions", "Revenues"]);
    expect(item!.totals[1]).toBe(item!.line.slice(item!.line.indexOf("Revenues"), item!.line.indexOf(";")));
    expect(item!.moves.length).toBeGreaterThan(0);
    expect(item!.moves.length).toBeLessThanOrEqual(10);
    for (const move of item!.moves)
      expect(move).toMatch(/^\d{4}-\d{2}-\d{2} · .+: Revenues [\d,.]+ → [\d,.]+, [-+]?[\d,.]+$/);
    await page.click("#queries-frozen-results details > summary");
    await page.$eval("#queries-frozen-title", (title) => title.scrollIntoView());
    await screenshot(page, "frozen-check-320");
    await page.setViewportSize({ width: 350, height: 700 });
    await screenshot(page, "frozen-check-350");
    await page.setViewportSize({ width: 320, height: 700 });

    const written = await statusAfter(page, () =>
      page.click('#queries-frozen-results button:has-text("Write the comparison")'),
    );
    const restated = `${periodLabel({ from, to })} restated`;
    expect(written).toEqual({
      kind: "success",
      text: `Wrote the comparison with ${sheet} on the new sheet "${restated}". The frozen sheet is unchanged.`,
    });
    const comparison = await cells(page, `'${restated}'!A1:E8`);
    expect(comparison.values[0]![0]).toBe("Restated values");
    const revenues = comparison.values.find((row) => row[0] === "Revenues");
    expect(revenues).toBeDefined();
    expect(Math.abs(Number(revenues![1]) - frozenRevenue)).toBeLessThan(0.005);
    expect(Math.abs(Number(revenues![2]) - freshRevenue)).toBeLessThan(0.005);
    // The frozen sheet: cell for cell as it was frozen.
    expect(await cells(page, `'${sheet}'!A1:D${NOTE_ROWS + 1 + source.values.length}`)).toEqual(frozenCells);
    expect((await officeState(page)).formulaLike).toEqual([]);
    expect(pane.pageErrors).toEqual([]);
  });
});
