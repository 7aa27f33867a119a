import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { StatsRequest } from "../../src/api";
import { LegacyClient, ReportingClient } from "../../src/client";
import { readLegacyQuery } from "../../src/core/arguments/legacy-query";
import { readStatsQuery } from "../../src/core/arguments/stats-query";
import { prepareStatsCsv } from "../../src/core/exports/csv-export";
import { legacyStatsRows } from "../../src/core/legacy/legacy-rows";
import { serviceGroupBy } from "../../src/core/legacy/group-by";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { PANE_VIEWPORT, describeWithBrowser, launchChromium } from "./support/browser";
import { buildPane } from "./support/build-pane";
import { installFakeUser } from "./support/fake-office-user";
import { installFakeOffice, type FakeOfficeState } from "./support/fake-office";
import { formulaArguments } from "./support/formula-arguments";
import {
  datedCountryPreview,
  fillProfileForm,
  hiddenUnderStatus,
  officeState,
  openAdvanced,
  openMoreActions,
  pickerContent,
  previewRows,
  saveProfile,
  screenshot,
  statusAfter,
  waitForStatus,
  type ProfileInput,
} from "./support/pane-page";
import { chooseDays } from "./support/query-pane";
import { serveDirectory, type StaticServer } from "./support/static-server";

jest.setTimeout(240_000);

const PICKER_ROUTES = {
  organizations: async (client: ReportingClient) => (await client.details()).organizations,
  countries: (client: ReportingClient) => client.countries(),
  formats: (client: ReportingClient) => client.formats(),
  integration_types: (client: ReportingClient) => client.integrationTypes(),
  device_types: (client: ReportingClient) => client.deviceTypes(),
  asset_types: (client: ReportingClient) => client.assetTypes(),
  assets: async (client: ReportingClient) => (await client.assets()).map(({ value, label }) => ({ value, label })),
} as const;

/** What the page wrote anywhere a secret must never go, as one text to search. */
async function everythingOutsideOfficeRuntimeStorage(page: Page, consoleLines: string[]): Promise<string> {
  const inPage = await page.evaluate(() => {
    const dump = (area: Storage) =>
      Object.fromEntries(Array.from({ length: area.length }, (_, i) => [area.key(i), area.getItem(area.key(i) ?? "")]));
    const fake = (window as unknown as { __officeFake?: FakeOfficeState }).__officeFake;
    return JSON.stringify({
      writes: fake?.writes ?? [],
      settings: fake?.settings ?? {},
      localStorage: dump(localStorage),
      sessionStorage: dump(sessionStorage),
      cookies: document.cookie,
      url: location.href,
    });
  });
  return `${inPage}\n${consoleLines.join("\n")}`;
}

