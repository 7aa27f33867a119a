/**
 * The pane's parts loaded on demand (src/taskpane/shell/tab-parts.ts, tabs/query/action-parts.ts): the page's first load leaves
 * them out; a tab fetches its code when first selected, from the page's own folder (publicPath
 * ""), under the production host's Content-Security-Policy, also when a proxy serves the add-in
 * under a sub-path; a part that does not arrive is said in plain words and tried again.
 */
import type { BrowserContext, Page } from "playwright-core";
import { PART_NOT_LOADED } from "../../src/taskpane/shell/lazy-part";
import { PANE_VIEWPORT, describeWithBrowser } from "./support/browser";
import { installFakeUser } from "./support/fake-office-user";
import { installFakeOffice } from "./support/fake-office";
import { openMoreActions, saveProfile, screenshot, waitForStatus } from "./support/pane-page";
import {
  cspViolations,
  HOST_INFO,
  recordCspViolations,
  startHostedPaneServices,
  type HostedPaneServices,
} from "./support/pane-services";

jest.setTimeout(240_000);

/** Where a reverse proxy in front of the host puts the add-in, in the sub-path case. */
const SUB_PATH = "/reporting-addin/";

interface OpenedPane {
  page: Page;
  /** Every script the page asked for, in order (Office.js left out: the test stands in for it). */
  scripts: string[];
}

