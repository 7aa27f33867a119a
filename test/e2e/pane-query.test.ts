import type { Download, Page, Route } from "playwright-core";
import { ReportingClient } from "../../src/client";
import { addDays } from "../../src/core/calendar";
import type { RunningEmulator } from "../../src/emulator";
import { describeWithBrowser } from "./support/browser";
import { gate, givenUp, holdRequests } from "./support/held-requests";
import { hiddenUnderStatus, screenshot, statusAfter, waitForStatus } from "./support/pane-page";
import { startPaneServices, type PaneServices } from "./support/pane-services";
import {
  addMetric,
  chooseDays,
  chooseMetrics,
  openQueryPane,
  removeMetric,
  type QueryPane,
} from "./support/query-pane";
import type { StaticServer } from "./support/static-server";

jest.setTimeout(240_000);

/** Where the action bar and the Preview button sit against <main>'s visible area. */
async function barPlacement(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("main")!.getBoundingClientRect();
    const bar = document.getElementById("query-actions")!.getBoundingClientRect();
    const preview = document.getElementById("query-preview")!.getBoundingClientRect();
    const footer = document.querySelector("footer")!.getBoundingClientRect();
    return {
      mainTop: main.top,
      mainBottom: main.bottom,
      barTop: bar.top,
      barBottom: bar.bottom,
      previewTop: preview.top,
      previewBottom: preview.bottom,
      footerTop: footer.top,
    };
  });
}

async function scrollMainTo(page: Page, top: number | "end"): Promise<number> {
  return page.evaluate((target) => {
    const main = document.querySelector("main")!;
    main.scrollTop = target === "end" ? main.scrollHeight : target;
    return main.scrollTop;
  }, top);
}

async function fieldMessage(
  page: Page,
  id: string,
): Promise<{ invalid: string | null; describedBy: string; message: string | null }> {
  return page.evaluate((field) => {
    const element = document.getElementById(field)!;
    return {
      invalid: element.getAttribute("aria-invalid"),
      describedBy: element.getAttribute("aria-describedby") ?? "",
      message: document.getElementById(`${field}-error`)?.textContent ?? null,
    };
  }, id);
}