describeWithBrowser("task pane in Chromium against the emulator", (executablePath) => {
  let emulator: RunningEmulator;
  let server: StaticServer;
  let browser: Browser;
  let dates: { from: string; to: string };
  let bothOrganizations: ProfileInput;
  let secondOrganization: ProfileInput;
  const secrets: string[] = [];

  beforeAll(async () => {
    const [dist, running] = await Promise.all([buildPane(), startEmulator({ port: 0, days: 90, seed: 11 })]);
    emulator = running;
    server = await serveDirectory(dist);
    browser = await launchChromium(executablePath);
    const bearer = emulator.credentials.bearer;
    const legacy = emulator.credentials.legacy;
    // The demo credential that sees both organizations, and one that sees a single one.
    const wide = bearer.reduce((best, credential) =>
      credential.organizations.length > best.organizations.length ? credential : best,
    );
    const narrow = bearer.find((credential) => credential.organizations.length === 1);
    const legacyCredential = legacy[0];
    if (!narrow || !legacyCredential) throw new Error("the emulator's demo credentials changed shape");
    bothOrganizations = {
      name: "Demo",
      kind: "both",
      baseUrl: emulator.baseUrl,
      legacyBaseUrl: emulator.legacyBaseUrl,
      token: wide.token,
      apiKey: legacyCredential.apiKey,
      apiSecret: legacyCredential.apiSecret,
    };
    secondOrganization = {
      name: "Single org",
      kind: "bearer",
      baseUrl: emulator.baseUrl,
      legacyBaseUrl: emulator.legacyBaseUrl,
      token: narrow.token,
    };
    secrets.push(wide.token, narrow.token, legacyCredential.apiKey, legacyCredential.apiSecret);
    dates = await new ReportingClient({ baseUrl: emulator.baseUrl, token: wide.token }).dates();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await emulator?.close();
  });

  describe("inside Excel (recording fake of the Excel object model)", () => {
    let context: BrowserContext;
    let page: Page;
    const consoleLines: string[] = [];
    let client: ReportingClient;
    let request: StatsRequest;
    let total: number;

    beforeAll(async () => {
      context = await browser.newContext({ acceptDownloads: true, viewport: PANE_VIEWPORT });
      // The fake stands in for Office.js: the real script would replace it.
      await context.route("**/office-js/office.js", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "" }),
      );
      await context.addInitScript(installFakeOffice, { selection: "B2", sheetName: "Sheet1" });
      await context.addInitScript(installFakeUser);
      page = await context.newPage();
      page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
      page.on("pageerror", (error) => consoleLines.push(`pageerror: ${error.message}\n${error.stack ?? ""}`));
      await page.goto(`${server.origin}/taskpane.html`);
      await page.waitForSelector("body[data-ready=true]");
      client = new ReportingClient({ baseUrl: emulator.baseUrl, token: bothOrganizations.token ?? "" });
    });

    afterAll(async () => {
      await context?.close();
    });

    it("knows it runs in Excel and keeps secrets in OfficeRuntime.storage only", async () => {
      expect(await page.isHidden("#host-notice")).toBe(true);
      expect(await page.textContent("#secrets-note")).toContain("kept by Excel");
    });

    it("gives every control an accessible name and moves between tabs with the arrow keys", async () => {
      const unnamed = await page.$$eval("input, select, textarea, button", (controls) =>
        controls
          .filter((control) => {
            const element = control as HTMLInputElement;
            if (element.type === "hidden") return false;
            const labelled =
              (element.labels?.length ?? 0) > 0 ||
              element.getAttribute("aria-label") ||
              element.getAttribute("aria-labelledby");
            const text = element.tagName === "BUTTON" && (element.textContent ?? "").trim() !== "";
            return !labelled && !text;
          })
          .map((control) => control.outerHTML.slice(0, 120)),
      );
      expect(unnamed).toEqual([]);
      await page.focus("#tab-connect");
      await page.keyboard.press("ArrowRight");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("tab-query");
      expect(await page.isVisible("#panel-query")).toBe(true);
      await page.keyboard.press("End");
      expect(await page.getAttribute("#tab-legacy", "aria-selected")).toBe("true");
      await page.keyboard.press("Home");
      expect(await page.isVisible("#panel-connect")).toBe(true);
      expect(await page.getAttribute("#status", "aria-live")).toBe("polite");
    });

    it("creates a profile with a demo credential and tests the connection", async () => {
      await fillProfileForm(page, bothOrganizations);
      await page.click("#profile-test");
      await page.waitForSelector("#connection-result.success", { timeout: 30_000 });
      // What it reached is said once, under the buttons.
      expect(await page.textContent("#status")).toBe("");
      const reached = await page.textContent("#connection-result");
      const organizations = (await client.details()).organizations;
      for (const organization of organizations) expect(reached).toContain(organization.label);
      expect(reached).toContain(`Organizations reached (${organizations.length})`);
      const applications = (
        await new LegacyClient({
          baseUrl: emulator.legacyBaseUrl,
          apiKey: bothOrganizations.apiKey ?? "",
          apiSecret: bothOrganizations.apiSecret ?? "",
        }).applications()
      ).applications;
      expect(reached).toContain(`Applications reached (${applications.length})`);
      expect(await hiddenUnderStatus(page)).toEqual([]);
      await screenshot(page, "connect-tested");

      const saved = await statusAfter(page, () => page.click("#profile-save"));
      expect(saved.text).toBe("Profile Demo saved and in use. Formulas use it from now on.");
      expect(await page.textContent("#active-profile-summary")).toBe("Signed in: Demo");
      expect(await page.inputValue("#profile-token")).toBe("");
      const stored = (await officeState(page)).runtimeStorage;
      // Positive control for the secret scan: the secret is where it belongs.
      expect(JSON.stringify(stored)).toContain(bothOrganizations.token);
    });

    it("explains a refused token in plain words", async () => {
      await fillProfileForm(page, { ...secondOrganization, name: "Wrong", token: "not-a-real-token" });
      await page.click("#profile-test");
      // Said once, in the box under the buttons: the status bar does not repeat it.
      await page.waitForSelector("#connection-result.error", { timeout: 30_000 });
      expect(await page.textContent("#status")).toBe("");
      const reason = (await page.textContent("#connection-result")) ?? "";
      expect(reason).toMatch(/^Reporting: /);
      expect(reason).toMatch(/token/i);
      expect(reason).not.toContain("not-a-real-token");
      await page.fill("#profile-name", "");
      await page.fill("#profile-token", "");
    });

    it("fills every filter picker from the reference routes, labels shown and values kept", async () => {
      await page.click("#tab-query");
      for (const [filter, load] of Object.entries(PICKER_ROUTES)) {
        const expected = await load(client);
        const shown = await pickerContent(page, filter);
        expect({ filter, values: shown.values }).toEqual({ filter, values: expected.map((option) => option.value) });
        expect(shown.labels).toEqual(expected.map((option) => option.label));
      }
      // Long lists are searchable.
      const countries = await client.countries();
      const target = countries[countries.length - 1];
      if (!target) throw new Error("the emulator lists no country");
      await page.click('details[data-filter="countries"] > summary');
      await page.fill('details[data-filter="countries"] input[type="search"]', target.label);
      const found = await pickerContent(page, "countries");
      expect(found.values).toContain(target.value);
      expect(found.values.length).toBeLessThan(countries.length);
      await page.fill('details[data-filter="countries"] input[type="search"]', "");
      await screenshot(page, "query-pickers");
    });

    it("previews the first rows and the row count, equal to a direct /stats answer", async () => {
      const countries = (await client.countries()).slice(0, 2).map((option) => option.value);
      await chooseDays(page, dates.from, dates.to);
      await page.selectOption("#query-group-add", "country");
      await page.click("#query-group-add-button");
      for (const country of countries) await page.check(`details[data-filter="countries"] input[value="${country}"]`);
      await page.selectOption("#query-order-field", "revenues");
      await page.selectOption("#query-order-direction", "desc");
      await page.click("#query-order-add");

      request = {
        filters: { from: dates.from, to: dates.to, countries },
        metrics: ["impressions", "revenues", "ecpm"],
        groups: ["date", "country"],
        orders: ["revenues:desc"],
      };
      const direct = await client.stats(request);
      total = direct.total ?? direct.stats.length;

      const previewed = await statusAfter(page, () => page.click("#query-preview"));
      expect(previewed.kind).toBe("success");
      expect(await page.textContent("#query-preview-summary")).toBe(
        `${total.toLocaleString("en-US")} rows in total; the first 20 are shown.`,
      );
      const { header, rows } = await previewRows(page, "#query-preview-table");
      expect(header).toEqual(["Date", "Country", "Impressions", "Revenues (USD)", "eCPM (USD)"]);
      expect(rows).toEqual(datedCountryPreview(direct.stats.slice(0, 20)));
      await screenshot(page, "query-preview");
    });

    it("inserts the readable formula at the selected cell, with no date format where the spill's dates carry their own", async () => {
      const formula = await page.inputValue("#query-formula");
      const before = (await officeState(page)).writes.length;
      const inserted = await statusAfter(page, () => page.click("#query-insert-formula"));
      expect(inserted).toEqual({
        kind: "success",
        text: "Formula inserted at Sheet1!B2. It recalculates with the active profile.",
      });
      const writes = (await officeState(page)).writes.slice(before);
      // This fake Excel offers CustomFunctionsRuntime 1.4: STATS returns formatted dates, so no
      // format is written (test/e2e/workbook-writes.test.ts covers an Excel without it). The
      // workbook now holds a REPORTING formula: colleagues without the add-in get no trust prompt.
      expect(writes).toHaveLength(2);
      expect(writes[1]).toEqual({ kind: "setting", target: "Office.DisableTrustUX", value: true });
      expect(writes[0]).toEqual({ kind: "formulas", target: "Sheet1!B2", value: [[formula]] });
      expect(formula).toBe(
        `=REPORTING.STATS("${dates.from}","${dates.to}","date,country","impressions,revenues,ecpm",` +
          `"countries=${request.filters.countries?.join(",")}","revenues:desc")`,
      );
      // The same text read back by the formulas' own parser asks for the request compared above.
      const [from, to, groups, metrics, filters, orders, options] = formulaArguments(formula, "REPORTING.STATS");
      expect(readStatsQuery({ from, to, groups, metrics, filters, orders, options }, () => dates.to).request).toEqual(
        request,
      );
    });

    it("shares one runtime between the pane and the formulas: the inserted formula reuses the preview's answer, Refresh all asks again", async () => {
      const formula = await page.inputValue("#query-formula");
      const statsRequests: string[] = [];
      const onRequest = (sent: { url(): string; method(): string }) => {
        if (sent.method() === "POST" && new URL(sent.url()).pathname.endsWith("/stats")) statsRequests.push(sent.url());
      };
      page.on("request", onRequest);
      try {
        // As Excel would call the formula just inserted: its text arguments, then the invocation.
        const callStats = (args: (string | undefined)[]) =>
          page.evaluate(async (values) => {
            const stats = (
              window as unknown as {
                __associatedFunctions: Record<string, (...args: unknown[]) => Promise<unknown[][]>>;
              }
            ).__associatedFunctions.STATS;
            const padded = [...values.map((value) => value ?? null)];
            while (padded.length < 7) padded.push(null);
            return (await stats!(...padded, {})).length;
          }, args);
        const args = formulaArguments(formula, "REPORTING.STATS");
        const spilled = await callStats(args);
        expect(spilled).toBe(total + 1);
        expect(statsRequests).toEqual([]);

        await openMoreActions(page);

        await statusAfter(page, () => page.click("#query-refresh-all"));
        expect(await callStats(args)).toBe(total + 1);
        expect(statsRequests.length).toBeGreaterThan(0);
      } finally {
        page.off("request", onRequest);
      }
    });

    it("reorders the groups with the keyboard and the formula follows", async () => {
      await page.focus('#query-groups li[data-value="country"] [data-action="up"]');
      await page.keyboard.press("Enter");
      expect(
        await page.$$eval("#query-groups li", (items) => items.map((item) => item.getAttribute("data-value"))),
      ).toEqual(["country", "date"]);
      expect(await page.inputValue("#query-formula")).toContain('"country,date"');
      // Focus stays on the moved entry, so the next press moves it again.
      expect(await page.evaluate(() => document.activeElement?.closest("li")?.getAttribute("data-value"))).toBe(
        "country",
      );
      await page.click('#query-groups li[data-value="country"] [data-action="down"]');
      expect(await page.inputValue("#query-formula")).toContain('"date,country"');
    });

    it("pins the formula to the profile in use only when asked", async () => {
      const following = await page.inputValue("#query-formula");
      expect(following).not.toContain("profile=");
      await openAdvanced(page);
      await page.check("#query-pin-profile");
      // The orders are the last argument so far: the options follow them.
      expect(await page.inputValue("#query-formula")).toBe(`${following.slice(0, -1)},"profile=Demo")`);
      await page.uncheck("#query-pin-profile");
      expect(await page.inputValue("#query-formula")).toBe(following);
    });

    it("refreshes every REPORTING formula on request", async () => {
      const before = (await officeState(page)).writes.length;
      await openMoreActions(page);
      const done = await statusAfter(page, () => page.click("#query-refresh-all"));
      expect(done.text).toBe("Cached answers cleared; every REPORTING formula is recalculating.");
      expect((await officeState(page)).writes.slice(before)).toEqual([
        { kind: "calculate", target: "application", value: "Full" },
      ]);
    });

    it("exports CSV and Excel files whose content matches /stats", async () => {
      const exportRequest: StatsRequest = request;
      const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.click("#query-export-csv")]);
      const countryPart = `country-${(request.filters.countries ?? []).join("-")}`;
      expect(csvDownload.suggestedFilename()).toBe(
        `stats_${dates.from}_${dates.to}_by-date-country_${countryPart}.csv`,
      );
      const csvBytes = await readFile((await csvDownload.path()) ?? "");
      const csv = csvBytes.toString("utf8");
      expect(csv.startsWith("\uFEFF")).toBe(true);
      // The query's header choice (readable) replaces the service's API names; the data is the service's.
      expect(csv).toBe(prepareStatsCsv(await client.statsCsv(exportRequest), "readable").csv);
      const all = await client.statsAll(exportRequest);
      const lines = csv.slice(1).trimEnd().split("\r\n");
      expect(lines[0]).toBe("Date,Country,Impressions,Revenues (USD),eCPM (USD)");
      expect(lines.slice(1)).toEqual(
        all.stats.map((entry) =>
          [
            entry.group.date,
            entry.group.country,
            entry.metrics.impressions,
            entry.metrics.revenues,
            entry.metrics.ecpm,
          ].join(","),
        ),
      );

      const [xlsxDownload] = await Promise.all([page.waitForEvent("download"), page.click("#query-export-xlsx")]);
      expect(xlsxDownload.suggestedFilename()).toBe(
        `stats_${dates.from}_${dates.to}_by-date-country_${countryPart}.xlsx`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await xlsxDownload.path()) ?? "");
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error("the exported workbook has no sheet");
      expect(sheet.rowCount).toBe(all.stats.length + 1);
      all.stats.forEach((entry, index) => {
        const row = sheet.getRow(index + 2);
        const cellDate = row.getCell(1).value;
        const day = cellDate instanceof Date ? cellDate.toISOString().slice(0, 10) : String(cellDate);
        expect([day, row.getCell(2).value, row.getCell(3).value, row.getCell(4).value, row.getCell(5).value]).toEqual([
          entry.group.date,
          entry.group.country,
          entry.metrics.impressions,
          entry.metrics.revenues,
          entry.metrics.ecpm,
        ]);
      });
      expect(workbook.worksheets.map((item) => item.name)).toEqual(["Statistics", "Query"]);
      await waitForStatus(page, /^Downloaded stats_/);
    });

    it("opens the Excel export as a new worksheet of the workbook", async () => {
      const before = (await officeState(page)).writes.length;
      await openMoreActions(page);
      const opened = await statusAfter(page, () => page.click("#query-open-sheet"));
      expect(opened.kind).toBe("success");
      const write = (await officeState(page)).writes
        .slice(before)
        .find((entry) => entry.kind === "insertWorksheetsFromBase64");
      const inserted = write?.value as { base64: string; options: unknown } | undefined;
      expect(inserted?.options).toEqual({ positionType: "End" });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(inserted?.base64 ?? "", "base64") as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]?.rowCount).toBe(total + 1);
    });

    it("inserts every row as an Excel table with a PivotTable", async () => {
      const before = (await officeState(page)).writes.length;
      const done = await statusAfter(page, () => page.click("#query-insert-table"));
      expect(done.text).toMatch(
        new RegExp(
          `^${total} rows inserted as the table Stats_by_Date_Country on Reporting, with a PivotTable\\. Refresh both from the Queries tab\\.$`,
        ),
      );
      const writes = (await officeState(page)).writes.slice(before);
      const values = writes.find((entry) => entry.kind === "values");
      expect(values?.target).toBe(`Reporting!A1:E${total + 1}`);
      const rows = values?.value as unknown[][];
      expect(rows[0]).toEqual(["Date", "Country", "Impressions", "Revenues", "eCPM"]);
      expect(rows).toHaveLength(total + 1);
      expect(writes.find((entry) => entry.kind === "table")).toEqual({
        kind: "table",
        target: `Reporting!A1:E${total + 1}`,
        value: { hasHeaders: true },
      });
      expect(writes.find((entry) => entry.kind === "pivot")?.target).toBe("Stats_by_Date_Country Pivot!A4");
    });

    it("lists the legacy applications with their ad units and previews a regrouped legacy query", async () => {
      const legacyClient = new LegacyClient({
        baseUrl: emulator.legacyBaseUrl,
        apiKey: bothOrganizations.apiKey ?? "",
        apiSecret: bothOrganizations.apiSecret ?? "",
      });
      const { applications } = await legacyClient.applications();
      await page.click("#tab-legacy");
      await page.waitForSelector("#legacy-applications details");
      const shown = await page.$$eval("#legacy-applications details", (items) =>
        items.map((item) => ({
          key: item.getAttribute("data-app-key"),
          units: Array.from(item.querySelectorAll("tbody tr")).map(
            (row) => row.querySelector("td:last-child")?.textContent,
          ),
        })),
      );
      expect(shown).toEqual(
        applications.map((app) => ({ key: String(app.app_key), units: app.ad_unit_details.map((unit) => unit.id) })),
      );

      await page.selectOption("#legacy-period", "CUSTOM");
      await page.fill("#legacy-from", dates.from);
      await page.fill("#legacy-to", dates.to);
      await page.selectOption("#legacy-group-add", "ad_unit_type");
      await page.click("#legacy-group-add-button");
      const formula = await page.inputValue("#legacy-formula");
      expect(formula).toBe(`=REPORTING.LEGACY.STATS("${dates.from}","${dates.to}","day,ad_unit_type")`);
      const done = await statusAfter(page, () => page.click("#legacy-preview"));
      expect(done.kind).toBe("success");
      const query = readLegacyQuery({ from: dates.from, to: dates.to, groupBy: "day,ad_unit_type" }, () => dates.to);
      const response = await legacyClient.stats({
        from: dates.from,
        to: dates.to,
        groupBy: serviceGroupBy(query.groupBy),
      });
      const expected = legacyStatsRows(response, query.groupBy, "readable", applications);
      const { header, rows } = await previewRows(page, "#legacy-preview-table");
      // The preview states the money columns' currency in their headings, as the files do.
      expect(expected.rows[0]).toEqual(["Date", "Ad unit type", "Impressions", "Revenues", "eCPM", "Requests"]);
      expect(header).toEqual(["Date", "Ad unit type", "Impressions", "Revenues (USD)", "eCPM (USD)", "Requests"]);
      expect(rows).toEqual(expected.rows.slice(1, 21).map((row) => row.map(String)));
      expect(await page.textContent("#legacy-preview-summary")).toContain(
        `${expected.dataRowCount.toLocaleString("en-US")} rows in total`,
      );
      expect(await hiddenUnderStatus(page)).toEqual([]);
      await screenshot(page, "legacy");
    });

    it("switches profile: pickers and formulas follow at once", async () => {
      const calculationsBefore = (await officeState(page)).writes.filter((entry) => entry.kind === "calculate").length;
      const saved = await saveProfile(page, secondOrganization);
      expect(saved.text).toBe("Profile Single org saved and in use. Formulas use it from now on.");
      expect(await page.textContent("#active-profile-summary")).toBe("Signed in: Single org");
      const narrowClient = new ReportingClient({ baseUrl: emulator.baseUrl, token: secondOrganization.token ?? "" });
      const organizations = (await narrowClient.details()).organizations;
      await page.click("#tab-query");
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll('details[data-filter="organizations"] .picker-options input').length === count,
        organizations.length,
      );
      expect((await pickerContent(page, "organizations")).values).toEqual(organizations.map((option) => option.value));
      const calculations = (await officeState(page)).writes.filter((entry) => entry.kind === "calculate");
      expect(calculations.length).toBeGreaterThan(calculationsBefore);
      expect(calculations.at(-1)?.value).toBe("Full");

      // Back to the first profile through its "Use" button.
      const used = await statusAfter(page, async () => {
        await page.click("#tab-connect");
        await page.click('li[data-profile="Demo"] button:has-text("Use")');
      });
      expect(used.text).toBe("Now using profile Demo. Formulas switch to it at once.");
      expect(await page.textContent("#active-profile-summary")).toBe("Signed in: Demo");
      // The other tabs reload Demo's lists behind the scenes; the answer to "Use" stays.
      await page.waitForSelector("#legacy-applications details", { state: "attached" });
      for (const filter of Object.keys(PICKER_ROUTES)) await pickerContent(page, filter);
      expect(await page.textContent("#status")).toBe("Now using profile Demo. Formulas switch to it at once.");
      await screenshot(page, "connect-profiles");
    });

    it("signs out: the secrets are forgotten and the query needs a sign-in", async () => {
      const calculationsBefore = (await officeState(page)).writes.filter((entry) => entry.kind === "calculate").length;
      const done = await statusAfter(page, () => page.click("#sign-out"));
      expect(done.text).toBe(
        "Signed out of Demo: its token, key and secret are forgotten. Formulas ask you to sign in again.",
      );
      expect(await page.textContent("#active-profile-summary")).toBe("Not signed in");
      const stored = JSON.stringify((await officeState(page)).runtimeStorage);
      expect(stored).not.toContain(bothOrganizations.token);
      expect(stored).not.toContain(bothOrganizations.apiSecret);
      expect(stored).toContain("Demo");
      expect(await page.textContent('li[data-profile="Demo"] .profile-meta')).toContain(
        "needs its token, API key, API secret",
      );
      await page.click("#tab-query");
      expect(await page.isVisible("#query-signed-out")).toBe(true);
      expect(await page.isHidden("#query-form")).toBe(true);
      const calculations = (await officeState(page)).writes.filter((entry) => entry.kind === "calculate").length;
      expect(calculations).toBeGreaterThan(calculationsBefore);
    });

    it("never wrote a token, key or secret to the workbook, its settings, web storage or the console", async () => {
      const written = await everythingOutsideOfficeRuntimeStorage(page, consoleLines);
      // The scan covers real content: the formula and the inserted rows are in there.
      expect(written).toContain("REPORTING.STATS");
      for (const secret of secrets) expect(written.includes(secret)).toBe(false);
      expect(consoleLines.filter((line) => line.startsWith("pageerror"))).toEqual([]);
    });
  });

  describe("in a plain browser (no Excel)", () => {
    let context: BrowserContext;
    let page: Page;
    const consoleLines: string[] = [];

    beforeAll(async () => {
      context = await browser.newContext({ acceptDownloads: true, viewport: PANE_VIEWPORT });
      page = await context.newPage();
      page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
      page.on("pageerror", (error) => consoleLines.push(`pageerror: ${error.message}`));
      await page.goto(`${server.origin}/taskpane.html`);
      await page.waitForSelector("body[data-ready=true]");
    });

    afterAll(async () => {
      await context?.close();
    });

    it("says that inserting needs Excel, while connecting, previewing and downloading work", async () => {
      expect(await page.isVisible("#host-notice")).toBe(true);
      expect(await page.textContent("#secrets-note")).toContain("only while this page is open");
      await saveProfile(page, bothOrganizations);
      await page.click("#tab-query");
      await pickerContent(page, "countries");
      const previewed = await statusAfter(page, () => page.click("#query-preview"));
      expect(previewed.kind).toBe("success");
      // Buttons that can never work outside Excel are not shown; the host notice says why.
      for (const id of [
        "query-insert-formula",
        "query-insert-table",
        "query-open-sheet",
        "query-edit-formula",
        "query-freeze",
        "query-table-options",
      ]) {
        expect({ id, hidden: await page.isHidden(`#${id}`) }).toEqual({ id, hidden: true });
      }
      expect(await page.isVisible("#query-export-csv")).toBe(true);
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#query-export-csv")]);
      expect(download.suggestedFilename()).toMatch(/^stats_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_by-date\.csv$/);
      await screenshot(page, "plain-browser");
      // Both bundles ran without an uncaught error, the functions bundle included.
      expect(consoleLines.filter((line) => line.startsWith("pageerror"))).toEqual([]);
    });

    it("keeps the secrets in memory only: after a reload the profile asks for them again", async () => {
      const written = await everythingOutsideOfficeRuntimeStorage(page, consoleLines);
      expect(written).toContain("Demo");
      for (const secret of secrets) expect(written.includes(secret)).toBe(false);
      await page.reload();
      await page.waitForSelector("body[data-ready=true]");
      expect(await page.textContent('li[data-profile="Demo"] .profile-meta')).toContain(
        "needs its token, API key, API secret",
      );
    });
  });
});
