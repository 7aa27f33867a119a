import type { BrowserContext, Page } from "playwright-core";
import type { StatsRequest } from "../../src/api";
import { ReportingClient } from "../../src/client";
import { prepareStatsCsv } from "../../src/core/exports/csv-export";
import { send } from "../integration/host/support/https-client";
import { PANE_VIEWPORT, describeWithBrowser } from "./support/browser";
import { installFakeUser } from "./support/fake-office-user";
import { installFakeOffice } from "./support/fake-office";
import { datedCountryPreview, fillProfileForm, previewRows, statusAfter, type ProfileInput } from "./support/pane-page";
import {
  cspViolations,
  HOST_INFO,
  recordCspViolations,
  startHostedPaneServices,
  type HostedPaneServices,
  type OfficePlatform,
} from "./support/pane-services";
import { chooseDays } from "./support/query-pane";

jest.setTimeout(240_000);

/** Runs in the page before its scripts: gives the fake Office the browser window of OpenBrowserWindowApi, recording the addresses. */
function recordBrowserWindows(): void {
  type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const win = window as Any;
  const opened: string[] = [];
  win.__openedInBrowser = opened;
  win.Office.context.ui = { openBrowserWindow: (url: string) => opened.push(url) };
}

function openedInBrowser(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __openedInBrowser: string[] }).__openedInBrowser);
}

