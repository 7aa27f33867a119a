import type { BrowserContext, Page } from "playwright-core";
import { send } from "../integration/host/support/https-client";
import { section1Of } from "../support/data-mashup";
import { PANE_VIEWPORT, describeWithBrowser } from "./support/browser";
import { installFakeUser } from "./support/fake-office-user";
import { installFakeOffice } from "./support/fake-office";
import { fillProfileForm, openMoreActions, screenshot, statusAfter } from "./support/pane-page";
import {
  cspViolations,
  HOST_INFO,
  recordCspViolations,
  startHostedPaneServices,
  type HostedPaneServices,
} from "./support/pane-services";

jest.setTimeout(300_000);

/** Runs in the page before its scripts: gives the fake Office the browser window of OpenBrowserWindowApi, recording the addresses. */
function recordBrowserWindows(): void {
  const win = window as unknown as { __openedInBrowser: string[]; Office: { context: { ui: unknown } } };
  const opened: string[] = [];
  win.__openedInBrowser = opened;
  win.Office.context.ui = { openBrowserWindow: (url: string) => opened.push(url) };
}

/**
 * "Open in Power Query" on Excel for Mac, whose web view ignores downloads: the production host
 * makes the workbook and the pane opens its one-time address in the browser, as the exports do.
 * The host's OData feed is another part of issue 21: its address answers here as the feed does
 * to a request without a credential.
 */
describeWithBrowser(
  "Open in Power Query on Excel for Mac, through the production host, at 320 px",
  (executablePath) => {
    let services: HostedPaneServices;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      services = await startHostedPaneServices(executablePath, { days: 60, seed: 5, allowedOrigins: [] });
      const { host, emulator } = services;
      context = await services.browser.newContext({ ignoreHTTPSErrors: true, viewport: PANE_VIEWPORT });
      await context.route("**/office-js/office.js", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "" }),
      );
      await context.route(`${host.url}/odata/`, (route) =>
        route.fulfill({ status: 401, headers: { "OData-Version": "4.0", "WWW-Authenticate": "Basic" }, body: "" }),
      );
      await context.addInitScript(installFakeOffice, { selection: "A1", sheetName: "Sheet1", platform: "Mac" });
      await context.addInitScript(installFakeUser);
      await context.addInitScript(recordCspViolations);
      await context.addInitScript(recordBrowserWindows);
      page = await context.newPage();
      await page.goto(`${host.url}/taskpane.html?${HOST_INFO.Mac}`);
      await page.waitForSelector("body[data-ready=true]");
      const token = emulator.credentials.bearer[0]?.token ?? "";
      await fillProfileForm(page, {
        name: "Through the host",
        kind: "bearer",
        baseUrl: `${host.url}/service/bearer`,
        legacyBaseUrl: `${host.url}/service/legacy`,
        token,
      });
      expect((await statusAfter(page, () => page.click("#profile-save"))).kind).toBe("success");
      await page.click("#tab-query");
      await page.waitForSelector("#query-form", { state: "visible" });
    });
    afterAll(async () => {
      await context?.close();
      await services?.close();
    });

    it("has the host make the workbook and opens its one-time address in the browser", async () => {
      await page.selectOption("#query-period", "LAST_MONTH");
      await openMoreActions(page);
      await page.waitForFunction(() =>
        /refreshes from this add-in's server/.test(
          document.getElementById("query-power-query-note")?.textContent ?? "",
        ),
      );
      const said = await statusAfter(page, () => page.click("#query-power-query"));
      expect(said.kind).toBe("success");
      expect(said.text).toMatch(
        /^Opened stats_.*_power-query\.xlsx in your browser, which saves it; the link works once, within a minute\. Open it in Excel/,
      );
      const opened = await page.evaluate(
        () => (window as unknown as { __openedInBrowser: string[] }).__openedInBrowser,
      );
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatch(new RegExp(`^${services.host.url}/host/exports/[A-Za-z0-9_-]{22}$`));
      const download = await send(opened[0] ?? "", { ca: services.certificate.pem });
      expect(download.status).toBe(200);
      const m = section1Of(new Uint8Array(download.body));
      expect(m).toContain(`OData.Feed("${services.host.url}/odata/Stats?$select=`);
      expect(m).toContain("From = Date.StartOfMonth(Date.AddMonths(Today, -1)),");
      expect(await cspViolations(page)).toEqual([]);
      await screenshot(page, "power-query-mac");
    });
  },
);
