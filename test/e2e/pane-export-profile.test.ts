import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { ReportingClient } from "../../src/client";
import { addDays } from "../../src/core/calendar";
import { parseCsv } from "../../src/core/csv-safety";
import { describeWithBrowser } from "./support/browser";
import { openMoreActions, saveProfile, screenshot, statusAfter } from "./support/pane-page";
import {
  bearerProfile,
  openExcelPane,
  startPaneServices,
  type ExcelPane,
  type PaneServices,
} from "./support/pane-services";

jest.setTimeout(240_000);

/** Types `text` into B2 of Sheet1, the selected cell, then loads it in the Query tab with Edit formula. */
async function editFormulaOf(page: Page, text: string): Promise<void> {
  await page.evaluate(async (formula) => {
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B2").formulas = [[formula]];
      await context.sync();
    });
  }, text);
  await page.click("#tab-query");
  await openMoreActions(page);
  const loaded = await statusAfter(page, () => page.click("#query-edit-formula"));
  expect(`${loaded.kind}: ${loaded.text}`).toMatch(/^success/);
}

describeWithBrowser(
  "an export of a formula pinned to a profile other than the active one, at 320 px",
  (executablePath) => {
    let services: PaneServices;
    let pane: ExcelPane;
    let page: Page;

    beforeAll(async () => {
      services = await startPaneServices(executablePath, { days: 60, seed: 31 });
      pane = await openExcelPane(services.browser, services.server.origin, { height: 800 });
      page = pane.page;
      const { emulator, logins } = services;
      // "Wide" sees every organization; "Narrow", saved last, is the profile in use.
      for (const profile of [
        bearerProfile(emulator, "Wide", logins.widest.token),
        bearerProfile(emulator, "Narrow", logins.first.token),
      ]) {
        expect((await saveProfile(page, profile)).kind).toBe("success");
      }
    });

    afterAll(async () => {
      await pane?.context.close();
      await services?.close();
    });

    it("Export CSV holds the pinned profile's numbers, as the formula and the preview do", async () => {
      const { emulator, logins } = services;
      const wide = new ReportingClient({ baseUrl: emulator.baseUrl, token: logins.widest.token });
      const narrow = new ReportingClient({ baseUrl: emulator.baseUrl, token: logins.first.token });
      const dates = await wide.dates();
      const request = {
        filters: { from: addDays(dates.to, -6), to: dates.to },
        groups: ["country" as const],
        metrics: ["revenues" as const],
      };
      const wideRows = parseCsv(await wide.statsCsv(request)).slice(1);
      // The test means something only when the two profiles see different numbers.
      expect(parseCsv(await narrow.statsCsv(request)).slice(1)).not.toEqual(wideRows);

      await editFormulaOf(
        page,
        `=REPORTING.STATS("${request.filters.from}","${request.filters.to}","country","revenues",,,"profile=Wide")`,
      );
      expect(await page.inputValue("#query-formula")).toContain("profile=Wide");

      const [file] = await Promise.all([page.waitForEvent("download"), page.click("#query-export-csv")]);
      const records = parseCsv((await readFile((await file.path()) ?? "")).toString("utf8"));
      expect(records[0]).toEqual(["Country", "Revenues (USD)"]);
      expect(records.slice(1)).toEqual(wideRows);
    });

    it("names the codes in the preview with the pinned profile's lists, not the active one's", async () => {
      const { emulator, logins } = services;
      const wide = new ReportingClient({ baseUrl: emulator.baseUrl, token: logins.widest.token });
      const dates = await wide.dates();
      // An organization only "Wide" sees: "Narrow", the active profile, has no name for it.
      const organization = logins.widest.organizations.find((id) => !logins.first.organizations.includes(id));
      if (!organization) throw new Error("the widest demo token sees no organization the first one cannot");
      const name = (await wide.details()).organizations.find((option) => option.value === organization)?.label;
      expect(name).toBeTruthy();
      expect(name).not.toBe(organization);

      await editFormulaOf(
        page,
        `=REPORTING.STATS("${addDays(dates.to, -6)}","${dates.to}","organization","revenues",,,"profile=Wide")`,
      );
      expect(await page.inputValue("#query-formula")).toContain("profile=Wide");
      expect((await statusAfter(page, () => page.click("#query-preview"))).kind).toBe("success");
      const cell = page.locator(`#query-preview-table tbody td[data-value="${organization}"]`);
      await expect(cell.textContent()).resolves.toContain(name);
      await screenshot(page, "export-profile-preview-names");
    });
  },
);