describeWithBrowser("parts of the pane loaded on demand, from the production host", (executablePath) => {
  let services: HostedPaneServices;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    services = await startHostedPaneServices(executablePath, { days: 30, seed: 9 });
  });

  afterEach(async () => {
    while (contexts.length > 0) await contexts.pop()?.close();
  });

  afterAll(() => services?.close());

  /** The pane at `base` (the host's root, or a sub-path a proxy maps onto it); `unreachable` scripts never arrive. */
  async function openPane(base: string, unreachable?: string): Promise<OpenedPane> {
    const { browser, host } = services;
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: PANE_VIEWPORT });
    contexts.push(context);
    if (base !== "/") {
      // A reverse proxy: the host's answers, its CSP included, at another path.
      await context.route(`${host.url}${base}**`, async (route) => {
        const response = await route.fetch({
          url: route.request().url().replace(`${host.url}${base}`, `${host.url}/`),
        });
        await route.fulfill({ response });
      });
    }
    // Registered last, so it wins over the proxy.
    await context.route("**/office-js/office.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    if (unreachable) await context.route(unreachable, (route) => route.abort("connectionfailed"));
    await context.addInitScript(installFakeOffice, { selection: "A1", sheetName: "Sheet1" });
    await context.addInitScript(installFakeUser);
    await context.addInitScript(recordCspViolations);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" && !request.url().includes("/office-js/")) scripts.push(request.url());
    });
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${host.url}${base}taskpane.html?${HOST_INFO.PC}`);
    await page.waitForSelector("body[data-ready=true]");
    return { page, scripts };
  }

  const fileOf = (url: string) => new URL(url).pathname.split("/").pop() ?? "";
  const settled = (page: Page, panel: string) =>
    page.waitForSelector(`#${panel}:not([aria-busy])`, { state: "attached" });

  it.each([
    ["at the host's root", "/"],
    ["under a sub-path of a proxy in front of the host", SUB_PATH],
  ])(
    "%s: the first load leaves the Queries and Legacy tabs out; each comes from the page's folder when first selected",
    async (_where, base) => {
      const { page, scripts } = await openPane(base);
      const pageScripts = await page.$$eval("script[src]", (tags) =>
        tags.map((tag) => (tag as HTMLScriptElement).src).filter((src) => !src.includes("/office-js/")),
      );
      expect(pageScripts.map(fileOf)).toEqual([
        expect.stringMatching(/^runtime\.[0-9a-f]{8}\.js$/),
        expect.stringMatching(/^vendors\.[0-9a-f]{8}\.js$/),
        expect.stringMatching(/^common\.[0-9a-f]{8}\.js$/),
        "functions.js",
        expect.stringMatching(/^taskpane\.[0-9a-f]{8}\.js$/),
      ]);
      // The Query tab follows the first view by itself; Queries and Legacy wait to be selected.
      await page.waitForFunction(() => document.querySelector("#query-period option") !== null);
      expect(scripts.some((url) => /\/query-tab\.[0-9a-f]{8}\.js$/.test(url))).toBe(true);
      expect(scripts.filter((url) => /\/(queries|legacy)-tab\./.test(url))).toEqual([]);

      await page.click("#tab-legacy");
      await settled(page, "panel-legacy");
      // Set up: its default grouping is listed (the tab's content stays hidden until a Legacy profile is in use).
      await page.waitForSelector("#legacy-groups li", { state: "attached" });
      await page.click("#tab-queries");
      await settled(page, "panel-queries");
      await page.waitForFunction(
        () => document.getElementById("queries-formulas")?.textContent === "No REPORTING formula in this workbook.",
      );

      const loaded = scripts.map(fileOf);
      expect(loaded).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^legacy-tab\.[0-9a-f]{8}\.js$/),
          expect.stringMatching(/^queries-tab\.[0-9a-f]{8}\.js$/),
        ]),
      );
      // Every file from the page's own folder, content-hashed but functions.js (named by the manifest).
      for (const url of scripts)
        expect(
          url.startsWith(`${services.host.url}${base}`) &&
            !url.slice(`${services.host.url}${base}`.length).includes("/"),
        ).toBe(true);
      for (const file of loaded) expect(file === "functions.js" || /\.[0-9a-f]{8}\.js$/.test(file)).toBe(true);
      expect(await cspViolations(page)).toEqual([]);
    },
  );

  it("a tab whose code does not arrive says so in its place and in the status bar; selecting it again loads it", async () => {
    const { page } = await openPane("/");
    let blocked = true;
    await page.route("**/legacy-tab.*.js", (route) => (blocked ? route.abort("connectionfailed") : route.continue()));
    await page.click("#tab-legacy");
    expect(await waitForStatus(page, /could not load/)).toBe(PART_NOT_LOADED);
    expect(await page.textContent("#panel-legacy .part-note")).toBe(PART_NOT_LOADED);
    expect(await page.$$("#legacy-groups li")).toHaveLength(0);
    // None of its controls, which would do nothing: only the note is in sight.
    expect(await page.isVisible("#legacy-signed-out")).toBe(false);
    expect(await page.isVisible("#legacy-content")).toBe(false);
    await screenshot(page, "part-not-loaded");

    blocked = false;
    await page.click("#tab-connect");
    await page.click("#tab-legacy");
    await page.waitForSelector("#legacy-groups li", { state: "attached" });
    expect(await page.$("#panel-legacy .part-note")).toBeNull();
    expect(await page.isVisible("#legacy-signed-out")).toBe(true);
  });

  it("an action whose code does not arrive says so, and its button works again", async () => {
    const { page } = await openPane("/");
    const credential = services.emulator.credentials.bearer[0];
    if (!credential) throw new Error("the emulator has no demo token");
    expect(
      (
        await saveProfile(page, {
          name: "Demo",
          kind: "bearer",
          baseUrl: `${services.host.url}/service/bearer`,
          legacyBaseUrl: "",
          token: credential.token,
        })
      ).kind,
    ).toBe("success");
    await page.click("#tab-query");
    await settled(page, "panel-query");
    await page.route("**/freeze.*.js", (route) => route.abort("connectionfailed"));
    await openMoreActions(page);
    await page.click("#query-freeze");
    expect(await waitForStatus(page, /could not load/)).toBe(PART_NOT_LOADED);
    await page.waitForSelector("#query-freeze:not([aria-busy]):not([disabled])");
  });

  it("says so when the code of the workbook's refresh-on-open check, fetched after the first view, does not arrive", async () => {
    const { page, scripts } = await openPane("/", "**/refresh-on-open.*.js");
    expect(await waitForStatus(page, /could not load/)).toBe(PART_NOT_LOADED);
    expect(scripts.some((url) => /\/refresh-on-open\.[0-9a-f]{8}\.js$/.test(url))).toBe(true);
  });

  it("raised no uncaught error in any page", () => {
    expect(pageErrors).toEqual([]);
  });
});
