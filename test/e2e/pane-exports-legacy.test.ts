import { readFile } from "node:fs/promises";
import type { Download, Page } from "playwright-core";
import { LegacyClient, ReportingClient } from "../../src/client";
import { readLegacyQuery } from "../../src/core/arguments/legacy-query";
import { addDays } from "../../src/core/calendar";
import { parseCsv } from "../../src/core/csv-safety";
import { localToday, periodOfWord } from "../../src/core/periods";
import { serviceGroupBy } from "../../src/core/legacy/group-by";
import { legacyStatsRows } from "../../src/core/legacy/legacy-rows";
import { querySheetOf, sheetsOf } from "../support/xlsx";
import { describeWithBrowser } from "./support/browser";
import { givenUp, holdRequests } from "./support/held-requests";
import {
  fakeTable,
  officeState,
  openMoreActions,
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
import { chooseDays } from "./support/query-pane";

jest.setTimeout(240_000);

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer; file: Download }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.click(button)]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) ?? ""), file };
}

describeWithBrowser("exports and the Legacy tab at 320 px, against the emulator", (executablePath) => {
  let services: PaneServices;
  let pane: ExcelPane;
  let page: Page;
  let profile: ProfileInput;
  let client: ReportingClient;
  let legacyClient: LegacyClient;
  let dates: { from: string; to: string };

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 90, seed: 23 });
    const { emulator, logins } = services;
    profile = fullProfile(emulator, "Demo");
    client = new ReportingClient({ baseUrl: emulator.baseUrl, token: logins.widest.token });
    legacyClient = new LegacyClient({
      baseUrl: emulator.legacyBaseUrl,
      apiKey: logins.legacy.apiKey,
      apiSecret: logins.legacy.apiSecret,
    });
    dates = await client.dates();

    pane = await openExcelPane(services.browser, services.server.origin, { height: 800 });
    page = pane.page;
    const saved = await saveProfile(page, profile);
    expect(saved.kind).toBe("success");
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  describe("Query tab exports", () => {
    let countries: { value: string; label: string }[];
    // Two weeks up to the data's last day.
    const from = () => (addDays(dates.to, -13) < dates.from ? dates.from : addDays(dates.to, -13));

    beforeAll(async () => {
      await page.click("#tab-query");
      const offered = await pickerContent(page, "countries");
      countries = offered.values.slice(0, 2).map((value, index) => ({ value, label: offered.labels[index]! }));
      await chooseDays(page, from(), dates.to);
      await page.selectOption("#query-group-add", "country");
      await page.click("#query-group-add-button");
      await page.click('details[data-filter="countries"] summary');
      for (const country of countries)
        await page.check(`details[data-filter="countries"] input[value="${country.value}"]`);
    });

    const stem = () =>
      `stats_${from()}_${dates.to}_by-date-country_country-${countries.map((country) => country.value).join("-")}`;
    const request = () => ({
      filters: { from: from(), to: dates.to, countries: countries.map((country) => country.value) },
      metrics: ["impressions" as const, "revenues" as const, "ecpm" as const],
      groups: ["date" as const, "country" as const],
    });

    it("Export CSV: readable header, the filter in the name, the service's rows", async () => {
      const csv = await download(page, "#query-export-csv");
      expect(csv.name).toBe(`${stem()}.csv`);
      const records = parseCsv(csv.bytes.toString("utf8"));
      expect(records[0]).toEqual(["Date", "Country", "Impressions", "Revenues (USD)", "eCPM (USD)"]);
      const service = parseCsv(await client.statsCsv(request()));
      expect(records.slice(1)).toEqual(service.slice(1));
      expect(records.length).toBeGreaterThan(1);
    });

    it("Export CSV with service names, then with no header row", async () => {
      await page.selectOption("#query-headers", "api");
      const api = parseCsv((await download(page, "#query-export-csv")).bytes.toString("utf8"));
      expect(api[0]).toEqual(["date", "country", "impressions", "revenues", "ecpm"]);
      await page.selectOption("#query-headers", "none");
      const none = parseCsv((await download(page, "#query-export-csv")).bytes.toString("utf8"));
      expect(none).toEqual(api.slice(1));
      await page.selectOption("#query-headers", "readable");
    });

    it("Export Excel: readable header and a Query sheet describing the query", async () => {
      const formula = await page.inputValue("#query-formula");
      const before = Date.now();
      const xlsx = await download(page, "#query-export-xlsx");
      expect(xlsx.name).toBe(`${stem()}.xlsx`);
      const sheets = await sheetsOf(xlsx.bytes);
      expect([...sheets.keys()]).toEqual(["Statistics", "Query"]);
      const statistics = sheets.get("Statistics")!;
      expect(statistics[0]).toEqual(["Date", "Country", "Impressions", "Revenues (USD)", "eCPM (USD)"]);
      expect(statistics.length - 1).toBe((await client.statsAll(request())).stats.length);
      const query = querySheetOf(sheets.get("Query")!);
      expect(sheets.get("Query")![0]).toEqual(["Field", "Value"]);
      expect(query.get("From")).toBe(from());
      expect(query.get("To")).toBe(dates.to);
      expect(query.get("Period")).toBe("Custom range");
      expect(query.get("Groups")).toBe("Date, Country");
      expect(query.get("Metrics")).toBe("Impressions, Revenues, eCPM");
      expect(query.get("Filter: Countries")).toBe(
        countries.map((country) => `${country.label} (${country.value})`).join(", "),
      );
      expect(query.get("Profile")).toBe("Demo");
      expect(query.get("Data through")).toBe(dates.to);
      expect(query.get("Formula")).toBe(formula);
      const madeAt = query.get("Made at") ?? "";
      expect(madeAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(Math.abs(Date.parse(madeAt) - before)).toBeLessThan(60_000);
      // No credential anywhere in the file.
      const text = xlsx.bytes.toString("latin1");
      for (const secret of [profile.token!, profile.apiKey!, profile.apiSecret!]) expect(text).not.toContain(secret);
    });

    it("loads the Excel writer only for an Excel export, as a chunk of its own", async () => {
      const scripts = await page.$$eval("script[src]", (elements) =>
        elements.map((element) => (element as HTMLScriptElement).src),
      );
      const lazy = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => /exceljs/.test(name)),
      );
      expect(scripts.some((src) => /exceljs/.test(src))).toBe(false);
      expect(lazy).toHaveLength(1);
    });

    it("Open as worksheet inserts the file Export Excel saves: the header chosen and the Query sheet", async () => {
      await openMoreActions(page);
      const inserted = async (): Promise<Map<string, unknown[][]>> => {
        const before = (await officeState(page)).writes.length;
        const opened = await statusAfter(page, () => page.click("#query-open-sheet"));
        // The recording fake adds one sheet per file, named as it likes.
        expect(opened.text).toMatch(/^Added the worksheet "Export \d+" to this workbook\.$/);
        const writes = (await officeState(page)).writes
          .slice(before)
          .filter((entry) => entry.kind === "insertWorksheetsFromBase64");
        expect(writes).toHaveLength(1);
        return sheetsOf(Buffer.from((writes[0]!.value as { base64: string }).base64, "base64"));
      };
      await page.selectOption("#query-headers", "api");
      const api = await inserted();
      expect([...api.keys()]).toEqual(["Statistics", "Query"]);
      expect(api.get("Statistics")![0]).toEqual(["date", "country", "impressions", "revenues", "ecpm"]);
      expect(api.get("Statistics")!.length - 1).toBe((await client.statsAll(request())).stats.length);
      const apiQuery = querySheetOf(api.get("Query")!);
      expect(apiQuery.get("Headers")).toBe("Service names");
      expect(apiQuery.get("Filter: Countries")).toBe(
        countries.map((country) => `${country.label} (${country.value})`).join(", "),
      );
      await page.selectOption("#query-headers", "readable");
      const readable = await inserted();
      expect(readable.get("Statistics")![0]).toEqual([
        "Date",
        "Country",
        "Impressions",
        "Revenues (USD)",
        "eCPM (USD)",
      ]);
      expect(readable.get("Statistics")!.slice(1)).toEqual(api.get("Statistics")!.slice(1));
      expect(querySheetOf(readable.get("Query")!).get("Headers")).toBe("Readable names");
    });
  });

  describe("Legacy tab", () => {
    beforeAll(async () => {
      await page.click("#tab-legacy");
      await page.waitForSelector("#legacy-applications details");
    });

    it("offers the Query tab's period presets, and a custom range only when chosen", async () => {
      const options = await page.$$eval("#legacy-period option", (items) => items.map((item) => item.textContent));
      const queryOptions = await page.$$eval("#query-period option", (items) => items.map((item) => item.textContent));
      expect(options).toEqual(queryOptions);
      expect(await page.inputValue("#legacy-period")).toBe("LAST_30_DAYS");
      expect(await page.isHidden("#legacy-custom-range")).toBe(true);
      await page.selectOption("#legacy-period", "LAST_MONTH");
      const lastMonth = periodOfWord("LAST_MONTH", localToday()());
      expect(await page.textContent("#legacy-period-dates")).toBe(`${lastMonth.from} to ${lastMonth.to}`);
      expect(await page.inputValue("#legacy-formula")).toBe('=REPORTING.LEGACY.STATS("LAST_MONTH",,"day")');
      await page.selectOption("#legacy-period", "CUSTOM");
      expect(await page.isVisible("#legacy-from")).toBe(true);
      await page.fill("#legacy-from", "2026-01-10");
      await page.fill("#legacy-to", "2026-01-01");
      const refused = await statusAfter(page, () => page.click("#legacy-preview"));
      expect(refused).toEqual({
        kind: "error",
        text: "The last day (2026-01-01) comes before the first day (2026-01-10): swap them.",
      });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("legacy-to");
    });

    it("previews with the Query tab's column names and order", async () => {
      await page.selectOption("#legacy-period", "LAST_7_DAYS");
      await page.selectOption("#legacy-group-add", "country");
      await page.click("#legacy-group-add-button");
      const done = await statusAfter(page, () => page.click("#legacy-preview"));
      expect(done.kind).toBe("success");
      const { header } = await previewRows(page, "#legacy-preview-table");
      expect(header).toEqual(["Date", "Country", "Impressions", "Revenues (USD)", "eCPM (USD)", "Requests"]);
      await screenshot(page, "legacy-presets-exports");
    });

    function expectedRows() {
      const period = periodOfWord("LAST_7_DAYS", localToday()());
      const query = readLegacyQuery({ from: period.from, to: period.to, groupBy: "day,country" }, () => period.to);
      return legacyClient
        .stats({ from: period.from, to: period.to, groupBy: serviceGroupBy(query.groupBy) })
        .then((response) => ({ period, table: legacyStatsRows(response, query.groupBy, "readable") }));
    }

    it("Export CSV of the legacy rows: dates as days, named after period and groups", async () => {
      const { period, table } = await expectedRows();
      const csv = await download(page, "#legacy-export-csv");
      expect(csv.name).toBe(`legacy-stats_${period.from}_${period.to}_by-day-country.csv`);
      const records = parseCsv(csv.bytes.toString("utf8"));
      expect(records[0]).toEqual(["Date", "Country", "Impressions", "Revenues (USD)", "eCPM (USD)", "Requests"]);
      expect(records).toHaveLength(table.dataRowCount + 1);
      expect(records.slice(1).every((record) => /^\d{4}-\d{2}-\d{2}$/.test(record[0]!))).toBe(true);
      expect(records.slice(1).map((record) => record.slice(1).join(","))).toEqual(
        table.rows.slice(1).map((row) => row.slice(1).map(String).join(",")),
      );
    });

    it("Export Excel of the legacy rows, with the Query sheet", async () => {
      const { period, table } = await expectedRows();
      const xlsx = await download(page, "#legacy-export-xlsx");
      expect(xlsx.name).toBe(`legacy-stats_${period.from}_${period.to}_by-day-country.xlsx`);
      const sheets = await sheetsOf(xlsx.bytes);
      expect([...sheets.keys()]).toEqual(["Legacy statistics", "Query"]);
      expect(sheets.get("Legacy statistics")![0]).toEqual([
        "Date",
        "Country",
        "Impressions",
        "Revenues (USD)",
        "eCPM (USD)",
        "Requests",
      ]);
      expect(sheets.get("Legacy statistics")).toHaveLength(table.dataRowCount + 1);
      const query = querySheetOf(sheets.get("Query")!);
      expect(query.get("Period")).toBe("Last 7 days");
      expect([query.get("From"), query.get("To")]).toEqual([period.from, period.to]);
      expect(query.get("Formula")).toBe('=REPORTING.LEGACY.STATS("LAST_7_DAYS",,"day,country")');
    });

    it("Insert as table writes every legacy row into a named Excel table, and keeps its query so that it refreshes", async () => {
      const { table } = await expectedRows();
      const storedBefore = (await officeState(page)).workbook.customXmlParts.length;
      const done = await statusAfter(page, () => page.click("#legacy-insert-table"));
      expect(done.kind).toBe("success");
      expect(done.text).toMatch(
        /^\d[\d,]* rows inserted as the table (\S+) on Legacy, with a PivotTable\. Refresh both from the Queries tab\.$/,
      );
      const name = /the table (\S+) on/.exec(done.text)![1]!;
      const inserted = await fakeTable(page, name);
      expect(inserted?.values[0]).toEqual(["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests"]);
      expect(inserted?.values.slice(1)).toEqual(table.rows.slice(1));
      expect(inserted?.numberFormat[1]).toEqual(["yyyy-mm-dd", "@", "#,##0", "#,##0.00", "#,##0.00", "#,##0"]);
      // Kept as a refreshable query, the profile by name only.
      const parts = (await officeState(page)).workbook.customXmlParts;
      expect(parts).toHaveLength(storedBefore + 1);
      expect(parts.at(-1)!.xml).toContain("&quot;source&quot;:&quot;legacy&quot;");
      for (const secret of [profile.apiKey, profile.apiSecret, profile.token].filter((value): value is string =>
        Boolean(value),
      ))
        expect(parts.at(-1)!.xml).not.toContain(secret);
      expect(pane.pageErrors).toEqual([]);
    });

    it("follows the header choice in the formula, the preview and both exports; Insert as table keeps its readable header", async () => {
      const { table } = await expectedRows();
      const apiNames = ["day", "country", "impressions", "revenue", "ecpm", "requests"];
      const base = '=REPORTING.LEGACY.STATS("LAST_7_DAYS",,"day,country"';
      expect(await page.isHidden("#legacy-headers-note")).toBe(true);

      await page.selectOption("#legacy-headers", "api");
      expect(await page.inputValue("#legacy-formula")).toBe(`${base},"headers=api")`);
      expect(await page.isHidden("#legacy-headers-note")).toBe(true);
      expect((await statusAfter(page, () => page.click("#legacy-preview"))).kind).toBe("success");
      const apiPreview = await previewRows(page, "#legacy-preview-table");
      // The preview states the currency whatever the header; a file with service names keeps them exactly.
      expect(apiPreview.header).toEqual(["day", "country", "impressions", "revenue (USD)", "ecpm (USD)", "requests"]);
      const apiCsv = parseCsv((await download(page, "#legacy-export-csv")).bytes.toString("utf8"));
      expect(apiCsv[0]).toEqual(apiNames);
      expect(apiCsv).toHaveLength(table.dataRowCount + 1);
      const apiXlsx = await sheetsOf((await download(page, "#legacy-export-xlsx")).bytes);
      expect(apiXlsx.get("Legacy statistics")![0]).toEqual(apiNames);
      expect(apiXlsx.get("Legacy statistics")).toHaveLength(table.dataRowCount + 1);
      const apiQuery = querySheetOf(apiXlsx.get("Query")!);
      expect(apiQuery.get("Headers")).toBe("Service names");
      expect(apiQuery.get("Formula")).toBe(`${base},"headers=api")`);

      await page.selectOption("#legacy-headers", "none");
      expect(await page.inputValue("#legacy-formula")).toBe(`${base},"headers=none")`);
      expect(await page.textContent("#legacy-headers-note")).toBe(
        "Insert as table still writes a readable header row: an Excel table needs one.",
      );
      expect((await statusAfter(page, () => page.click("#legacy-preview"))).kind).toBe("success");
      // No header row in the answer: the first data row is still shown first, under readable headings.
      const nonePreview = await previewRows(page, "#legacy-preview-table");
      expect(nonePreview.header).toEqual([
        "Date",
        "Country",
        "Impressions",
        "Revenues (USD)",
        "eCPM (USD)",
        "Requests",
      ]);
      expect(nonePreview.rows).toEqual(apiPreview.rows);
      await screenshot(page, "legacy-header-choice");
      const noneCsv = parseCsv((await download(page, "#legacy-export-csv")).bytes.toString("utf8"));
      expect(noneCsv).toEqual(apiCsv.slice(1));
      const noneXlsx = await sheetsOf((await download(page, "#legacy-export-xlsx")).bytes);
      expect(noneXlsx.get("Legacy statistics")).toEqual(apiXlsx.get("Legacy statistics")!.slice(1));
      expect(querySheetOf(noneXlsx.get("Query")!).get("Headers")).toBe("No header row");

      const inserted = await statusAfter(page, () => page.click("#legacy-insert-table"));
      expect(inserted.kind).toBe("success");
      const name = /the table (\S+) on/.exec(inserted.text)![1]!;
      const values = (await fakeTable(page, name))?.values;
      expect(values?.[0]).toEqual(["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests"]);
      expect(values?.slice(1)).toEqual(table.rows.slice(1));
      await page.selectOption("#legacy-headers", "readable");
      expect(await page.inputValue("#legacy-formula")).toBe(`${base})`);
      expect(pane.pageErrors).toEqual([]);
    });

    /**
     * Holds every legacy /stats request until `during` has cancelled it (the screenshot and axe
     * meanwhile take what they take on a loaded machine), then lets it through: the page gave it
     * up, so it brings nothing. Checks it was the only request.
     */
    async function slowLegacyStats(during: () => Promise<void>): Promise<void> {
      const slow = holdRequests();
      const pattern = `${services.emulator.legacyBaseUrl}/reporting/v1/stats*`;
      await page.route(pattern, slow.handler);
      try {
        await during();
        await slow.release();
        expect(slow.held).toHaveLength(1);
        expect(await givenUp(slow.held[0]!)).toBe(true);
      } finally {
        await slow.release();
        await page.unroute(pattern, slow.handler);
      }
    }

    const actionIds = [
      "legacy-preview",
      "legacy-insert-formula",
      "legacy-insert-table",
      "legacy-export-csv",
      "legacy-export-xlsx",
    ];

    async function waitingWithCancel(): Promise<void> {
      await page.waitForFunction(() =>
        /^Waiting for the service… [1-9]\d* s$/.test(
          document.getElementById("legacy-action-progress")?.textContent ?? "",
        ),
      );
      expect(await page.isVisible("#legacy-cancel")).toBe(true);
      for (const id of actionIds)
        expect({ id, disabled: await page.isDisabled(`#${id}`) }).toEqual({ id, disabled: true });
    }

    async function cancelled(): Promise<void> {
      const done = await statusAfter(page, () => page.click("#legacy-cancel"));
      expect(done).toEqual({ kind: "info", text: "Cancelled. Nothing was changed." });
      expect(await page.isHidden("#legacy-cancel")).toBe(true);
      expect(await page.isHidden("#legacy-action-progress")).toBe(true);
      for (const id of actionIds)
        expect({ id, disabled: await page.isDisabled(`#${id}`) }).toEqual({ id, disabled: false });
    }

    it("counts the seconds of a slow legacy preview and cancels it, leaving the previous preview as it was", async () => {
      expect((await statusAfter(page, () => page.click("#legacy-preview"))).kind).toBe("success");
      const before = {
        rows: await previewRows(page, "#legacy-preview-table"),
        summary: await page.textContent("#legacy-preview-summary"),
      };
      // Not asked yet, so not in the cache the preview shares with LEGACY.STATS.
      await page.selectOption("#legacy-period", "YESTERDAY");
      await slowLegacyStats(async () => {
        await page.click("#legacy-preview");
        await waitingWithCancel();
        await screenshot(page, "legacy-wait-cancel");
        await cancelled();
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("legacy-preview");
        expect(await previewRows(page, "#legacy-preview-table")).toEqual(before.rows);
        expect(await page.textContent("#legacy-preview-summary")).toBe(before.summary);
      });
      // The answer let through after Cancel changed nothing either.
      expect(await previewRows(page, "#legacy-preview-table")).toEqual(before.rows);
      expect(await page.textContent("#status")).toBe("Cancelled. Nothing was changed.");
    });

    it("cancels a slow legacy Export CSV and Export Excel: nothing is downloaded", async () => {
      const downloads: string[] = [];
      const onDownload = (file: Download) => downloads.push(file.suggestedFilename());
      page.on("download", onDownload);
      try {
        for (const [period, button] of [
          ["LAST_30_DAYS", "#legacy-export-csv"],
          ["LAST_MONTH", "#legacy-export-xlsx"],
        ] as const) {
          await page.selectOption("#legacy-period", period);
          await slowLegacyStats(async () => {
            await page.click(button);
            await waitingWithCancel();
            await cancelled();
          });
        }
        expect(downloads).toEqual([]);
        expect(await page.textContent("#status")).toBe("Cancelled. Nothing was changed.");
      } finally {
        page.off("download", onDownload);
      }
      expect(pane.pageErrors).toEqual([]);
    });
  });
});