describeWithBrowser("the Query tab at 320 px", (executablePath) => {
  let services: PaneServices;
  let emulator: RunningEmulator;
  let server: StaticServer;
  let pane: QueryPane;
  let page: Page;
  let dates: { from: string; to: string };

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 90, seed: 23 });
    ({ emulator, server } = services);
    dates = await new ReportingClient({ baseUrl: emulator.baseUrl, token: services.logins.first.token }).dates();
    pane = await openQueryPane(services.browser, server.origin, emulator, 640);
    page = pane.page;
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  it("opens at the top whenever the Query tab is selected", async () => {
    expect(await scrollMainTo(page, "end")).toBeGreaterThan(500);
    await page.click("#tab-connect");
    await page.click("#tab-query");
    expect(await page.evaluate(() => document.querySelector("main")!.scrollTop)).toBe(0);
  });

  it("shows the data's last day beside the period and says when the period reaches past it", async () => {
    expect(await page.textContent("#query-data-through")).toBe(`Data through ${dates.to}.`);
    expect(await page.getAttribute("#query-period", "aria-describedby")).toContain("query-data-through");
    expect(await page.isHidden("#query-past-data")).toBe(true);

    await page.selectOption("#query-period", "TODAY");
    expect(await page.textContent("#query-past-data")).toBe(
      `Today has no data yet: the last day with data is ${dates.to}.`,
    );
    await page.selectOption("#query-period", "MTD");
    expect(await page.textContent("#query-past-data")).toBe(
      `Month to date includes today, which has no data yet: the last day with data is ${dates.to}, so the figures stop there.`,
    );
    await page.selectOption("#query-period", "LAST_30_DAYS");
    expect(await page.isHidden("#query-past-data")).toBe(true);
  });

  it("keeps the action bar in view above the status bar while the form scrolls, hiding nothing at the end", async () => {
    const height = await page.evaluate(() => document.querySelector("main")!.scrollHeight);
    for (const top of [0, 400, Math.floor(height / 2), "end" as const]) {
      await scrollMainTo(page, top);
      const at = await barPlacement(page);
      expect(at.barBottom).toBeLessThanOrEqual(at.mainBottom + 0.5);
      expect(at.barTop).toBeGreaterThan(at.mainTop);
      expect(at.barBottom).toBeLessThanOrEqual(at.footerTop + 0.5);
      expect(at.previewTop).toBeGreaterThanOrEqual(at.barTop);
      expect(at.previewBottom).toBeLessThanOrEqual(at.barBottom);
    }
    // Scrolled to the end, the bar sits below the last content rather than over it.
    const lastContentBottom = await page.evaluate(
      () => document.getElementById("query-preview-section")!.getBoundingClientRect().bottom,
    );
    expect(lastContentBottom).toBeLessThanOrEqual((await barPlacement(page)).barTop + 0.5);
    expect(await hiddenUnderStatus(page)).toEqual([]);
    await scrollMainTo(page, 0);
  });

  it("checks the fields as the user types, next to each field, keeping the last valid formula greyed", async () => {
    const valid = await page.inputValue("#query-formula");
    expect(valid).toMatch(/^=REPORTING\.STATS\("LAST_30_DAYS"/);

    await page.fill("#query-limit", "-5");
    expect(await fieldMessage(page, "query-limit")).toEqual({
      invalid: "true",
      describedBy: "query-limit-error",
      message: "Maximum rows must be 1 or more, not -5: change it, or leave it empty for all rows.",
    });
    expect(await page.inputValue("#query-formula")).toBe(valid);
    expect(await page.getAttribute("#query-formula", "class")).toContain("outdated");
    expect(await page.textContent("#query-formula-note")).toBe("Fix the marked field: this is the last valid formula.");
    expect(await page.isVisible("#query-formula-note")).toBe(true);

    await page.fill("#query-limit", "2.5");
    expect((await fieldMessage(page, "query-limit")).message).toBe(
      "Maximum rows must be a whole number: 2.5 has decimals. Type one 1 or more, or leave it empty for all rows.",
    );
    await page.fill("#query-limit", "");
    expect(await fieldMessage(page, "query-limit")).toEqual({ invalid: null, describedBy: "", message: null });
    expect(await page.isHidden("#query-formula-note")).toBe(true);

    await page.selectOption("#query-period", "CUSTOM");
    await page.fill("#query-from", dates.to);
    // The custom range starts as the service's last 30 days: a single day is still a valid query.
    const lastValid = await page.inputValue("#query-formula");
    expect(lastValid).toMatch(new RegExp(`^=REPORTING\\.STATS\\("${dates.to}","${dates.to}"`));
    await page.fill("#query-to", dates.from);
    expect(await fieldMessage(page, "query-to")).toEqual({
      invalid: "true",
      describedBy: "query-to-error",
      // One rule and one wording for both tabs (core/period-choice.ts).
      message: `The last day (${dates.from}) comes before the first day (${dates.to}): swap them.`,
    });
    expect(await page.inputValue("#query-formula")).toBe(lastValid);

    await chooseMetrics(page, []);
    expect((await fieldMessage(page, "query-metrics-group")).message).toBe("Choose at least one metric.");
    // Both problems are shown at once; Preview focuses the first one and says what to do, once, under the buttons.
    expect((await fieldMessage(page, "query-to")).invalid).toBe("true");
    await page.click("#query-preview");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("query-to");
    expect(await page.textContent("#status")).toMatch(/^Fix the marked field first: The last day/);
    await screenshot(page, "query-field-checks");

    await chooseMetrics(page, ["impressions", "revenues", "ecpm"]);
    await page.selectOption("#query-period", "LAST_30_DAYS");
    expect(await page.$$eval("[aria-invalid=true]", (marked) => marked.length)).toBe(0);
    expect(await page.inputValue("#query-formula")).toBe(valid);
    // The old error went with the change.
    expect(await page.textContent("#status")).toBe("");
  });

  it("reads the form once per change, and not at all for what changes nothing in the query", async () => {
    // Every reading of the form checks the Maximum rows box, through its `validity`: counting
    // those reads counts the readings, without a hook in the pane.
    await page.evaluate(() => {
      const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "validity")!;
      const counter = window as unknown as { formReadings: number; restoreValidity: () => void };
      counter.formReadings = 0;
      counter.restoreValidity = () => Object.defineProperty(HTMLInputElement.prototype, "validity", native);
      Object.defineProperty(HTMLInputElement.prototype, "validity", {
        configurable: true,
        get(this: HTMLInputElement) {
          if (this.id === "query-limit") counter.formReadings += 1;
          return native.get!.call(this);
        },
      });
    });
    const readings = () =>
      page.evaluate(() => {
        const counter = window as unknown as { formReadings: number };
        const count = counter.formReadings;
        counter.formReadings = 0;
        return count;
      });
    try {
      const before = await page.inputValue("#query-formula");
      await page.focus("#query-limit");
      await page.keyboard.type("25");
      expect(await readings()).toBe(2);
      expect(await page.inputValue("#query-formula")).not.toBe(before);
      // Leaving the box fires "change" for what "input" already said.
      await page.keyboard.press("Tab");
      expect(await readings()).toBe(0);
      await page.fill("#query-limit", "");
      expect(await readings()).toBe(1);
      expect(await page.inputValue("#query-formula")).toBe(before);

      await addMetric(page, "requests");
      expect(await readings()).toBe(1);
      await removeMetric(page, "requests");
      await page.selectOption("#query-period", "LAST_7_DAYS");
      await page.selectOption("#query-period", "LAST_30_DAYS");
      expect(await readings()).toBe(3);

      await page.click('details[data-filter="countries"] > summary');
      await page.fill('details[data-filter="countries"] input[type="search"]', "un");
      await page.selectOption("#query-order-field", "revenues");
      expect(await readings()).toBe(0);
      await page.check('details[data-filter="countries"] input[value="US"]');
      expect(await readings()).toBe(1);
      expect(await page.inputValue("#query-formula")).toContain("countries=US");
      await page.uncheck('details[data-filter="countries"] input[value="US"]');
      expect(await readings()).toBe(1);
      expect(await page.inputValue("#query-formula")).toBe(before);
    } finally {
      await page.fill('details[data-filter="countries"] input[type="search"]', "");
      await page.click('details[data-filter="countries"] > summary');
      await page.selectOption("#query-order-field", "");
      await page.evaluate(() => (window as unknown as { restoreValidity: () => void }).restoreValidity());
    }
  });

  it("does not look sorted before Add is pressed", async () => {
    expect(await page.inputValue("#query-order-field")).toBe("");
    expect(await page.isDisabled("#query-order-add")).toBe(true);
    const before = await page.inputValue("#query-formula");
    await page.selectOption("#query-order-field", "revenues");
    await page.selectOption("#query-order-direction", "desc");
    expect(await page.textContent("#query-order-pending")).toBe(
      "Not applied yet: choose Add to sort by Revenues, descending.",
    );
    expect(await page.inputValue("#query-formula")).toBe(before);
    expect(await page.$$eval("#query-orders li", (items) => items.length)).toBe(0);
    await page.click("#query-order-add");
    expect(
      await page.$$eval("#query-orders li", (items) => items.map((item) => item.getAttribute("data-value"))),
    ).toEqual(["revenues:desc"]);
    expect(await page.inputValue("#query-formula")).toContain('"revenues:desc"');
    expect(await page.inputValue("#query-order-field")).toBe("");
    expect(await page.isDisabled("#query-order-add")).toBe(true);
  });

  it("leaves focus on Sort by once the last sort entry is removed by keyboard, not on the page", async () => {
    expect(
      await page.$$eval("#query-orders li", (items) => items.map((item) => item.getAttribute("data-value"))),
    ).toEqual(["revenues:desc"]);
    await page.focus('#query-orders [data-action="remove"]');
    await page.keyboard.press("Enter");
    expect(await page.$$eval("#query-orders li", (items) => items.length)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("query-order-field");
    // The next key goes where the user would go next: choosing another column to sort by.
    await page.keyboard.press("ArrowDown");
    expect(await page.inputValue("#query-order-field")).not.toBe("");
    // The sort is back as it was for the tests after this one.
    await page.selectOption("#query-order-field", "revenues");
    await page.selectOption("#query-order-direction", "desc");
    await page.click("#query-order-add");
    expect(
      await page.$$eval("#query-orders li", (items) => items.map((item) => item.getAttribute("data-value"))),
    ).toEqual(["revenues:desc"]);
  });

  it("offers a comparison with the previous period or year in the formula", async () => {
    const before = await page.inputValue("#query-formula");
    await page.selectOption("#query-compare", "previous_period");
    expect(await page.inputValue("#query-formula")).toBe(`${before.slice(0, -1)},"compare=previous_period")`);
    await page.selectOption("#query-compare", "previous_year");
    expect(await page.inputValue("#query-formula")).toContain('"compare=previous_year"');
    await page.selectOption("#query-compare", "");
    expect(await page.inputValue("#query-formula")).toBe(before);
  });

  it("brings the results into view after Preview, with focus on their summary", async () => {
    await scrollMainTo(page, 0);
    const done = await statusAfter(page, () => page.click("#query-preview"));
    expect(done.kind).toBe("success");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("query-preview-summary");
    const seen = await page.evaluate(() => {
      const main = document.querySelector("main")!.getBoundingClientRect();
      const summary = document.getElementById("query-preview-summary")!.getBoundingClientRect();
      const bar = document.getElementById("query-actions")!.getBoundingClientRect();
      return {
        inView: summary.top >= main.top && summary.bottom <= bar.top,
        scrolled: document.querySelector("main")!.scrollTop,
      };
    });
    expect(seen).toEqual({ inView: true, scrolled: expect.any(Number) });
    expect(seen.scrolled).toBeGreaterThan(0);
    expect(await page.textContent("#status")).toMatch(/^Preview ready: \d[\d,]* rows in total/);
    expect(await page.$$eval("#query-preview-table tbody tr", (rows) => rows.length)).toBeGreaterThan(0);
  });

  it("marks the preview out of date the moment the query changes, and not once it is back", async () => {
    expect(await page.getAttribute("#query-preview-section", "data-stale")).toBeNull();
    await page.selectOption("#query-period", "LAST_7_DAYS");
    expect(await page.getAttribute("#query-preview-section", "data-stale")).toBe("true");
    expect(await page.textContent("#query-preview-stale")).toBe("Out of date: the query changed. Preview again.");
    expect(await page.isVisible("#query-preview-stale")).toBe(true);
    await page.locator("#query-preview-section").scrollIntoViewIfNeeded();
    await screenshot(page, "stale-preview");
    await page.selectOption("#query-period", "LAST_30_DAYS");
    expect(await page.getAttribute("#query-preview-section", "data-stale")).toBeNull();
    expect(await page.isHidden("#query-preview-stale")).toBe(true);
  });

  it("says how long it waits and what the service asked for on a 429, disables the other actions, and cancels", async () => {
    // A query not asked before, so that no cached answer stands in for the service.
    await page.selectOption("#query-period", "LAST_7_DAYS");
    const tableBefore = await page.innerHTML("#query-preview-table");
    let refused = 0;
    const refuse = async (route: Route) => {
      if (route.request().method() !== "POST") return route.fallback();
      refused += 1;
      return route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: {
          "Retry-After": "4",
          "Access-Control-Allow-Origin": server.origin,
          "Access-Control-Expose-Headers": "Content-Disposition, Retry-After",
        },
        body: JSON.stringify({ error: { code: "rate_limited", message: "Too many requests.", details: {} } }),
      });
    };
    await page.route(`${emulator.baseUrl}/stats*`, refuse);
    try {
      await page.click("#query-preview");
      const said = await waitForStatus(page, /^The service asked to wait 4 s; trying again at \d\d:\d\d:\d\d\.$/);
      expect(said).toBeTruthy();
      await page.waitForFunction(() =>
        /^The service asked to wait 4 s; trying again at \d\d:\d\d:\d\d\. Waiting for the service… [1-9]\d* s$/.test(
          document.getElementById("query-action-progress")?.textContent ?? "",
        ),
      );
      expect(await page.isVisible("#query-cancel")).toBe(true);
      for (const id of [
        "query-preview",
        "query-export-csv",
        "query-export-xlsx",
        "query-insert-formula",
        "query-insert-table",
      ]) {
        expect({ id, disabled: await page.isDisabled(`#${id}`) }).toEqual({ id, disabled: true });
      }
      await screenshot(page, "long-wait-cancel");

      const cancelled = await statusAfter(page, () => page.click("#query-cancel"));
      expect(cancelled).toEqual({ kind: "info", text: "Cancelled. Nothing was changed." });
      expect(await page.isHidden("#query-cancel")).toBe(true);
      expect(await page.isHidden("#query-action-progress")).toBe(true);
      for (const id of [
        "query-preview",
        "query-export-csv",
        "query-export-xlsx",
        "query-insert-formula",
        "query-insert-table",
      ]) {
        expect({ id, disabled: await page.isDisabled(`#${id}`) }).toEqual({ id, disabled: false });
      }
      // The previous preview stays as it was, still marked out of date for the changed query.
      expect(await page.innerHTML("#query-preview-table")).toBe(tableBefore);
      expect(await page.getAttribute("#query-preview-section", "data-stale")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("query-preview");
      const refusedAtCancel = refused;
      // Cancelling stopped the retries: nothing more was asked past the retry's moment, timed on
      // the page's own timers (run in the order they fall due), not against the test's clock.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 4_500)));
      expect(refused).toBe(refusedAtCancel);
    } finally {
      await page.unroute(`${emulator.baseUrl}/stats*`, refuse);
    }
  });

  it("cancels a slow Export Excel: nothing is downloaded and the actions come back", async () => {
    const downloads: string[] = [];
    const onDownload = (download: Download) => downloads.push(download.suggestedFilename());
    page.on("download", onDownload);
    // The answer waits until the test has cancelled: the screenshot and axe meanwhile take what they take.
    const slow = holdRequests();
    await page.route(`${emulator.baseUrl}/stats/xls`, slow.handler);
    try {
      await page.click("#query-export-xlsx");
      await page.waitForFunction(() =>
        /^Waiting for the service… [1-9]\d* s$/.test(
          document.getElementById("query-action-progress")?.textContent ?? "",
        ),
      );
      expect(await page.isVisible("#query-cancel")).toBe(true);
      for (const id of ["query-preview", "query-export-csv", "query-export-xlsx"]) {
        expect({ id, disabled: await page.isDisabled(`#${id}`) }).toEqual({ id, disabled: true });
      }
      await screenshot(page, "export-wait-cancel");
      const cancelled = await statusAfter(page, () => page.click("#query-cancel"));
      expect(cancelled).toEqual({ kind: "info", text: "Cancelled. Nothing was changed." });
      expect(await page.isHidden("#query-cancel")).toBe(true);
      for (const id of ["query-preview", "query-export-csv", "query-export-xlsx"]) {
        expect({ id, disabled: await page.isDisabled(`#${id}`) }).toEqual({ id, disabled: false });
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("query-export-xlsx");
      // The answer, let through now, finds the request given up: no file can come of it.
      await slow.release();
      expect(slow.held).toHaveLength(1);
      expect(await givenUp(slow.held[0]!)).toBe(true);
      expect(downloads).toEqual([]);
      expect(await page.textContent("#status")).toBe("Cancelled. Nothing was changed.");
    } finally {
      page.off("download", onDownload);
      await slow.release();
      await page.unroute(`${emulator.baseUrl}/stats/xls`, slow.handler);
    }
  });

  it("counts the seconds of a slow answer and keeps Export disabled until the preview is there", async () => {
    await page.selectOption("#query-period", "YESTERDAY");
    // The answer waits until the pane has counted 2 s, however late a busy machine runs its timer.
    const slow = holdRequests((request) => request.method() === "POST");
    await page.route(`${emulator.baseUrl}/stats*`, slow.handler);
    try {
      await page.click("#query-preview");
      await page.waitForFunction(() =>
        /^Waiting for the service… ([2-9]|\d\d+) s$/.test(
          document.getElementById("query-action-progress")?.textContent ?? "",
        ),
      );
      expect(await page.isDisabled("#query-export-csv")).toBe(true);
      await slow.release();
      await waitForStatus(page, /^Preview ready/);
      expect(await page.isDisabled("#query-export-csv")).toBe(false);
      expect(await page.getAttribute("#query-preview-section", "data-stale")).toBeNull();
    } finally {
      await slow.release();
      await page.unroute(`${emulator.baseUrl}/stats*`, slow.handler);
    }
    expect(pane.pageErrors).toEqual([]);
  });

  it("does not say in the action bar a wait the service asked of a formula cell while a preview runs", async () => {
    // The cell's period is its own, so that its request is told apart from the preview's.
    const cellFrom = addDays(dates.to, -45);
    await chooseDays(page, addDays(dates.to, -20), addDays(dates.to, -3));
    let cellRefused = 0;
    const cellRetried = gate();
    const route = async (request: Route) => {
      if (request.request().method() !== "POST") return request.fallback();
      if ((request.request().postData() ?? "").includes(cellFrom) && cellRefused === 0) {
        cellRefused += 1;
        return request.fulfill({
          status: 429,
          contentType: "application/json",
          headers: {
            "Retry-After": "2",
            "Access-Control-Allow-Origin": server.origin,
            "Access-Control-Expose-Headers": "Retry-After",
          },
          body: JSON.stringify({ error: { code: "rate_limited", message: "Too many requests.", details: {} } }),
        });
      }
      if ((request.request().postData() ?? "").includes(cellFrom)) {
        cellRetried.open();
        return request.fallback();
      }
      // The preview's answer comes after the cell's retry: its whole wait happens meanwhile.
      await cellRetried.opened;
      return request.fallback();
    };
    await page.route(`${emulator.baseUrl}/stats*`, route);
    try {
      await page.evaluate(() => {
        const said: string[] = [];
        const observer = new MutationObserver(() => {
          for (const id of ["query-action-progress", "status"])
            said.push(document.getElementById(id)?.textContent ?? "");
        });
        for (const id of ["query-action-progress", "status"])
          observer.observe(document.getElementById(id)!, { childList: true, characterData: true, subtree: true });
        (window as unknown as { __said: () => string[] }).__said = () => {
          observer.disconnect();
          return said;
        };
      });
      await page.click("#query-preview");
      await page.evaluate(
        ([from, to]) => {
          const win = window as unknown as {
            __associatedFunctions: Record<string, (...args: unknown[]) => Promise<unknown[][]>>;
            __cell: Promise<unknown[][]>;
          };
          win.__cell = win.__associatedFunctions.STATS!(from, to, "country", "revenues", null, null, null, {});
        },
        [cellFrom, addDays(cellFrom, 5)] as const,
      );
      await waitForStatus(page, /^Preview ready/);
      expect(cellRefused).toBe(1);
      // The cell got its numbers after the wait it was asked for.
      expect(
        await page.evaluate(async () => (await (window as unknown as { __cell: Promise<unknown[][]> }).__cell).length),
      ).toBeGreaterThan(1);
      const said = await page.evaluate(() => (window as unknown as { __said: () => string[] }).__said());
      expect(said.some((text) => /Waiting for the service… \d+ s$/.test(text))).toBe(true);
      expect(said.filter((text) => /asked to wait/.test(text))).toEqual([]);
    } finally {
      cellRetried.open();
      await page.unroute(`${emulator.baseUrl}/stats*`, route);
    }
  });

  it("lists the workbook's formulas and tables in Queries when it is shown, not while it is hidden", async () => {
    const listing = async () => {
      await page.waitForSelector("#panel-queries:not([aria-busy])");
      return {
        formulas: await page.textContent("#queries-formulas"),
        tables: await page.$$eval("#queries-tables > li", (items) => items.length),
      };
    };
    await page.click("#tab-queries");
    expect(await listing()).toEqual({ formulas: "No REPORTING formula in this workbook.", tables: 0 });
    await page.click("#tab-query");
    // Counts the listings started while the tab is hidden: each marks the panel busy at once.
    await page.evaluate(() => {
      const panel = document.getElementById("panel-queries")!;
      const win = window as unknown as { hiddenListings: number };
      win.hiddenListings = 0;
      new MutationObserver(() => {
        if (panel.hidden && panel.hasAttribute("aria-busy")) win.hiddenListings += 1;
      }).observe(panel, { attributes: true, attributeFilter: ["aria-busy"] });
    });
    expect((await statusAfter(page, () => page.click("#query-insert-formula"))).kind).toBe("success");
    expect((await statusAfter(page, () => page.click("#query-insert-table"))).kind).toBe("success");
    expect(await page.evaluate(() => (window as unknown as { hiddenListings: number }).hiddenListings)).toBe(0);
    expect(await page.textContent("#queries-formulas")).toBe("No REPORTING formula in this workbook.");

    await page.click("#tab-queries");
    expect(await listing()).toEqual({
      formulas: "1 REPORTING formula: 1 on Sheet1. Refresh all recalculates them.",
      tables: 1,
    });
    expect(pane.pageErrors).toEqual([]);
  });
});
