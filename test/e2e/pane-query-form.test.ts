import { readFile } from "node:fs/promises";
import type { Page, Route } from "playwright-core";
import { ReportingClient } from "../../src/client";
import { localToday, periodOfWord } from "../../src/core/periods";
import { describeWithBrowser } from "./support/browser";
import type { FakeOfficeControl } from "./support/fake-office";
import {
  officeState,
  openMoreActions,
  pickerContent,
  saveProfile,
  screenshot,
  statusAfter,
  waitForStatus,
} from "./support/pane-page";
import {
  fullProfile,
  openExcelPane,
  startPaneServices,
  type ExcelPane,
  type PaneServices,
} from "./support/pane-services";
import { chooseGroups, chosenMetrics, shownPreview } from "./support/query-pane";

jest.setTimeout(240_000);

/** What a filter picker shows: its summary's count, whether it is busy, its message and whether Retry is offered. */
async function pickerShown(page: Page, filter: string) {
  return page.$eval(`details[data-filter="${filter}"]`, (details) => {
    const button = (text: string) =>
      Array.from(details.querySelectorAll("button")).find((candidate) => candidate.textContent === text);
    const retry = button("Retry");
    return {
      count: details.querySelector(".count")?.textContent ?? "",
      busy: details.getAttribute("aria-busy"),
      message: details.querySelector(".picker-body > p.hint")?.textContent ?? "",
      retry: retry !== undefined && !retry.hidden,
      clear: !button("Clear")!.hidden,
      options: details.querySelectorAll(".picker-options input").length,
    };
  });
}

type FakeWindow = { __officeFakeControl: FakeOfficeControl };

/** A formula typed into a cell of Sheet1 (through Excel.run, as the fake records any write), then that cell selected. */
async function typeFormulaAndSelect(page: Page, address: string, formula: string): Promise<void> {
  await page.evaluate(
    async ([target, text]) => {
      await Excel.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange(target).formulas = [[text]];
        await context.sync();
      });
      (window as unknown as FakeWindow).__officeFakeControl.select(`Sheet1!${target}`);
    },
    [address, formula] as const,
  );
}

/** The Legacy tab's groupings: chosen, their labels, what Add offers, and Dates by (or "hidden"). */
async function legacyGroups(page: Page) {
  return page.evaluate(() => ({
    chosen: Array.from(document.querySelectorAll("#legacy-groups li")).map((item) => item.getAttribute("data-value")),
    labels: Array.from(document.querySelectorAll("#legacy-groups li > span")).map((label) => label.textContent),
    offered: Array.from(document.querySelectorAll<HTMLOptionElement>("#legacy-group-add option")).map(
      (option) => `${option.value}:${option.textContent}`,
    ),
    datesBy: (document.getElementById("legacy-date-options") as HTMLElement).hidden
      ? "hidden"
      : (document.getElementById("legacy-date-group") as HTMLSelectElement).value,
  }));
}

async function openPicker(page: Page, filter: string): Promise<void> {
  if (!(await page.$eval(`details[data-filter="${filter}"]`, (details) => (details as HTMLDetailsElement).open))) {
    await page.click(`details[data-filter="${filter}"] > summary`);
  }
}

