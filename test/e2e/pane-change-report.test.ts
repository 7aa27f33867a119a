import type { Page } from "playwright-core";
import { REFRESH_LOG_HEADERS } from "../../src/core/changes/refresh-log";
import { describeWithBrowser } from "./support/browser";
import { fakeTable, officeState, screenshot, statusAfter, type FakeTableNow } from "./support/pane-page";
import { startPaneServices, type PaneServices } from "./support/pane-services";
import { chooseDays, chooseGroups, chooseMetrics, openQueryPane, type QueryPane } from "./support/query-pane";

jest.setTimeout(300_000);

/**
 * The change report through the built pane at 320 px, against the emulator with restatements:
 * a table is inserted, the emulator's clock moves (recent days' revenue is restated), and each
 * refresh says what moved, in one line and in the details, flags the table beyond the workbook's
 * threshold, and appends a row to the Refresh log sheet, which the user may hide.
 */

const TABLE = "Stats_by_Date_Country";
const money = (value: number) => value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface Held {
  rows: Map<string, number>;
  revenue: number;
}

/** What the table holds now: revenue by (date, country), and its total. */
async function held(page: Page): Promise<Held> {
  const table = (await fakeTable(page, TABLE)) as FakeTableNow;
  const revenueAt = table.values[0]!.indexOf("Revenues");
  const rows = new Map(table.values.slice(1).map((row) => [`${row[0]}|${row[1]}`, row[revenueAt] as number]));
  return { rows, revenue: [...rows.values()].reduce((sum, value) => sum + value, 0) };
}

const changedRows = (before: Held, after: Held) =>
  [...after.rows].filter(([key, value]) => Math.abs(value - (before.rows.get(key) ?? Number.NaN)) > 1e-9).length;

function itemOf(page: Page) {
  return page.locator(`#queries-tables li[data-table="${TABLE}"]`);
}

async function logTable(page: Page): Promise<FakeTableNow | undefined> {
  return fakeTable(page, "RefreshLog");
}

