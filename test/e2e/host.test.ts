import type { Browser, BrowserContext, Page } from "playwright-core";
import type { StatsRequest } from "../../src/api";
import { ReportingClient } from "../../src/client";
import { prepareStatsCsv } from "../../src/core/exports/csv-export";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { makeCertificate, type TestCertificate } from "../integration/host/support/certificate";
import { send } from "../integration/host/support/https-client";
import { startTestHost, type TestHost } from "../integration/host/support/running-host";
import { PANE_VIEWPORT, describeWithBrowser, launchChromium } from "./support/browser";
import { buildPane } from "./support/build-pane";
import { installFakeOffice } from "./support/fake-office";
import { datedCountryPreview, fillProfileForm, previewRows, statusAfter, type ProfileInput } from "./support/pane-page";

jest.setTimeout(240_000);

/** The query parameter Office adds to an add-in's address, as office.js reads it. */
const HOST_INFO = {
  PC: "_host_Info=Excel$Win32$16.01$en-US$$$$0",
  Mac: "_host_Info=Excel$Mac$16.01$en-US$$$$0",
} as const;

interface PageRecords {
  cspViolations: { directive: string; blocked: string }[];
  openedInBrowser: string[];
}

/**
 * Runs in the page before its scripts: records what the Content-Security-Policy refused, and
 * gives the fake Office the browser window of OpenBrowserWindowApi, recording the addresses.
 */
function recordPage(): void {
  type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const win = window as Any;
  const records: PageRecords = { cspViolations: [], openedInBrowser: [] };
  win.__records = records;
  document.addEventListener("securitypolicyviolation", (event: SecurityPolicyViolationEvent) => {
    records.cspViolations.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
  });
  win.Office.context.ui = { openBrowserWindow: (url: string) => records.openedInBrowser.push(url) };
}

function records(page: Page): Promise<PageRecords> {
  return page.evaluate(() => (window as unknown as { __records: PageRecords }).__records);
}

describeWithBrowser("the pane served by the production host (npm run serve) over HTTPS", (executablePath) => {
  let certificate: TestCertificate;
  let emulator: RunningEmulator;
  let host: TestHost;
  let browser: Browser;
  let client: ReportingClient;
  let profile: ProfileInput;
  let period: { from: string; to: string };
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    certificate = makeCertificate();
    // The emulator grants no origin CORS, as the real service: only the host's proxy reaches it.
    const [dist, running] = await Promise.all([buildPane(), startEmulator({ port: 0, days: 60, seed: 5, allowedOrigins: [] })]);
    emulator = running;
    host = await startTestHost(certificate, ["--static-dir", dist, "--service-url", emulator.baseUrl, "--legacy-service-url", emulator.legacyBaseUrl]);
    browser = await launchChromium(executablePath);
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

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    await emulator?.close();
  });

  async function openPane(platform: keyof typeof HOST_INFO): Promise<Page> {
    // The test's own certificate authority is not the browser's: TLS errors are waved through
    // for this context only.
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: PANE_VIEWPORT });
    contexts.push(context);
    await context.route("**/office-js/office.js", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
    await context.addInitScript(installFakeOffice, { selection: "A1", sheetName: "Sheet1", platform });
    await context.addInitScript(recordPage);
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`${platform}: ${error.message}`));
    await page.goto(`${host.url}/taskpane.html?${HOST_INFO[platform]}`);
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
      await page.waitForFunction((name) => document.getElementById("active-profile-summary")?.textContent?.includes(name), input.name);
    } else {
      expect((await statusAfter(page, () => page.click("#profile-save"))).kind).toBe("success");
    }
    await page.click("#tab-query");
    await page.waitForSelector("#query-form", { state: "visible" });
    await page.selectOption("#query-period", "CUSTOM");
    await page.fill("#query-from", period.from);
    await page.fill("#query-to", period.to);
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
    expect(header).toEqual(["Date", "Country", "Impressions", "Revenues", "eCPM"]);
    expect(rows).toEqual(
      datedCountryPreview(direct.stats.slice(0, 20)),
    );
    // Every request went through the host's proxy; the policy refused nothing the pane needs.
    expect(host.accessLog().some((record) => record.path === "/service/bearer/stats" && record.status === 200)).toBe(true);
    // The page runs zod jitless (src/office/page-runtime.ts), so not even zod's eval probe is refused.
    expect((await records(page)).cspViolations).toEqual([]);
  });

  it("on Excel for Mac, Export CSV asks the host for the file and opens its one-time address in the browser", async () => {
    const page = await openPane("Mac");
    await signIn(page, profile);
    await page.waitForSelector("#query-export-csv", { state: "visible" });
    expect(await page.isHidden("#query-export-note")).toBe(true);
    const exported = await statusAfter(page, () => page.click("#query-export-csv"));
    expect(exported.kind).toBe("success");
    expect(exported.text).toMatch(/^Opened stats_.*_by-date-country\.csv in your browser, which saves it; the link works once, within a minute\./);
    const [opened] = (await records(page)).openedInBrowser;
    expect(opened).toMatch(new RegExp(`^${host.url}/host/exports/[A-Za-z0-9_-]{22}$`));
    expect(opened).not.toContain(profile.token);

    const csv = await (await fetch(`${emulator.baseUrl}/stats/csv`, {
      method: "POST",
      headers: { authorization: `Bearer ${profile.token}`, "content-type": "application/json" },
      body: JSON.stringify({ filters: request().filters, metrics: request().metrics, groups: request().groups, orders: request().orders }),
    })).text();
    const download = await send(opened!, { ca: certificate.pem });
    expect(download.status).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="stats_.*_by-date-country\.csv"$/);
    // The pane's header choice (readable, the default) reaches the file: the host shares the pane's code.
    expect(download.text()).toBe(prepareStatsCsv(csv, "readable").csv);
    expect(download.text()).toMatch(/^\uFEFFDate,Country,Impressions,Revenues,eCPM\r\n/);
    expect((await send(opened!, { ca: certificate.pem })).status).toBe(404);
  });

  it("on Excel for Mac with a profile that reaches the service elsewhere, keeps Open as worksheet and the note", async () => {
    const page = await openPane("Mac");
    await signIn(page, { ...profile, name: "Elsewhere", baseUrl: "https://reporting.example.com/api" }, { unreachable: true });
    await page.waitForFunction(() => document.getElementById("query-export-note")?.hidden === false);
    expect(await page.isHidden("#query-export-csv")).toBe(true);
    expect(await page.isVisible("#query-open-sheet")).toBe(true);
  });

  it("no page raised an uncaught error, and no log line of the host holds the token", () => {
    expect(pageErrors).toEqual([]);
    expect(host.output.join("\n")).not.toContain(profile.token);
  });
});
