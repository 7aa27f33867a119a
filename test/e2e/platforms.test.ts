import ExcelJS from "exceljs";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { ReportingClient } from "../../src/client";
import { PANE_VIEWPORT, describeWithBrowser } from "./support/browser";
import { installFakeUser } from "./support/fake-office-user";
import { installFakeOffice } from "./support/fake-office";
import {
  officeState,
  openMoreActions,
  saveProfile,
  screenshot,
  statusAfter,
  waitForStatus,
  type ProfileInput,
} from "./support/pane-page";
import {
  bearerProfile,
  HOST_INFO,
  startPaneServices,
  type OfficePlatform,
  type PaneServices,
} from "./support/pane-services";
import { chooseDays } from "./support/query-pane";

/** A valid Excel file of `rows` rows of random text, which zip cannot make smaller. */
async function incompressibleWorkbook(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Statistics");
  sheet.addRow(["date", "country", "revenues"]);
  for (let row = 0; row < rows; row++) sheet.addRow(["2026-10-01", randomBytes(72).toString("base64"), row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

jest.setTimeout(180_000);

/**
 * Runs after installFakeOffice: Office.onReady answers only `delayMs` after it is first asked
 * (never when null), as on a cold start of Excel. Serialised into the page like the fake itself.
 */
function delayOfficeStart(delayMs: number | null): void {
  type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const office = (window as Any).Office;
  const answer = office.onReady;
  let started: Promise<unknown> | undefined;
  office.onReady = (callback?: (info: unknown) => void) => {
    started ??= new Promise((resolve) => {
      if (delayMs !== null) setTimeout(resolve, delayMs);
    }).then(() => answer());
    return started.then((info) => {
      callback?.(info);
      return info;
    });
  };
}

describeWithBrowser("the pane on each platform and on a slow start", (executablePath) => {
  let services: PaneServices;
  let profile: ProfileInput;
  let period: { from: string; to: string };
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 60, seed: 5 });
    const { emulator, logins } = services;
    profile = bearerProfile(emulator, "Demo");
    const dates = await new ReportingClient({ baseUrl: emulator.baseUrl, token: logins.first.token }).dates();
    period = { from: dates.to, to: dates.to };
  });

  afterEach(async () => {
    while (contexts.length > 0) await contexts.pop()?.close();
  });

  afterAll(() => services?.close());

  /** A pane in the fake Excel of `platform`, at the address Office would open. */
  async function openPane(
    platform: OfficePlatform,
    start: { delayMs?: number | null; clock?: boolean } = {},
  ): Promise<Page> {
    const context = await services.browser.newContext({ acceptDownloads: true, viewport: PANE_VIEWPORT });
    contexts.push(context);
    // The fake stands in for Office.js: the real script would replace it.
    await context.route("**/office-js/office.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    await context.addInitScript(installFakeOffice, { selection: "A1", sheetName: "Sheet1", platform });
    await context.addInitScript(installFakeUser);
    if (start.delayMs !== undefined) await context.addInitScript(delayOfficeStart, start.delayMs);
    const page = await context.newPage();
    if (start.clock) await page.clock.install();
    page.on("pageerror", (error) => pageErrors.push(`${platform}: ${error.message}`));
    await page.goto(`${services.server.origin}/taskpane.html?${HOST_INFO[platform]}`);
    return page;
  }

  async function signIn(page: Page): Promise<void> {
    await page.waitForSelector("body[data-ready=true]");
    expect((await saveProfile(page, profile)).kind).toBe("success");
    await page.click("#tab-query");
    await page.waitForSelector("#query-form", { state: "visible" });
    await chooseDays(page, period.from, period.to);
  }

  describe("Excel for Mac, whose web view ignores downloads", () => {
    it("point 4: offers no Export CSV or Export Excel, says why, and opens the export as a worksheet", async () => {
      const page = await openPane("Mac");
      await signIn(page);
      expect(await page.isHidden("#query-export-csv")).toBe(true);
      expect(await page.isHidden("#query-export-xlsx")).toBe(true);
      expect(await page.isVisible("#query-export-note")).toBe(true);
      expect(await page.textContent("#query-export-note")).toContain("Excel for Mac does not let add-ins save files");
      expect(await page.isVisible("#query-open-sheet")).toBe(true);
      await page.locator("#query-export-note").scrollIntoViewIfNeeded();
      await screenshot(page, "query-mac-exports");

      const before = (await officeState(page)).writes.length;
      const opened = await statusAfter(page, () => page.click("#query-open-sheet"));
      expect(opened.kind).toBe("success");
      const write = (await officeState(page)).writes
        .slice(before)
        .find((entry) => entry.kind === "insertWorksheetsFromBase64");
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        Buffer.from((write?.value as { base64: string }).base64, "base64") as unknown as ArrayBuffer,
      );
      expect(workbook.worksheets[0]?.rowCount).toBeGreaterThan(1);
    });
  });

  describe("Excel on Windows", () => {
    it("keeps Export CSV and Export Excel, without the note for the Mac", async () => {
      const page = await openPane("PC");
      await signIn(page);
      expect(await page.isVisible("#query-export-csv")).toBe(true);
      expect(await page.isVisible("#query-export-xlsx")).toBe(true);
      expect(await page.isHidden("#query-export-note")).toBe(true);
    });

    it("point 3: the CSV export neutralises every field a spreadsheet would run as a formula", async () => {
      const page = await openPane("PC");
      await signIn(page);
      // A service whose users named things to attack whoever opens the file.
      const hostile =
        "date,country,revenues\r\n" +
        `${period.from},"=HYPERLINK(""https://evil.example/?x=1,2"",""Click"")",-12.5\r\n` +
        `${period.from},@SUM(1+1)*cmd|' /C calc'!A0,3\r\n` +
        `${period.from},"multi\nline",+4\r\n`;
      await page.route("**/stats/csv", async (route) =>
        route.fulfill({ response: await route.fetch(), body: hostile }),
      );
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#query-export-csv")]);
      const saved = (await readFile((await download.path()) ?? "")).toString("utf8");
      expect(saved).toBe(
        "\uFEFFDate,Country,Revenues (USD)\r\n" +
          `${period.from},"'=HYPERLINK(""https://evil.example/?x=1,2"",""Click"")",-12.5\r\n` +
          `${period.from},'@SUM(1+1)*cmd|' /C calc'!A0,3\r\n` +
          `${period.from},"multi\nline",+4\r\n`,
      );
      expect(await waitForStatus(page, /^Downloaded /)).toMatch(
        /2 fields a spreadsheet would have read as a formula start with ' so that they stay text\.$/,
      );
    });
  });

  describe("Excel on the web", () => {
    it("point 4: refuses to open an Excel export over its 5 MB limit as a worksheet, and says what to do", async () => {
      const page = await openPane("OfficeOnline");
      await signIn(page);
      // A real Excel file of about 4.1 MB (text that does not compress): some 5.5 MB once in base64,
      // measured on the file the pane inserts (the query's header, the Query sheet added).
      const large = await incompressibleWorkbook(45_000);
      await page.route("**/stats/xls", async (route) => route.fulfill({ response: await route.fetch(), body: large }));
      await openMoreActions(page);
      const refused = await statusAfter(page, () => page.click("#query-open-sheet"));
      expect(refused.kind).toBe("error");
      expect(refused.text).toMatch(
        new RegExp(
          "^This Excel export takes (\\d+\\.\\d) MB once encoded for Excel, more than the 4\\.9 MB Excel on the web accepts from an add-in at once\\. " +
            "Use Export Excel and open the downloaded file, or narrow the query \\(a shorter period or fewer groups\\)\\.$",
        ),
      );
      expect(Number(/takes (\d+\.\d) MB/.exec(refused.text)?.[1])).toBeGreaterThan(4.9);
      expect((await officeState(page)).writes.filter((entry) => entry.kind === "insertWorksheetsFromBase64")).toEqual(
        [],
      );
      expect(await page.isVisible("#query-export-xlsx")).toBe(true);
    });
  });

  describe("a slow start of Excel", () => {
    it("point 5: Excel taking 10 s to start the add-in still runs the pane in Excel, profiles in OfficeRuntime.storage", async () => {
      const page = await openPane("PC", { delayMs: 10_000, clock: true });
      await page.clock.runFor(10_000);
      await page.waitForSelector("body[data-ready=true]");
      expect(await page.isHidden("#host-notice")).toBe(true);
      expect(await page.textContent("#secrets-note")).toContain("kept by Excel");
      await signIn(page);
      expect(JSON.stringify((await officeState(page)).runtimeStorage)).toContain(profile.token);
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    });

    it("point 5: Excel never starting the add-in is reported in the pane after a minute, not hidden behind browser storage", async () => {
      const page = await openPane("PC", { delayMs: null, clock: true });
      await page.clock.runFor(3_000);
      await waitForStatus(page, /^Waiting for Excel to finish starting the add-in/);
      await page.clock.runFor(57_000);
      await waitForStatus(
        page,
        /^The task pane could not start\. Excel did not finish starting the add-in within a minute\./,
      );
      expect(await page.getAttribute("body", "data-ready")).toBeNull();
    });
  });

  describe("the order of the page's scripts", () => {
    it("point 6: every REPORTING function is associated before the parser reaches the page's body", async () => {
      const context = await services.browser.newContext();
      contexts.push(context);
      await context.route("**/office-js/office.js", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "" }),
      );
      // An inline script at the top of <body> runs when the parser gets there: what is associated
      // then was associated by scripts that block the page, before Office could start the functions.
      await context.route("**/taskpane.html*", async (route) => {
        const response = await route.fetch();
        const page = (await response.text()).replace(
          /<body([^>]*)>/i,
          "<body$1><script>window.__associatedAtBody = window.__officeFake.associated.slice()</script>",
        );
        await route.fulfill({ response, body: page });
      });
      await context.addInitScript(installFakeOffice, { selection: "A1", sheetName: "Sheet1" });
      await context.addInitScript(installFakeUser);
      const page = await context.newPage();
      await page.goto(`${services.server.origin}/taskpane.html?${HOST_INFO.PC}`);
      await page.waitForSelector("body[data-ready=true]");
      const atBody = await page.evaluate(
        () => (window as unknown as { __associatedAtBody: string[] }).__associatedAtBody,
      );
      expect(atBody).toEqual((await officeState(page)).associated);
      expect(atBody).toContain("STATS");
    });
  });

  describe("afterwards", () => {
    it("no page raised an uncaught error", () => {
      expect(pageErrors).toEqual([]);
    });
  });
});