describeWithBrowser("the pane served by the production host (npm run serve) over HTTPS", (executablePath) => {
  let services: HostedPaneServices;
  let client: ReportingClient;
  let profile: ProfileInput;
  let period: { from: string; to: string };
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // The emulator grants no origin CORS, as the real service: only the host's proxy reaches it.
    services = await startHostedPaneServices(executablePath, { days: 60, seed: 5, allowedOrigins: [] });
    const { emulator, host } = services;
    const credential = emulator.credentials.bearer[0];
    if (!credential) throw new Error("the emulator has no demo token");
    client = new ReportingClient({ baseUrl: emulator.baseUrl, token: credential.token });
    const dates = await client.dates();
    period = { from: dates.to, to: dates.to };
    profile = {
      name: "Through the host",
      kind: "bearer",
      baseUrl: `${host.url}/service/bearer`,
      legacyBaseUrl: `${host.url}/service/legacy`,
      token: credential.token,
    };
  });

  afterEach(async () => {
    while (contexts.length > 0) await contexts.pop()?.close();
  });

  afterAll(() => services?.close());

  async function openPane(platform: OfficePlatform): Promise<Page> {
    // The test's own certificate authority is not the browser's: TLS errors are waved through
    // for this context only.
    const context = await services.browser.newContext({ ignoreHTTPSErrors: true, viewport: PANE_VIEWPORT });
    contexts.push(context);
    await context.route("**/office-js/office.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    await context.addInitScript(installFakeOffice, { selection: "A1", sheetName: "Sheet1", platform });
    await context.addInitScript(installFakeUser);
    await context.addInitScript(recordCspViolations);
    await context.addInitScript(recordBrowserWindows);
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`${platform}: ${error.message}`));
    await page.goto(`${services.host.url}/taskpane.html?${HOST_INFO[platform]}`);
    await page.waitForSelector("body[data-ready=true]");
    return page;
  }

  /** `unreachable`: the service cannot be reached from here, so the user saves it anyway, then uses it knowingly. */
  async function signIn(page: Page, input: ProfileInput, options: { unreachable?: boolean } = {}): Promise<void> {
    await fillProfileForm(page, input);
    if (options.unreachable) {
      await page.click("#profile-save");
      await page.waitForSelector("#profile-save-anyway", { timeout: 60_000 });
      await page.click("#profile-save-anyway");
      await page.click(`button[aria-label="Use profile ${input.name}"]`);
      await page.waitForFunction(
        (name) => document.getElementById("active-profile-summary")?.textContent?.includes(name),
        input.name,
      );
    } else {
      expect((await statusAfter(page, () => page.click("#profile-save"))).kind).toBe("success");
    }
    await page.click("#tab-query");
    await page.waitForSelector("#query-form", { state: "visible" });
    await chooseDays(page, period.from, period.to);
    await page.selectOption("#query-group-add", "country");
    await page.click("#query-group-add-button");
    await page.selectOption("#query-order-field", "revenues");
    await page.selectOption("#query-order-direction", "desc");
    await page.click("#query-order-add");
  }

  const request = (): StatsRequest => ({
    filters: { from: period.from, to: period.to },
    metrics: ["impressions", "revenues", "ecpm"],
    groups: ["date", "country"],
    orders: ["revenues:desc"],
  });

  it("Preview through the host's /service/bearer shows the rows of a direct /stats answer, under the host's CSP", async () => {
    const page = await openPane("PC");
    await signIn(page, profile);
    const direct = await client.stats(request());
    expect(direct.stats.length).toBeGreaterThan(0);
    const previewed = await statusAfter(page, () => page.click("#query-preview"));
    expect(previewed.kind).toBe("success");
    const { header, rows } = await previewRows(page, "#query-preview-table");
    expect(header).toEqual(["Date", "Country", "Impressions", "Revenues (USD)", "eCPM (USD)"]);
    expect(rows).toEqual(datedCountryPreview(direct.stats.slice(0, 20)));
    // Every request went through the host's proxy; the policy refused nothing the pane needs.
    expect(
      services.host.accessLog().some((record) => record.path === "/service/bearer/stats" && record.status === 200),
    ).toBe(true);
    // The page runs zod jitless (src/office/page-runtime.ts), so not even zod's eval probe is refused.
    expect(await cspViolations(page)).toEqual([]);
  });

  it("on Excel for Mac, Export CSV asks the host for the file and opens its one-time address in the browser", async () => {
    const page = await openPane("Mac");
    await signIn(page, profile);
    await page.waitForSelector("#query-export-csv", { state: "visible" });
    expect(await page.isHidden("#query-export-note")).toBe(true);
    const exported = await statusAfter(page, () => page.click("#query-export-csv"));
    expect(exported.kind).toBe("success");
    expect(exported.text).toMatch(
      /^Opened stats_.*_by-date-country\.csv in your browser, which saves it; the link works once, within a minute\./,
    );
    const [opened] = await openedInBrowser(page);
    expect(opened).toMatch(new RegExp(`^${services.host.url}/host/exports/[A-Za-z0-9_-]{22}$`));
    expect(opened).not.toContain(profile.token);

    const csv = await (
      await fetch(`${services.emulator.baseUrl}/stats/csv`, {
        method: "POST",
        headers: { authorization: `Bearer ${profile.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          filters: request().filters,
          metrics: request().metrics,
          groups: request().groups,
          orders: request().orders,
        }),
      })
    ).text();
    const download = await send(opened!, { ca: services.certificate.pem });
    expect(download.status).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="stats_.*_by-date-country\.csv"$/);
    // The pane's header choice (readable, the default) reaches the file: the host shares the pane's code.
    expect(download.text()).toBe(prepareStatsCsv(csv, "readable").csv);
    expect(download.text()).toMatch(/^\uFEFFDate,Country,Impressions,Revenues \(USD\),eCPM \(USD\)\r\n/);
    expect((await send(opened!, { ca: services.certificate.pem })).status).toBe(404);
  });

  it("on Excel for Mac with a profile that reaches the service elsewhere, keeps Open as worksheet and the note", async () => {
    const page = await openPane("Mac");
    await signIn(
      page,
      { ...profile, name: "Elsewhere", baseUrl: "https://reporting.example.com/api" },
      { unreachable: true },
    );
    await page.waitForFunction(() => document.getElementById("query-export-note")?.hidden === false);
    expect(await page.isHidden("#query-export-csv")).toBe(true);
    expect(await page.isVisible("#query-open-sheet")).toBe(true);
  });

  it("no page raised an uncaught error, and no log line of the host holds the token", () => {
    expect(pageErrors).toEqual([]);
    expect(services.host.output.join("\n")).not.toContain(profile.token);
  });
});