describeWithBrowser("what a refresh changed, in the Queries tab at 320 px", (executablePath) => {
  let services: PaneServices;
  let pane: QueryPane;
  let page: Page;

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 40, seed: 9, today: "2026-06-20", restatements: true });
    pane = await openQueryPane(services.browser, services.server.origin, services.emulator, 900);
    page = pane.page;
    await chooseDays(page, "2026-06-08", "2026-06-19");
    await chooseGroups(page, ["date", "country"]);
    await chooseMetrics(page, ["impressions", "revenues", "ecpm"]);
    expect((await statusAfter(page, () => page.click("#query-insert-table"), 60_000)).kind).toBe("success");
    await page.click("#tab-queries");
    await itemOf(page).waitFor();
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  it("says what a table's refresh moved, in one line and in the largest moves, and logs it", async () => {
    // Inserted, not refreshed: nothing to compare yet, and no log.
    expect(await itemOf(page).locator("[data-change-line]").count()).toBe(0);
    expect(await logTable(page)).toBeUndefined();
    const before = await held(page);

    services.emulator.setToday("2026-06-22");
    const done = await statusAfter(page, () => itemOf(page).locator('[data-action="refresh"]').click(), 60_000);
    expect(done.kind).toBe("success");
    expect(done.text).toMatch(new RegExp(`^Refreshed the table ${TABLE}\\.`));
    const after = await held(page);
    const changed = changedRows(before, after);
    expect(changed).toBeGreaterThan(0);
    expect(after.rows.size).toBe(before.rows.size);

    const line = (await itemOf(page).locator("[data-change-line]").textContent()) ?? "";
    const percent = ((after.revenue - before.revenue) / before.revenue) * 100;
    const difference = after.revenue - before.revenue;
    expect(line).toBe(
      `Last refresh: Revenues ${money(before.revenue)} → ${money(after.revenue)}, ${difference > 0 ? "+" : ""}${money(difference)} (${percent > 0 ? "+" : ""}${percent.toFixed(2)} %); ${changed} ${changed === 1 ? "row" : "rows"} changed`,
    );
    // The default threshold, 1 %: flagged exactly when revenue moved more.
    expect(await itemOf(page).locator("[data-flag]").count()).toBe(Math.abs(percent) > 1 ? 1 : 0);

    // The details: the largest moves, days as yyyy-mm-dd and countries with their names.
    await itemOf(page).locator("details[data-moves] > summary").click();
    await itemOf(page).locator("details[data-moves][data-named=true]").waitFor();
    expect(await itemOf(page).locator("details[data-moves] > summary").textContent()).toBe(
      changed > 10 ? `Largest moves (10 of ${changed})` : `The ${changed} rows that moved`,
    );
    const moves = await itemOf(page).locator("details[data-moves] li").allTextContents();
    expect(moves).toHaveLength(Math.min(10, changed));
    for (const move of moves)
      expect(move).toMatch(
        /^\d{4}-\d{2}-\d{2} · [A-Z]{2}( \([^)]+\))?: Revenues [\d,]+\.\d\d → [\d,]+\.\d\d, [+-][\d,]+\.\d\d$/,
      );
    expect(moves.some((move) => /^\d{4}-\d{2}-\d{2} · [A-Z]{2} \([A-Z][a-z]/.test(move))).toBe(true);
    await screenshot(page, "pane-change-report-320");
    await page.setViewportSize({ width: 350, height: 900 });
    await screenshot(page, "pane-change-report-350");
    await page.setViewportSize({ width: 320, height: 900 });

    // The Refresh log: made by this first refresh, one row with what the table held before and after.
    const log = (await logTable(page))!;
    expect(log.sheet).toBe("Refresh log");
    expect(log.values[0]).toEqual(REFRESH_LOG_HEADERS);
    expect(log.values).toHaveLength(2);
    const cell = (row: unknown[], header: string) => row[REFRESH_LOG_HEADERS.indexOf(header)];
    const row = log.values[1]!;
    expect([
      cell(row, "Table"),
      cell(row, "Profile"),
      cell(row, "Rows before"),
      cell(row, "Rows after"),
      cell(row, "Rows changed"),
    ]).toEqual([TABLE, "Analyst", before.rows.size, after.rows.size, changed]);
    expect(cell(row, "Revenues before") as number).toBeCloseTo(before.revenue, 6);
    expect(cell(row, "Revenues after") as number).toBeCloseTo(after.revenue, 6);
    expect((cell(row, "Revenues before") as number) + (cell(row, "Revenues difference") as number)).toBeCloseTo(
      after.revenue,
      6,
    );
  });

  it("flags the table beyond the workbook's threshold in Refresh all's summary, and keeps logging on a hidden sheet", async () => {
    const threshold = await page.locator("#queries-change-threshold");
    expect(await threshold.inputValue()).toBe("1");
    const before = await held(page);
    services.emulator.setToday("2026-06-25");
    // A threshold of nothing: any move of revenue is flagged.
    const set = await statusAfter(page, async () => {
      await threshold.fill("0");
      await threshold.press("Tab");
    });
    expect(set).toEqual({
      kind: "success",
      text: "A table whose revenue moves more than 0 % in a refresh is flagged from now on. The workbook keeps this choice.",
    });

    const done = await statusAfter(page, () => page.click("#queries-refresh-all"), 60_000);
    const after = await held(page);
    expect(after.revenue).not.toBeCloseTo(before.revenue, 6);
    expect(done).toEqual({
      kind: "success",
      text: `Refreshed all 2: formulas recalculated, 1 table refreshed. 1 table moved more than 0 % in revenue: ${TABLE}. Check it before relying on the figures.`,
    });
    const result = page.locator("#queries-results li[data-flagged]");
    expect(await result.count()).toBe(1);
    expect(await result.textContent()).toMatch(
      new RegExp(
        `^${TABLE}: refreshed, .*Revenues ${money(before.revenue).replace(/[.]/g, "\\.")} → .*Check this table: its revenue moved more than 0 % in this refresh\\.$`,
      ),
    );
    await itemOf(page).locator("[data-flag]").waitFor();
    expect(await itemOf(page).locator("[data-flag]").textContent()).toBe(
      "Check this table: its revenue moved more than 0 % in this refresh.",
    );
    await screenshot(page, "pane-change-report-refresh-all-320");
    const logged = (await logTable(page))!.values;
    expect(logged).toHaveLength(3);

    // The user hides the log: the next refresh appends to it there, without showing or remaking it.
    await page.evaluate(() => {
      const sheet = (
        window as unknown as { __officeFake: { workbook: { sheets: { name: string; visibility?: string }[] } } }
      ).__officeFake.workbook.sheets.find((each) => each.name === "Refresh log");
      if (sheet) sheet.visibility = "Hidden";
    });
    expect((await statusAfter(page, () => itemOf(page).locator('[data-action="refresh"]').click(), 60_000)).kind).toBe(
      "success",
    );
    const log = (await logTable(page))!;
    expect(log.values).toHaveLength(4);
    const state = await officeState(page);
    expect(
      state.workbook.sheets
        .filter((sheet) => sheet.name.startsWith("Refresh log"))
        .map((sheet) => [sheet.name, sheet.visibility]),
    ).toEqual([["Refresh log", "Hidden"]]);
    expect(state.workbook.tables.filter((table) => table.name.startsWith("RefreshLog"))).toHaveLength(1);
    // Old rows as they were.
    expect(log.values.slice(0, 3)).toEqual(logged);
    expect(state.formulaLike).toEqual([]);
    expect(pane.pageErrors).toEqual([]);
  });
});
