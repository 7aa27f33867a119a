import type { Page, Route } from "playwright-core";
import { describeWithBrowser } from "./support/browser";
import { openAdvanced, openMoreActions, saveProfile, screenshot, statusAfter } from "./support/pane-page";
import {
  fullProfile,
  openExcelPane,
  startPaneServices,
  type ExcelPane,
  type PaneServices,
} from "./support/pane-services";

jest.setTimeout(240_000);

const HEIGHT = 640;

/** Takes the shot at 320 px, then at 350 px (Excel's pane is 320-350 px wide), and goes back to 320. */
async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-320`);
  await page.setViewportSize({ width: 350, height: HEIGHT });
  try {
    await screenshot(page, `${name}-350`);
  } finally {
    await page.setViewportSize({ width: 320, height: HEIGHT });
  }
}

/** Where `selector` sits against the visible part of <main> and the top of the panel's action bar (if any). */
function placement(page: Page, selector: string, bar?: string) {
  return page.evaluate(
    ({ target, barSelector }) => {
      const main = document.querySelector("main")!.getBoundingClientRect();
      const box = document.querySelector(target)!.getBoundingClientRect();
      const barTop = barSelector ? document.querySelector(barSelector)!.getBoundingClientRect().top : main.bottom;
      return {
        inView: box.height > 0 && box.top >= main.top - 0.5 && box.bottom <= Math.min(main.bottom, barTop) + 0.5,
        top: box.top,
        bottom: box.bottom,
      };
    },
    { target: selector, barSelector: bar },
  );
}

describeWithBrowser("what shows where at 320 px", (executablePath) => {
  let services: PaneServices;

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 60, seed: 3 });
  });

  afterAll(async () => {
    await services?.close();
  });

  describe("outside Excel", () => {
    let pane: ExcelPane;
    let page: Page;

    beforeAll(async () => {
      pane = await openExcelPane(services.browser, services.server.origin, { height: HEIGHT, office: false });
      page = pane.page;
    });

    afterAll(async () => {
      await pane?.context.close();
    });

    it("signed out, the Query tab says to sign in, with no Preview heading pointing at a button it lacks", async () => {
      await page.click("#tab-query");
      await page.waitForSelector("#query-signed-out", { state: "visible" });
      expect(await page.isHidden("#query-preview")).toBe(true);
      expect(await page.isHidden("#query-preview-section")).toBe(true);
      expect(await page.isHidden("#query-preview-summary")).toBe(true);
      await shots(page, "query-signed-out");
    });

    it("the Query tab's More actions holds its actions right under its title, with no empty rows", async () => {
      expect((await saveProfile(page, fullProfile(services.emulator, "Finance"))).kind).toBe("success");
      await page.click("#tab-query");
      await openMoreActions(page);
      const layout = await page.$eval("#query-more-actions", (details) => {
        const shown = (element: Element) => element.getClientRects().length > 0;
        const summary = details.querySelector("summary")!.getBoundingClientRect();
        const actions = Array.from(details.querySelectorAll("button")).filter(shown);
        return {
          actions: actions.map((button) => button.id),
          emptyRows: Array.from(details.querySelectorAll(".button-row")).filter(
            (row) => shown(row) && !Array.from(row.children).some(shown),
          ).length,
          gap: actions[0]!.getBoundingClientRect().top - summary.bottom,
        };
      });
      // Outside Excel: the Power Query files (a download needs no workbook) and Refresh all.
      expect(layout.actions).toEqual(["query-power-query", "query-pbids", "query-refresh-all"]);
      expect(layout.emptyRows).toBe(0);
      // A row's own margin (12 px) at most between the title and the first action.
      expect(layout.gap).toBeLessThanOrEqual(12.5);
      await page.locator("#query-more-actions").scrollIntoViewIfNeeded();
      await shots(page, "query-more-actions-outside-excel");
    });

    it("the Legacy tab offers no Insert, as the Query tab does not", async () => {
      await page.click("#tab-legacy");
      await page.waitForSelector("#legacy-preview", { state: "visible" });
      for (const id of ["legacy-insert-formula", "legacy-insert-table", "legacy-insert-table-hint"])
        expect({ id, hidden: await page.isHidden(`#${id}`) }).toEqual({ id, hidden: true });
      expect(await page.isVisible("#legacy-export-csv")).toBe(true);
      await shots(page, "legacy-outside-excel");
    });

    it("the Queries tab shows no empty REPORTING formulas heading, and its disabled choice looks disabled", async () => {
      await page.click("#tab-queries");
      await page.waitForSelector("#queries-empty", { state: "visible" });
      expect(await page.isHidden("#queries-formulas-title")).toBe(true);
      expect(await page.isHidden("#queries-formulas")).toBe(true);
      expect(await page.isDisabled("#queries-refresh-on-open")).toBe(true);
      const look = await page.evaluate(() => {
        const colour = (element: Element) => getComputedStyle(element).color;
        return {
          label: colour(document.querySelector('label[for="queries-refresh-on-open"]')!),
          text: colour(document.querySelector("#queries-empty")!.closest("section")!.querySelector("h2")!),
        };
      });
      // Greyed as the pane's secondary text (#616161), unlike the tab's own text.
      expect(look.label).toBe("rgb(97, 97, 97)");
      expect(look.text).not.toBe(look.label);
      await shots(page, "queries-outside-excel");
    });
  });

  describe("in Excel", () => {
    let pane: ExcelPane;
    let page: Page;

    beforeAll(async () => {
      pane = await openExcelPane(services.browser, services.server.origin, { height: HEIGHT });
      page = pane.page;
      expect((await saveProfile(page, fullProfile(services.emulator, "Finance"))).kind).toBe("success");
      await page.click("#tab-query");
      await page.waitForSelector("#query-form", { state: "visible" });
    });

    afterAll(async () => {
      await pane?.context.close();
    });

    it("shows every Column headers choice whole, and the choice of every select of the form", async () => {
      const cut = await page.$$eval("#query-form select", (selects) => {
        const context = document.createElement("canvas").getContext("2d")!;
        return (selects as HTMLSelectElement[]).flatMap((select) => {
          if (select.getClientRects().length === 0) return [];
          const style = getComputedStyle(select);
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          // The content box, less room for the drop-down arrow.
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          const options =
            select.id === "query-headers" ? Array.from(select.options) : Array.from(select.selectedOptions);
          return options
            .map((option) => ({ text: option.text, width: Math.ceil(context.measureText(option.text).width) }))
            .filter((option) => option.width > room)
            .map((option) => `#${select.id}: ${option.text} (${option.width} px in ${room} px)`);
        });
      });
      expect(cut).toEqual([]);
    });

    it("keeps the expert fields under a closed Advanced disclosure that opens on demand", async () => {
      const advanced = ["query-date-group-limit", "query-offset", "query-cache", "query-pin-profile"];
      const closedHeight = await page.$eval("main", (main) => main.scrollHeight);
      expect(await page.$eval("#query-advanced", (details) => (details as HTMLDetailsElement).open)).toBe(false);
      for (const id of advanced)
        expect({ id, visible: await page.isVisible(`#${id}`) }).toEqual({ id, visible: false });
      await openAdvanced(page);
      for (const id of advanced) expect({ id, visible: await page.isVisible(`#${id}`) }).toEqual({ id, visible: true });
      const openHeight = await page.$eval("main", (main) => main.scrollHeight);
      expect(openHeight - closedHeight).toBeGreaterThan(150);
      await page.locator("#query-advanced").scrollIntoViewIfNeeded();
      await shots(page, "query-advanced-open");
      await page.click("#query-advanced > summary");
      process.stdout.write(`Query tab at 320 px: ${closedHeight} px with Advanced closed, ${openHeight} px open\n`);
    });

    it("opens Advanced by itself to show a field to fix there", async () => {
      await openAdvanced(page);
      await page.fill("#query-offset", "-3");
      await page.click("#query-advanced > summary");
      const refused = await statusAfter(page, () => page.click("#query-preview"));
      expect(refused.kind).toBe("error");
      expect(await page.$eval("#query-advanced", (details) => (details as HTMLDetailsElement).open)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("query-offset");
      await page.fill("#query-offset", "");
      await page.click("#query-advanced > summary");
    });

    it("the Legacy tab keeps its actions in view, with the wait and Cancel, and brings a finished preview into view", async () => {
      await page.click("#tab-legacy");
      await page.waitForSelector("#legacy-preview", { state: "visible" });
      await page.waitForSelector("#legacy-applications :is(details, p, ul)");
      await page.evaluate(() => document.querySelector("main")!.scrollTo({ top: 0 }));
      expect((await placement(page, "#legacy-preview")).inView).toBe(true);

      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = async (route: Route) => {
        await held;
        await route.fallback().catch(() => undefined);
      };
      const pattern = `${services.emulator.legacyBaseUrl}/reporting/v1/stats*`;
      await page.route(pattern, slow);
      try {
        await page.click("#legacy-preview");
        await page.waitForSelector("#legacy-cancel", { state: "visible" });
        await page.waitForSelector("#legacy-action-progress", { state: "visible" });
        expect((await placement(page, "#legacy-cancel")).inView).toBe(true);
        expect((await placement(page, "#legacy-action-progress")).inView).toBe(true);
        await screenshot(page, "legacy-slow-preview");
        const done = await statusAfter(page, async () => release());
        expect(done.kind).toBe("success");
      } finally {
        release();
        await page.unroute(pattern, slow);
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("legacy-preview-summary");
      expect((await placement(page, "#legacy-preview-summary", "#legacy-actions")).inView).toBe(true);
      expect(await page.evaluate(() => document.querySelector("main")!.scrollTop)).toBeGreaterThan(0);
      await shots(page, "legacy-preview-done");
      expect(pane.pageErrors).toEqual([]);
    });
  });
});
