import type { Page } from "playwright-core";
import { describeWithBrowser } from "./support/browser";
import { saveProfile, screenshot } from "./support/pane-page";
import { bearerProfile, startPaneServices, type PaneServices } from "./support/pane-services";
import { openQueryPane, previewQuery, type QueryPane } from "./support/query-pane";

jest.setTimeout(180_000);

/**
 * Where the pane says things, at 320 px: an action's outcome once (in the status bar, under the
 * action bar), and each tab's messages on that tab only.
 */
describeWithBrowser("the status bar at 320 px: each message once, on the tab it came from", (executablePath) => {
  let services: PaneServices;
  let pane: QueryPane;
  let page: Page;

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 30, seed: 5 });
    pane = await openQueryPane(services.browser, services.server.origin, services.emulator, 640);
    page = pane.page;
    await page.click("#tab-connect");
    await saveProfile(page, bearerProfile(services.emulator, "Other"));
    await page.click('li[data-profile="Analyst"] button:has-text("Use")');
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  /**
   * Selects a tab by a click that does not move focus, as in Safari's web view (Excel for Mac):
   * no blur tells an armed button that the user went elsewhere.
   */
  async function clickWithoutFocus(selector: string): Promise<void> {
    await page.$eval(selector, (element) => (element as HTMLElement).click());
  }

  /** The elements on screen, status bar included, whose own text holds `text`. */
  function placesSaying(text: string): Promise<string[]> {
    return page.evaluate((said) => {
      return Array.from(document.body.querySelectorAll<HTMLElement>("*")).flatMap((element) => {
        const own = Array.from(element.childNodes)
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? "")
          .join("");
        return own.includes(said) && element.getClientRects().length > 0 ? [element.id || element.className] : [];
      });
    }, text);
  }

  const deleteOther = 'li[data-profile="Other"] button[aria-label*="elete profile Other"]';

  it("says a preview's outcome once, in the status bar under the action bar", async () => {
    await clickWithoutFocus("#tab-query");
    const said = await previewQuery(page);
    expect(said).toMatch(/^Preview ready: /);
    expect(await placesSaying(said)).toEqual(["status"]);
    expect(await page.$(".action-message")).toBeNull();
    const heights = await page.evaluate(() => ({
      bar: document.getElementById("query-actions")!.getBoundingClientRect().height,
      status: document.querySelector("footer")!.getBoundingClientRect().height,
    }));
    // The bar holds the buttons only once the action is done (one or two rows of them).
    expect(heights.bar).toBeLessThan(100);
    await screenshot(page, "messages-preview-once");
  });

  it("does not carry the Query tab's outcome, nor an armed Delete, to another tab; each tab's own returns with it", async () => {
    const preview = (await page.textContent("#status")) ?? "";
    await clickWithoutFocus("#tab-connect");
    // The Connect tab's own last words, not the preview's.
    expect(await page.textContent("#status")).toBe("Now using profile Analyst. Formulas switch to it at once.");

    await clickWithoutFocus(deleteOther);
    expect(await page.textContent("#status")).toBe('Press "Delete" again to delete the profile Other.');
    expect(await page.textContent(deleteOther)).toBe("Press again to delete");

    await clickWithoutFocus("#tab-query");
    expect(await page.textContent("#status")).toBe(preview);
    await screenshot(page, "messages-query-after-delete-armed");

    await clickWithoutFocus("#tab-connect");
    // Leaving the tab disarmed Delete: one press now only asks again, and nothing was deleted.
    expect(await page.textContent(deleteOther)).toBe("Delete");
    expect(await page.textContent("#status")).toBe("");
    await clickWithoutFocus(deleteOther);
    expect(await page.isVisible('li[data-profile="Other"]')).toBe(true);
    expect(await page.textContent("#status")).toBe('Press "Delete" again to delete the profile Other.');
    expect(pane.pageErrors).toEqual([]);
  });
});