describeWithBrowser("the Query tab's form at 320 px", (executablePath) => {
  let services: PaneServices;
  let pane: ExcelPane;
  let page: Page;
  /** Holds the countries list until the test lets it through. */
  let releaseCountries: () => void = () => undefined;
  /** The formats list fails (HTTP 503, every retry of the client included) while this is true. */
  let formatsFail = true;
  let formatsAsked = 0;

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 90, seed: 29 });
    const { emulator } = services;
    const countriesHeld = new Promise<void>((resolve) => {
      releaseCountries = resolve;
    });
    const ofService = (path: string) => (url: URL) =>
      url.href.startsWith(emulator.baseUrl) && url.pathname.endsWith(path);
    pane = await openExcelPane(services.browser, services.server.origin, {
      height: 700,
      prepare: async (context) => {
        await context.route(ofService("/countries"), async (route: Route) => {
          await countriesHeld;
          await route.continue().catch(() => undefined);
        });
        await context.route(ofService("/formats"), async (route: Route) => {
          if (route.request().method() !== "GET") return route.continue();
          formatsAsked += 1;
          if (!formatsFail) return route.continue();
          // The service's own answer, its CORS headers kept, turned into a failure.
          const response = await route.fetch();
          return route.fulfill({
            response,
            status: 503,
            contentType: "application/json",
            body: '{"error":"unavailable"}',
          });
        });
      },
    });
    page = pane.page;
    await saveProfile(page, fullProfile(emulator, "Analyst"));
    await page.click("#tab-query");
  });

  afterAll(async () => {
    releaseCountries();
    await pane?.context.close();
    await services?.close();
  });

  it("says a picker is loading, not all (0), and announces it, until its list comes", async () => {
    await page.waitForFunction(() =>
      document.querySelector('details[data-filter="organizations"] .count')?.textContent?.startsWith("all ("),
    );
    expect(await pickerShown(page, "countries")).toEqual({
      count: "loading…",
      busy: "true",
      message: "Loading the list of countries…",
      retry: false,
      clear: false,
      options: 0,
    });
    // One polite line under Filters says it for every list; the pane's other live region stays for what the user did.
    expect(await page.getAttribute("#query-filters-state", "role")).toBe("status");
    expect(await page.textContent("#query-filters-state")).toBe("Loading the filter lists…");
    await openPicker(page, "countries");
    await screenshot(page, "query-pickers-loading");
  });

  it("offers Retry in a list that failed, and Retry loads it", async () => {
    await page.waitForFunction(
      () => document.querySelector('details[data-filter="formats"] .count')?.textContent === "unavailable",
      undefined,
      { timeout: 60_000 },
    );
    const failed = await pickerShown(page, "formats");
    expect(failed).toEqual({
      count: "unavailable",
      busy: null,
      message: expect.stringMatching(
        /^Could not load this list\. The reporting service has a problem right now\. Try again in a few minutes\./,
      ),
      retry: true,
      clear: false,
      options: 0,
    });
    releaseCountries();
    expect((await pickerContent(page, "countries")).values.length).toBeGreaterThan(0);
    expect(await waitForStatus(page, /could not be loaded/)).toMatch(
      /^The list of formats could not be loaded\. The reporting service has a problem right now\. Try again in a few minutes\..* Open it under Filters and press Retry\.$/,
    );
    expect(await page.textContent("#query-filters-state")).toBe("");
    await page.click('details[data-filter="countries"] > summary');
    await openPicker(page, "formats");
    await screenshot(page, "query-picker-retry");

    formatsFail = false;
    const askedBefore = formatsAsked;
    const formats = await new ReportingClient({
      baseUrl: services.emulator.baseUrl,
      token: services.logins.widest.token,
    }).formats();
    await page.focus('details[data-filter="formats"] button:text("Retry")');
    const done = await statusAfter(page, () => page.keyboard.press("Enter"));
    expect(done).toEqual({ kind: "success", text: `The list of formats is loaded: ${formats.length} values.` });
    expect(formatsAsked).toBe(askedBefore + 1);
    expect(await pickerShown(page, "formats")).toEqual({
      count: `all (${formats.length})`,
      busy: null,
      message: "",
      retry: false,
      clear: true,
      options: formats.length,
    });
    // The keyboard user goes on to the list that came.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("checkbox");
    await screenshot(page, "query-picker-retried");
  });

  it("starts a custom range with the days of the period chosen before", async () => {
    const today = localToday()();
    await page.selectOption("#query-period", "LAST_MONTH");
    await page.selectOption("#query-period", "CUSTOM");
    const lastMonth = periodOfWord("LAST_MONTH", today);
    expect({ from: await page.inputValue("#query-from"), to: await page.inputValue("#query-to") }).toEqual(lastMonth);
    expect(await page.inputValue("#query-formula")).toContain(`"${lastMonth.from}","${lastMonth.to}"`);

    await page.selectOption("#query-period", "LAST_QUARTER");
    await page.selectOption("#query-period", "CUSTOM");
    const lastQuarter = periodOfWord("LAST_QUARTER", today);
    expect({ from: await page.inputValue("#query-from"), to: await page.inputValue("#query-to") }).toEqual(lastQuarter);
    await screenshot(page, "query-custom-after-last-quarter");
  });

  it("keeps the metrics in the analyst's order: formula, preview, CSV export and inserted table", async () => {
    await page.selectOption("#query-period", "LAST_7_DAYS");
    await chooseGroups(page, ["date"]);
    expect(await chosenMetrics(page)).toEqual(["impressions", "revenues", "ecpm"]);
    // The same ordered list as Group by: the focus stays on the moved entry (on top, its Move up is disabled).
    await page.click('#query-metrics li[data-value="revenues"] [data-action="up"]');
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move Revenues down");
    await page.selectOption("#query-metric-add", "requests");
    await page.click("#query-metric-add-button");
    await page.click('#query-metrics li[data-value="requests"] [data-action="up"]');
    expect(await chosenMetrics(page)).toEqual(["revenues", "impressions", "requests", "ecpm"]);
    // Every metric, in an order of the analyst's: named in the formula, not left to the service's order.
    expect(await page.inputValue("#query-formula")).toBe(
      '=REPORTING.STATS("LAST_7_DAYS",,"date","revenues,impressions,requests,ecpm")',
    );
    await screenshot(page, "query-metrics-ordered");

    expect((await statusAfter(page, () => page.click("#query-preview"))).kind).toBe("success");
    expect((await shownPreview(page)).headings).toEqual([
      "Date",
      "Revenues (USD)",
      "Impressions",
      "Requests",
      "eCPM (USD)",
    ]);

    const [file] = await Promise.all([page.waitForEvent("download"), page.click("#query-export-csv")]);
    const csvHeader = (await readFile((await file.path()) ?? "", "utf8"))
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/)[0]!
      .toLowerCase();
    const columns = csvHeader.split(",").map((column) => column.replace(/"/g, ""));
    expect(columns.slice(1)).toEqual(["revenues (usd)", "impressions", "requests", "ecpm (usd)"]);

    expect((await statusAfter(page, () => page.click("#query-insert-table"))).kind).toBe("success");
    const tableWrite = (await officeState(page)).writes.find((write) => write.kind === "table");
    if (!tableWrite) throw new Error("Insert as table wrote no table");
    const header = await page.evaluate(
      (target) => (window as unknown as FakeWindow).__officeFakeControl.cells(target).values[0],
      tableWrite.target,
    );
    expect(header).toEqual(["Date", "Revenues", "Impressions", "Requests", "eCPM"]);
  });

  it("loads a formula whose metrics come in another order, keeping that order", async () => {
    for (const [cell, metrics] of [
      ["H2", "ecpm,revenues"],
      ["H3", "requests,impressions,revenues,ecpm"],
    ] as const) {
      const formula = `=REPORTING.STATS("YTD",,"date","${metrics}")`;
      await typeFormulaAndSelect(page, cell, formula);
      await openMoreActions(page);
      const loaded = await statusAfter(page, () => page.click("#query-edit-formula"));
      expect(loaded).toEqual({
        kind: "success",
        text: `Loaded the formula of Sheet1!${cell}. Change the query, then choose Update formula.`,
      });
      expect(await chosenMetrics(page)).toEqual(metrics.split(","));
      expect(await page.inputValue("#query-formula")).toBe(formula);
    }
  });

  it("Legacy: groups the dates by day or by month with Dates by, Month never listed beside Date", async () => {
    await page.click("#tab-legacy");
    await page.waitForSelector("#legacy-content:not([hidden])");
    const all = [
      "ad_unit_id:Ad unit",
      "country:Country",
      "ad_unit_type:Ad unit type",
      "ad_unit_name:Ad unit name",
      "application:Application",
    ];
    expect(await legacyGroups(page)).toEqual({ chosen: ["day"], labels: ["Date"], offered: all, datesBy: "day" });
    await page.selectOption("#legacy-group-add", "country");
    await page.click("#legacy-group-add-button");
    await page.selectOption("#legacy-date-group", "month");
    // Month takes Date's place, before Country.
    expect(await legacyGroups(page)).toEqual({
      chosen: ["month", "country"],
      labels: ["Month", "Country"],
      offered: all.filter((choice) => !choice.startsWith("country")),
      datesBy: "month",
    });
    expect(await page.inputValue("#legacy-formula")).toBe('=REPORTING.LEGACY.STATS("LAST_30_DAYS",,"month,country")');
    await screenshot(page, "legacy-dates-by-month");

    await page.click('#legacy-groups li[data-value="month"] [data-action="remove"]');
    // Without a time grouping, Date is offered (once), and Dates by goes.
    expect(await legacyGroups(page)).toEqual({
      chosen: ["country"],
      labels: ["Country"],
      offered: ["day:Date", ...all.filter((choice) => !choice.startsWith("country"))],
      datesBy: "hidden",
    });
    await page.selectOption("#legacy-group-add", "day");
    await page.click("#legacy-group-add-button");
    // It comes back as the dates were grouped last.
    expect((await legacyGroups(page)).chosen).toEqual(["country", "month"]);
    await page.selectOption("#legacy-date-group", "day");
    expect(await page.inputValue("#legacy-formula")).toBe('=REPORTING.LEGACY.STATS("LAST_30_DAYS",,"country,day")');
  });

  it("Legacy: starts a custom range with the days of the period chosen before", async () => {
    await page.click("#tab-legacy");
    await page.waitForSelector("#legacy-content:not([hidden])");
    await page.selectOption("#legacy-period", "LAST_MONTH");
    await page.selectOption("#legacy-period", "CUSTOM");
    const lastMonth = periodOfWord("LAST_MONTH", localToday()());
    expect({ from: await page.inputValue("#legacy-from"), to: await page.inputValue("#legacy-to") }).toEqual(lastMonth);
    expect(await page.inputValue("#legacy-formula")).toContain(`("${lastMonth.from}","${lastMonth.to}",`);
  });

  it("leaves no uncaught error", () => {
    expect(pane.pageErrors).toEqual([]);
  });
});
