/**
 * The pane as a keyboard and screen reader user meets it, at the 320 px of Excel's narrowest
 * pane: axe-core finds no violation in any tab or state reached here, every control shows where
 * the focus is, and a query can be built, previewed and read without a mouse.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectAccessible } from "./support/axe";
import { describeWithBrowser } from "./support/browser";
import {
  pickerContent,
  previewRows,
  saveProfile,
  screenshot,
  statusAfter,
  type ProfileInput,
} from "./support/pane-page";
import {
  fullProfile,
  openExcelPane,
  startPaneServices,
  type ExcelPane,
  type PaneServices,
} from "./support/pane-services";
import type { StaticServer } from "./support/static-server";

jest.setTimeout(240_000);

/** More presses than the longest tab holds controls: a walk that needs more is lost. */
const MAX_PRESSES = 120;

/** The pane at 320 x 640, in the fake Excel or (`inExcel` false) in a plain browser. */
function openPane(browser: Browser, origin: string, inExcel: boolean): Promise<ExcelPane> {
  return openExcelPane(browser, origin, { height: 640, office: inExcel ? {} : false });
}

/** A short description of the focused element, for messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "(nothing: the page itself)";
    const name = element.id
      ? `#${element.id}`
      : (element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "");
    return `${element.tagName.toLowerCase()} ${name}`;
  });
}

/**
 * Why the focused control would not show that it has the focus: no outline and no box shadow
 * while it matches :focus-visible. Undefined when it shows it (or nothing is focused).
 */
function missingFocusIndicator(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return undefined;
    const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 30)}"`;
    if (!element.matches(":focus-visible")) return `${name} does not match :focus-visible after a key press`;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1;
    const shadow = style.boxShadow !== "none";
    return outline || shadow ? undefined : `${name} shows no outline or shadow`;
  });
}

/**
 * Presses `key` until the focus is on an element matching `selector` (or inside one, with
 * `within`), checking at every stop that the focus can be seen. Fails when the focus never
 * gets there.
 */
async function pressUntil(page: Page, key: string, selector: string, unseen: string[], within = false): Promise<void> {
  const there = () =>
    page.evaluate(
      ({ wanted, inside }) => {
        const element = document.activeElement;
        if (!element) return false;
        return inside ? element.closest(wanted) !== null : element.matches(wanted);
      },
      { wanted: selector, inside: within },
    );
  for (let presses = 0; presses < MAX_PRESSES; presses += 1) {
    if (await there()) return;
    await page.keyboard.press(key);
    const problem = await missingFocusIndicator(page);
    if (problem && !unseen.includes(problem)) unseen.push(problem);
  }
  throw new Error(`${key} never brought the focus to ${selector}; it is on ${await describeFocus(page)}`);
}

/** The ids (or descriptions) of the controls Tab visits, from the selected tab round to it again. */
async function tabRound(page: Page, unseen: string[]): Promise<string[]> {
  const visited: string[] = [];
  await page.focus('[role="tab"][aria-selected="true"]');
  const start = await describeFocus(page);
  for (let presses = 0; presses < MAX_PRESSES; presses += 1) {
    await page.keyboard.press("Tab");
    const here = await describeFocus(page);
    if (here === start) return visited;
    visited.push(here);
    const problem = await missingFocusIndicator(page);
    if (problem && !unseen.includes(problem)) unseen.push(problem);
  }
  throw new Error(`Tab did not come back to ${start} after ${MAX_PRESSES} presses`);
}

/**
 * Every box under <main> that scrolls now (beyond a rounding pixel), and those a keyboard user
 * could not scroll or a screen reader could not name: neither a named tab stop itself nor holding
 * a control that takes the focus. Each scrolling component owns its focusability: no code adds it later.
 */
function scrollingBoxes(page: Page): Promise<{ scrolling: string[]; unreachable: string[] }> {
  return page.evaluate(() => {
    const focusable = "a[href], button, input, select, textarea, summary, [tabindex]";
    const unreachable: string[] = [];
    const scrolling: string[] = [];
    for (const box of Array.from(document.querySelectorAll<HTMLElement>("main *"))) {
      const style = getComputedStyle(box);
      const scrolls = (overflow: string, content: number, size: number) =>
        (overflow === "auto" || overflow === "scroll") && content > size + 1;
      if (
        !scrolls(style.overflowX, box.scrollWidth, box.clientWidth) &&
        !scrolls(style.overflowY, box.scrollHeight, box.clientHeight)
      )
        continue;
      const name = `${box.tagName.toLowerCase()}.${box.className}`;
      scrolling.push(name);
      const stop = box.tabIndex >= 0 && box.getAttribute("aria-label");
      if (!stop && !box.querySelector(focusable)) unreachable.push(name);
    }
    return { scrolling, unreachable };
  });
}

describeWithBrowser("accessibility of the task pane at 320 px", (executablePath) => {
  let services: PaneServices;
  let server: StaticServer;
  let browser: Browser;
  let profile: ProfileInput;

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 60, seed: 5 });
    ({ server, browser } = services);
    profile = fullProfile(services.emulator, "Finance");
  });

  afterAll(async () => {
    await services?.close();
  });

  describe("inside Excel (recording fake of Office)", () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      ({ context, page } = await openPane(browser, server.origin, true));
    });

    afterAll(async () => {
      await context?.close();
    });

    it("has no violation on first open, nor on any tab before signing in", async () => {
      await screenshot(page, "a11y-first-open");
      for (const tab of ["query", "queries", "legacy"]) {
        await page.click(`#tab-${tab}`);
        await expectAccessible(page, `${tab} tab, signed out`);
      }
      await page.click("#tab-connect");
    });

    it("has no violation in the profile form showing an error", async () => {
      // On first open the form is already a new profile (no New profile button to press).
      await page.click("#profile-save");
      // Wherever the form says it (next to the field, or in the status bar), it says it as an error.
      await page.waitForSelector('#profile-form [aria-invalid="true"], #status.error, #connection-result.error');
      await screenshot(page, "a11y-profile-error");
    });

    it("has no violation in Query with a picker open and searched, nor with a preview shown", async () => {
      const saved = await saveProfile(page, profile);
      expect(saved.kind).toBe("success");
      await page.click("#tab-query");
      await pickerContent(page, "countries");
      await page.click('details[data-filter="countries"] > summary');
      await page.fill('details[data-filter="countries"] input[type="search"]', "un");
      await page.check('details[data-filter="countries"] input[value="US"]');
      await page.click('details[data-filter="formats"] > summary');
      await screenshot(page, "a11y-query-pickers");

      const previewed = await statusAfter(page, () => page.click("#query-preview"));
      expect(previewed.kind).toBe("success");
      await page.selectOption("#query-group-add", "country");
      await page.click("#query-group-add-button");
      await statusAfter(page, () => page.click("#query-preview"));
      expect((await previewRows(page, "#query-preview-table")).rows.length).toBeGreaterThan(0);
      // Date and country with three metrics are wider than the pane: the rows scroll, by keyboard too.
      const boxes = await scrollingBoxes(page);
      expect(boxes.unreachable).toEqual([]);
      expect(boxes.scrolling).toContain("div.preview-scroll");
      await screenshot(page, "a11y-query-preview");
    });

    it("has no violation in Queries, empty and then listing a table", async () => {
      await page.click("#tab-queries");
      await page.waitForSelector("#queries-empty", { state: "visible" });
      await expectAccessible(page, "queries tab, no table");
      await page.click("#tab-query");
      const inserted = await statusAfter(page, () => page.click("#query-insert-table"));
      expect(inserted.kind).toBe("success");
      await page.click("#tab-queries");
      await page.waitForSelector("#queries-tables li");
      await screenshot(page, "a11y-queries-table");
    });

    it("has no violation in Legacy, with its applications and a preview", async () => {
      await page.click("#tab-legacy");
      await page.waitForSelector("#legacy-applications details");
      await page.click("#legacy-applications details > summary");
      const previewed = await statusAfter(page, () => page.click("#legacy-preview"));
      expect(previewed.kind).toBe("success");
      const boxes = await scrollingBoxes(page);
      expect(boxes.unreachable).toEqual([]);
      expect(boxes.scrolling).toContain("div.preview-scroll");
      await screenshot(page, "a11y-legacy");
    });
  });

  describe("in a plain browser (no Excel)", () => {
    it("has no violation on first open, nor in Query with a preview", async () => {
      const { context, page } = await openPane(browser, server.origin, false);
      try {
        expect(await page.isVisible("#host-notice")).toBe(true);
        await screenshot(page, "a11y-plain-first-open");
        await saveProfile(page, { ...profile, kind: "bearer" });
        await page.click("#tab-query");
        await pickerContent(page, "countries");
        await statusAfter(page, () => page.click("#query-preview"));
        await screenshot(page, "a11y-plain-preview");
      } finally {
        await context.close();
      }
    });
  });

  describe("by keyboard alone", () => {
    let context: BrowserContext;
    let page: Page;
    const unseen: string[] = [];

    beforeAll(async () => {
      ({ context, page } = await openPane(browser, server.origin, true));
    });

    afterAll(async () => {
      await context?.close();
    });

    it("creates a profile, builds a filtered query, previews it and reaches the rows", async () => {
      const { keyboard } = page;
      await pressUntil(page, "Tab", "#tab-connect", unseen);
      await pressUntil(page, "Tab", "#profile-name", unseen);
      await keyboard.type("Keyboard");
      await pressUntil(page, "Tab", "#profile-base-url", unseen);
      await keyboard.press("Control+A");
      await keyboard.type(services.emulator.baseUrl);
      await pressUntil(page, "Tab", "#profile-token", unseen);
      await keyboard.type(profile.token ?? "");
      await pressUntil(page, "Tab", "#profile-save", unseen);
      const saved = await statusAfter(page, () => keyboard.press("Enter"));
      expect(saved.kind).toBe("success");
      expect(await page.textContent("#active-profile-summary")).toContain("Keyboard");

      // Tabs: the selected one is the only Tab stop; the arrows move to the others.
      await pressUntil(page, "Shift+Tab", "#tab-connect", unseen);
      await keyboard.press("ArrowRight");
      expect(await describeFocus(page)).toBe("button #tab-query");
      expect(await page.isVisible("#panel-query")).toBe(true);

      await pressUntil(page, "Tab", "#query-period", unseen);
      const period = await page.inputValue("#query-period");
      await keyboard.press("ArrowDown");
      expect(await page.inputValue("#query-period")).not.toBe(period);

      // A second grouping makes the preview wider than the pane.
      await pressUntil(page, "Tab", "#query-group-add", unseen);
      for (let presses = 0; presses < 10 && (await page.inputValue("#query-group-add")) !== "country"; presses += 1)
        await keyboard.press("ArrowDown");
      expect(await page.inputValue("#query-group-add")).toBe("country");
      await pressUntil(page, "Tab", "#query-group-add-button", unseen);
      await keyboard.press("Enter");
      expect(await page.inputValue("#query-formula")).toContain("date,country");

      await pickerContent(page, "countries");
      const summary = 'details[data-filter="countries"] > summary';
      await pressUntil(page, "Tab", summary, unseen);
      await keyboard.press("Enter");
      expect(await page.getAttribute('details[data-filter="countries"]', "open")).not.toBeNull();
      await pressUntil(page, "Tab", 'details[data-filter="countries"] input[type="search"]', unseen);
      await keyboard.type("US");
      expect((await pickerContent(page, "countries")).values[0]).toBe("US");
      await keyboard.press("ArrowDown");
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("US");
      await keyboard.press("Space");
      await keyboard.press("Escape");
      expect(await page.getAttribute('details[data-filter="countries"]', "open")).toBeNull();
      expect(
        await page.evaluate((selector) => document.activeElement === document.querySelector(selector), summary),
      ).toBe(true);
      expect(await page.textContent('details[data-filter="countries"] .count')).toBe("1 selected");
      expect(await page.inputValue("#query-formula")).toContain('"countries=US"');

      await pressUntil(page, "Tab", "#query-preview", unseen);
      const previewed = await statusAfter(page, () => keyboard.press("Enter"));
      expect(previewed.kind).toBe("success");
      // The rows sit above the action bar: the focus is there already, or Shift+Tab leads to them;
      // then the box holding the table takes the focus, so that the arrows scroll a wide one.
      await pressUntil(page, "Shift+Tab", ".preview", unseen, true);
      const onTable = ".preview :has(table)";
      if (!(await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, onTable)))
        await pressUntil(page, "Tab", onTable, unseen);
      expect((await previewRows(page, "#query-preview-table")).rows.length).toBeGreaterThan(0);
      const wide = await page.evaluate(() => {
        const box = document.activeElement as HTMLElement;
        return box.scrollWidth > box.clientWidth + 1;
      });
      if (wide) {
        await keyboard.press("ArrowRight");
        // Keyboard scrolling is animated: wait for it to move.
        await page.waitForFunction(() => (document.activeElement as HTMLElement).scrollLeft > 0, undefined, {
          timeout: 5_000,
        });
      }
      expect(unseen).toEqual([]);
    });

    it("shows the focus on every control Tab reaches, in every tab", async () => {
      await page.focus('[role="tab"][aria-selected="true"]');
      await page.keyboard.press("Home");
      const connect = await tabRound(page, unseen);
      await page.focus("#tab-query");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowLeft");
      const query = await tabRound(page, unseen);
      await page.keyboard.press("ArrowRight");
      const queries = await tabRound(page, unseen);
      await page.keyboard.press("ArrowRight");
      await tabRound(page, unseen);
      expect(connect.length).toBeGreaterThan(5);
      expect(query.length).toBeGreaterThan(20);
      expect(queries.length).toBeGreaterThan(2);
      expect(unseen).toEqual([]);
    });
  });
});
