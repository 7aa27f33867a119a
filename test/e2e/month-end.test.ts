import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import type { StatsRequest } from "../../src/api";
import { ReportingClient } from "../../src/client";
import { statsRows } from "../../src/core/rows/stats-rows";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { PANE_VIEWPORT, describeWithBrowser, launchChromium } from "./support/browser";
import { buildPane } from "./support/build-pane";
import { installFakeUser } from "./support/fake-office-user";
import {
  installFakeOffice,
  type FakeOfficeOptions,
  type FakeOfficeState,
  type FakePivot,
  type FakeSavedWorkbook,
  type FakeTable,
  type FakeWorkbook,
} from "./support/fake-office";
import { gate, type Gate } from "./support/held-requests";
import {
  fakeTable,
  pickerContent,
  saveProfile,
  screenshot,
  statusAfter,
  waitForStatus,
  type FakeTableNow,
  type ProfileInput,
} from "./support/pane-page";
import { addMetric, chooseDays } from "./support/query-pane";
import { expectSameCells } from "./support/same-cells";
import { serveDirectory, type StaticServer } from "./support/static-server";

jest.setTimeout(600_000);

/**
 * The month-end workbook, through the built add-in in Chromium, the emulator and the recording
 * fake of Excel (which refuses a sync over 5 MB and keeps cells, tables, PivotTables and custom
 * XML parts): a 100,000-row table and its PivotTable, saved and reopened by a colleague with
 * another profile, refreshed, cancelled half way, a failure's reason, refresh on open.
 */

const EXCEL_LIMIT_BYTES = 5_000_000;
const BIG = "Stats_by_Date_Country_Format";
const DENIED = "Stats_by_Date_Country";
const SMALL = "Stats_by_Date_Country_2";
const HEADER = ["Date", "Country", "Format", "Impressions", "Revenues", "eCPM", "Requests"];

type Cell = string | number | boolean;

/** A table the test made, so one missing is the failure to report. */
async function tableNow(page: Page, name: string): Promise<FakeTableNow> {
  const table = await fakeTable(page, name);
  if (!table) throw new Error(`no table ${name}`);
  return table;
}

function workbookNow(
  page: Page,
): Promise<Pick<FakeWorkbook, "tables" | "pivots" | "customXmlParts" | "startupBehavior">> {
  return page.evaluate(() => {
    const { tables, pivots, customXmlParts, startupBehavior } = (window as unknown as { __officeFake: FakeOfficeState })
      .__officeFake.workbook;
    return JSON.parse(JSON.stringify({ tables, pivots, customXmlParts, startupBehavior }));
  });
}

function fakeState(
  page: Page,
): Promise<Pick<FakeOfficeState, "syncs" | "formulaLike" | "runtimeStorage"> & { writes: number; kinds: string[] }> {
  return page.evaluate(() => {
    const fake = (window as unknown as { __officeFake: FakeOfficeState }).__officeFake;
    return {
      syncs: fake.syncs,
      formulaLike: fake.formulaLike,
      runtimeStorage: fake.runtimeStorage,
      writes: fake.writes.length,
      kinds: fake.writes.map((write) => write.kind),
    };
  });
}

function saveWorkbook(page: Page): Promise<string> {
  return page.evaluate(() =>
    (window as unknown as { __officeFakeControl: { save(): string } }).__officeFakeControl.save(),
  );
}

/** The rows /stats gives for `request`, as a table writes them (header first, dates as serials). */
async function statsTableRows(client: ReportingClient, request: StatsRequest): Promise<Cell[][]> {
  const all = await client.statsAll(request);
  return statsRows(all.stats, request, "readable").rows as Cell[][];
}

const byText = (rows: readonly unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();

interface Box {
  sheetId: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** Every non-empty cell of a saved workbook outside `boxes`, as text: what a refresh must leave exactly as it was. */
function cellsOutside(saved: string, boxes: readonly Box[]): string[] {
  const file = JSON.parse(saved) as FakeSavedWorkbook;
  const inside = (sheetId: string, row: number, column: number) =>
    boxes.some(
      (box) =>
        box.sheetId === sheetId &&
        row >= box.row &&
        row < box.row + box.rows &&
        column >= box.column &&
        column < box.column + box.columns,
    );
  const cells: string[] = [];
  for (const [sheetId, entries] of file.cells) {
    for (const [key, data] of entries) {
      const [row, column] = key.split(",").map(Number) as [number, number];
      if (!inside(sheetId, row, column) && (data.value !== "" || data.formula))
        cells.push(`${sheetId}!${key}=${JSON.stringify(data)}`);
    }
  }
  return cells.sort();
}

const boxOf = (table: FakeTable): Box => ({
  sheetId: table.sheetId,
  row: table.row,
  column: table.column,
  rows: table.rows,
  columns: table.columns.length,
});

describeWithBrowser(
  "the month-end workbook in Chromium: live tables, PivotTables and Refresh all",
  (executablePath) => {
    let emulator: RunningEmulator;
    let server: StaticServer;
    let browser: Browser;
    let finance: ProfileInput;
    let colleague: ProfileInput;
    let wideClient: ReportingClient;
    let narrowClient: ReportingClient;
    let dates: { from: string; to: string };
    let deniedOrganization: string;
    const secrets: string[] = [];
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    let saved = "";
    let colleagueStorage: Record<string, string> = {};
    /** While set, the big table's rows wait until the test opens it (after Cancel). */
    let bigTableHeld: Gate | undefined;

    beforeAll(async () => {
      const [dist, running] = await Promise.all([buildPane(), startEmulator({ port: 0, days: 440, seed: 11 })]);
      emulator = running;
      server = await serveDirectory(dist);
      browser = await launchChromium(executablePath);
      const wide = emulator.credentials.bearer.reduce((best, credential) =>
        credential.organizations.length > best.organizations.length ? credential : best,
      );
      const narrow = emulator.credentials.bearer.find((credential) => credential.organizations.length === 1);
      if (!narrow) throw new Error("the emulator's demo credentials changed shape");
      const denied = wide.organizations.find((organization) => !narrow.organizations.includes(organization));
      if (!denied) throw new Error("the wide credential sees no organization the narrow one cannot");
      deniedOrganization = denied;
      finance = {
        name: "Finance",
        kind: "bearer",
        baseUrl: emulator.baseUrl,
        legacyBaseUrl: emulator.legacyBaseUrl,
        token: wide.token,
      };
      colleague = {
        name: "Colleague",
        kind: "bearer",
        baseUrl: emulator.baseUrl,
        legacyBaseUrl: emulator.legacyBaseUrl,
        token: narrow.token,
      };
      secrets.push(wide.token, narrow.token);
      wideClient = new ReportingClient({ baseUrl: emulator.baseUrl, token: wide.token });
      narrowClient = new ReportingClient({ baseUrl: emulator.baseUrl, token: narrow.token });
      dates = await wideClient.dates();
    });

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser?.close();
      await server?.close();
      await emulator?.close();
    });

    /** A task pane in the fake Excel, opening `workbook` (a saved one, or a new one). */
    async function openPane(fake: Partial<FakeOfficeOptions>): Promise<Page> {
      const context = await browser.newContext({ viewport: PANE_VIEWPORT });
      contexts.push(context);
      await context.route("**/office-js/office.js", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "" }),
      );
      await context.route(
        (url) => url.href.startsWith(emulator.baseUrl) && url.pathname.endsWith("/stats"),
        async (route: Route) => {
          const body = route.request().postData() ?? "";
          if (bigTableHeld && body.includes('"format"')) await bigTableHeld.opened;
          await route.continue().catch(() => undefined);
        },
      );
      await context.addInitScript(installFakeOffice, { selection: "B2", sheetName: "Sheet1", ...fake });
      await context.addInitScript(installFakeUser);
      const page = await context.newPage();
      page.on("pageerror", (error) => pageErrors.push(error.message));
      await page.goto(`${server.origin}/taskpane.html`);
      await page.waitForSelector("body[data-ready=true]");
      return page;
    }

    async function signIn(page: Page, profile: ProfileInput): Promise<void> {
      const saved = await saveProfile(page, profile);
      expect(saved.text).toBe(`Profile ${profile.name} saved and in use. Formulas use it from now on.`);
    }

    /** Sets up the Query tab: the whole period, or `from`, grouped by date then `groups`. */
    async function buildQuery(page: Page, groups: string[], from = dates.from): Promise<void> {
      await page.click("#tab-query");
      await chooseDays(page, from, dates.to);
      await addMetric(page, "requests");
      for (const group of groups) {
        await page.selectOption("#query-group-add", group);
        await page.click("#query-group-add-button");
      }
    }

    async function removeGroup(page: Page, group: string): Promise<void> {
      await page.click(`#query-groups li[data-value="${group}"] [data-action="remove"]`);
    }

    async function queriesList(page: Page): Promise<{ name: string; text: string }[]> {
      await page.click("#tab-queries");
      // The tab lists the workbook afresh when shown (not while hidden): wait for that listing.
      await page.waitForSelector("#panel-queries:not([aria-busy])");
      await page.waitForFunction(
        () =>
          document.querySelectorAll("#queries-tables li").length > 0 ||
          !document.getElementById("queries-empty")?.hidden,
      );
      return page.$$eval("#queries-tables > li", (items) =>
        items.map((item) => ({ name: item.getAttribute("data-table") ?? "", text: item.textContent ?? "" })),
      );
    }

    async function results(page: Page): Promise<{ id: string; state: string; text: string }[]> {
      return page.$$eval("#queries-results li", (items) =>
        items.map((item) => ({
          id: item.getAttribute("data-id") ?? "",
          state: item.className,
          text: item.textContent ?? "",
        })),
      );
    }

    const bigRequest = (): StatsRequest => ({
      filters: { from: dates.from, to: dates.to },
      groups: ["date", "country", "format"],
    });
    const deniedRequest = (): StatsRequest => ({
      filters: { from: dates.from, to: dates.to, organizations: [deniedOrganization] },
      groups: ["date", "country"],
    });
    const smallFrom = () => new Date(Date.parse(`${dates.to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    const smallRequest = (from = smallFrom()): StatsRequest => ({
      filters: { from, to: dates.to },
      groups: ["date", "country"],
    });

    describe("built by Finance", () => {
      let page: Page;
      beforeAll(async () => {
        page = await openPane({});
        await signIn(page, finance);
      });

      it("inserts a 100,000-row table with its PivotTable: every row of /stats, formats, text as text, every sync under 5 MB", async () => {
        await buildQuery(page, ["country", "format"]);
        // A REPORTING formula at Sheet1!B2 too: the month-end workbook mixes both.
        expect((await statusAfter(page, () => page.click("#query-insert-formula"), 120_000)).kind).toBe("success");
        const before = await fakeState(page);
        const done = await statusAfter(page, () => page.click("#query-insert-table"), 300_000);
        const expected = await statsTableRows(wideClient, bigRequest());
        expect(expected.length - 1).toBeGreaterThanOrEqual(100_000);
        expect(done).toEqual({
          kind: "success",
          text: expect.stringMatching(
            new RegExp(
              `^${(expected.length - 1).toLocaleString("en-US")} rows inserted as the table ${BIG} on Reporting, with a PivotTable\\. Refresh both from the Queries tab\\.$`,
            ),
          ),
        });
        const after = await fakeState(page);
        const syncs = after.syncs.slice(before.syncs.length);
        expect(syncs.length).toBeGreaterThan(5);
        expect(syncs.filter((sync) => sync.refused || sync.bytes > EXCEL_LIMIT_BYTES)).toEqual([]);
        expect(after.formulaLike).toEqual([]);

        const table = await tableNow(page, BIG);
        expect(table.address).toBe(`Reporting!A1:G${expected.length}`);
        expectSameCells(table.values, expected);
        expect(table.numberFormat[1]).toEqual(["yyyy-mm-dd", "@", "@", "#,##0", "#,##0.00", "#,##0.00", "#,##0"]);
        // Values, never formulas.
        expectSameCells(table.formulas, table.values);

        const { pivots, customXmlParts } = await workbookNow(page);
        expect(pivots).toHaveLength(1);
        const pivot = pivots[0]!;
        expect(pivot.name).toBe(`${BIG}_Pivot`);
        expect(pivot.rowFields).toEqual(["Date"]);
        expect(pivot.dataFields.map((field) => [field.source, field.summarizeBy, field.numberFormat])).toEqual([
          ["Impressions", "Sum", "#,##0"],
          ["Revenues", "Sum", "#,##0.00"],
          ["Requests", "Sum", "#,##0"],
        ]);
        expect(pivot.summary.length).toBeGreaterThan(400);
        expect(customXmlParts.map((part) => part.namespaceUri)).toEqual(["urn:ad-reporting-excel:table-query:1"]);
        expect(customXmlParts[0]!.xml).toContain(`&quot;name&quot;:&quot;${BIG}&quot;`);
        await screenshot(page, "month-end-inserted");
      });

      it("inserts a table filtered to an organization, and a small one on Sheet1 beside the formula", async () => {
        await removeGroup(page, "format");
        await page.click('details[data-filter="organizations"] > summary');
        await page.check(`details[data-filter="organizations"] input[value="${deniedOrganization}"]`);
        await page.selectOption("#query-pivot-rows", "none");
        const denied = await statusAfter(page, () => page.click("#query-insert-table"), 120_000);
        expect(denied.text).toMatch(
          new RegExp(
            `^[\\d,]+ rows inserted as the table ${DENIED} on Reporting 2\\. Refresh it from the Queries tab\\.$`,
          ),
        );
        expect((await tableNow(page, DENIED)).values).toEqual(await statsTableRows(wideClient, deniedRequest()));

        await page.uncheck(`details[data-filter="organizations"] input[value="${deniedOrganization}"]`);
        await page.fill("#query-from", smallFrom());
        await page.focus("#query-table-sheet");
        await page.waitForSelector('#query-table-sheet option[value="Sheet1"]', { state: "attached" });
        await page.selectOption("#query-table-sheet", "Sheet1");
        await page.selectOption("#query-pivot-rows", "first");
        const small = await statusAfter(page, () => page.click("#query-insert-table"), 120_000);
        expect(small.text).toMatch(
          new RegExp(`^[\\d,]+ rows inserted as the table ${SMALL} on Sheet1, with a PivotTable\\.`),
        );
        const table = await tableNow(page, SMALL);
        expect(table.address).toMatch(/^Sheet1!D1:I\d+$/);
        expect(table.values).toEqual(await statsTableRows(wideClient, smallRequest()));
      });

      it("lists the tables and the formula in the Queries view", async () => {
        const listed = await queriesList(page);
        expect(listed.map((item) => item.name)).toEqual([BIG, DENIED, SMALL]);
        const rows = (await tableNow(page, BIG)).values.length - 1;
        expect(listed[0]!.text).toContain(`On Reporting · ${rows.toLocaleString("en-US")} rows · last refreshed`);
        expect(listed[0]!.text).toContain(`All metrics by Date, Country, Format; ${dates.from} to ${dates.to}`);
        expect(listed[0]!.text).toContain(`data through ${dates.to}`);
        expect(listed[0]!.text).toContain("with Finance");
        // Named as the profile's list names it, not by its id.
        const organizations = await pickerContent(page, "organizations");
        const deniedName = organizations.labels[organizations.values.indexOf(deniedOrganization)]!;
        expect(deniedName).not.toBe(deniedOrganization);
        expect(listed[1]!.text).toContain(`Organizations: ${deniedName}`);
        expect(await page.textContent("#queries-formulas")).toBe(
          "1 REPORTING formula: 1 on Sheet1. Refresh all recalculates them.",
        );
        await screenshot(page, "month-end-queries");
      });

      it("is worked on as a user would: a calculated column, a currency format, a sort, a filter and a note beside the table", async () => {
        const rows = (await tableNow(page, BIG)).values.length - 1;
        await page.evaluate(
          async ({ name, rows }) => {
            await Excel.run(async (context) => {
              const table = context.workbook.tables.getItem(name);
              const margin = table.columns.add(undefined, undefined, "Margin");
              margin.getDataBodyRange().formulas = Array.from({ length: rows }, () => ["=[@Revenues]*0.3"]);
              await context.sync();
              table.columns.getItem("Revenues").getDataBodyRange().numberFormat = Array.from({ length: rows }, () => [
                "[$€-2] #,##0.00",
              ]);
              table.sort.apply([{ key: 4, ascending: false }]);
              table.autoFilter.apply(table.getRange(), 1, { filterOn: "Values", values: ["FR", "DE"] });
              context.workbook.worksheets.getItem("Reporting").getRange("J2:J3").values = [
                ["Checked by"],
                ["the controller"],
              ];
              await context.sync();
            });
          },
          { name: BIG, rows },
        );
        const table = await tableNow(page, BIG);
        expect(table.values[0]).toEqual([...HEADER, "Margin"]);
        expect(table.hiddenRows.length).toBeGreaterThan(0);
      });

      it("saves the workbook: the queries travel in it, never a credential", async () => {
        colleagueStorage = {};
        saved = await saveWorkbook(page);
        for (const secret of secrets) expect(saved.includes(secret)).toBe(false);
        expect(saved).toContain("urn:ad-reporting-excel:table-query:1");
      });
    });

    describe("reopened by a colleague with another profile", () => {
      let page: Page;
      let before: { big: FakeTableNow; denied: FakeTableNow; boxes: Box[]; outside: string[] };

      beforeAll(async () => {
        page = await openPane({ workbook: saved });
        await signIn(page, colleague);
        colleagueStorage = (await fakeState(page)).runtimeStorage;
        const boxes = (await workbookNow(page)).tables.map(boxOf);
        before = {
          big: await tableNow(page, BIG),
          denied: await tableNow(page, DENIED),
          boxes,
          outside: cellsOutside(saved, boxes),
        };
      });

      it("lists the workbook's queries, made by Finance", async () => {
        const listed = await queriesList(page);
        expect(listed.map((item) => item.name)).toEqual([BIG, DENIED, SMALL]);
        expect(listed[0]!.text).toContain("with Finance");
      });

      it("refreshes all: formulas recalculated, each table re-run with the colleague's profile and resized, the PivotTable refreshed; a table this profile may not see says why and keeps its rows", async () => {
        const start = await fakeState(page);
        const done = await statusAfter(page, () => page.click("#queries-refresh-all"), 300_000);
        // The colleague's profile sees fewer rows: the big table's revenue moved more than the 1 % threshold.
        expect(done.kind).toBe("error");
        expect(done.text).toMatch(
          new RegExp(
            `^Refreshed 3 of 4; 1 failure, with the reason below\\. \\d tables? moved more than 1 % in revenue: (.+, )?${BIG}(, .+)?\\. Check (it|them) before relying on the figures\\.$`,
          ),
        );
        const items = await results(page);
        expect(items.map((item) => [item.state, item.text.split(":")[0]])).toEqual([
          ["refreshed", "REPORTING formulas"],
          ["refreshed", BIG],
          ["failed", DENIED],
          ["refreshed", SMALL],
        ]);
        expect(items[2]!.text).toMatch(/^Stats_by_Date_Country: failed\. This account may not see the data asked for/);
        expect(items[1]!.text).toMatch(
          new RegExp(
            `^${BIG}: refreshed, [\\d,]+ rows, data through ${dates.to}, 1 PivotTable refreshed\\. Revenues [\\d,.]+ → [\\d,.]+, -[\\d,.]+ \\(-[\\d.]+ %\\); .+\\. Check this table: its revenue moved more than 1 % in this refresh\\.$`,
          ),
        );

        const after = await fakeState(page);
        expect(after.kinds.slice(start.writes)).toContain("calculate");
        expect(
          after.syncs.slice(start.syncs.length).filter((sync) => sync.refused || sync.bytes > EXCEL_LIMIT_BYTES),
        ).toEqual([]);
        expect(after.formulaLike).toEqual([]);

        // The big table now holds what /stats gives the colleague: fewer rows (one organization), sorted and filtered as the user left it.
        const expected = await statsTableRows(narrowClient, bigRequest());
        expect(expected.length).toBeLessThan(before.big.values.length);
        const table = await tableNow(page, BIG);
        expect(table.address).toBe(`Reporting!A1:H${expected.length}`);
        expect(table.values[0]).toEqual([...HEADER, "Margin"]);
        expectSameCells(byText(table.values.slice(1).map((row) => row.slice(0, 7))), byText(expected.slice(1)));
        const revenues = table.values.slice(1).map((row) => row[4] as number);
        expect(revenues.every((value, index) => index === 0 || revenues[index - 1]! >= value)).toBe(true);
        expect(table.sortFields).toEqual([{ key: 4, ascending: false }]);
        expect(table.filters).toEqual({ "1": { filterOn: "Values", values: ["FR", "DE"] } });
        expect(table.hiddenRows.length).toBe(
          expected.slice(1).filter((row) => row[1] !== "FR" && row[1] !== "DE").length,
        );
        // The user's calculated column fills every row; their currency format stays; no value became a formula.
        expect(new Set(table.formulas.slice(1).map((row) => row[7]))).toEqual(new Set(["=[@Revenues]*0.3"]));
        expect(new Set(table.numberFormat.slice(1).map((row) => row[4]))).toEqual(new Set(["[$€-2] #,##0.00"]));
        expectSameCells(
          table.formulas.map((row) => row.slice(0, 7)),
          table.values.map((row) => row.slice(0, 7)),
        );

        // The PivotTable is refreshed: its sums are the colleague's numbers.
        const pivot = (await workbookNow(page)).pivots.find(
          (candidate) => candidate.name === `${BIG}_Pivot`,
        ) as FakePivot;
        expect(pivot.refreshCount).toBe(1);
        const impressionsByDate = new Map<number, number>();
        for (const row of expected.slice(1))
          impressionsByDate.set(row[0] as number, (impressionsByDate.get(row[0] as number) ?? 0) + (row[3] as number));
        expect(pivot.summary.map((entry) => [entry.key[0], entry.values[0]])).toEqual(
          [...impressionsByDate].sort((a, b) => a[0] - b[0]),
        );

        // The table the colleague may not see keeps its rows; nothing outside the tables changed.
        expectSameCells((await tableNow(page, DENIED)).values, before.denied.values);
        const tables = (await workbookNow(page)).tables;
        const savedNow = await saveWorkbook(page);
        expect(cellsOutside(savedNow, [...before.boxes, ...tables.map(boxOf)])).toEqual(before.outside);
        // What the big table gave up is empty again: only the cells of its new box remain in its old one.
        const bigNow = tables.find((entry) => entry.name === BIG)!;
        const oldBig = before.boxes[tables.indexOf(bigNow)]!;
        const leftBehind = cellsOutside(savedNow, [boxOf(bigNow)]).filter((cell) => {
          const [sheetId, key] = cell.split("=")[0]!.split("!") as [string, string];
          const [row, column] = key.split(",").map(Number) as [number, number];
          return (
            sheetId === oldBig.sheetId &&
            row >= oldBig.row &&
            row < oldBig.row + oldBig.rows &&
            column >= oldBig.column &&
            column < oldBig.column + oldBig.columns
          );
        });
        expect(leftBehind).toEqual([]);
      });

      it("shows the failure's reason in the Queries view", async () => {
        const listed = await queriesList(page);
        const denied = listed.find((item) => item.name === DENIED)!;
        expect(denied.text).toMatch(/The last refresh failed \(.+\): This account may not see the data asked for/);
        await screenshot(page, "month-end-refreshed");
      });

      it("cancels a refresh half way: what finished stays, the slow table is marked not refreshed and keeps its rows", async () => {
        const big = await tableNow(page, BIG);
        const pivotBefore = (await workbookNow(page)).pivots.find(
          (candidate) => candidate.name === `${BIG}_Pivot`,
        )!.refreshCount;
        const held = gate();
        bigTableHeld = held;
        try {
          await page.click("#queries-refresh-all");
          await page.waitForFunction(
            (name) => {
              const text = document.getElementById("queries-progress-text")?.textContent ?? "";
              const states = Array.from(document.querySelectorAll("#queries-results li")).map((item) => item.className);
              return (
                text.includes(name) &&
                states.filter((state) => state === "refreshed" || state === "failed").length === 3
              );
            },
            BIG,
            { timeout: 60_000 },
          );
          expect(await page.textContent("#queries-progress-text")).toBe(`Refreshing 4 of 4: ${BIG}`);
          await page.click("#queries-cancel");
          const done = await waitForStatus(page, /^Refresh cancelled/, 60_000);
          expect(done).toBe("Refresh cancelled: 2 of 4 refreshed, 1 not refreshed, 1 failed. What finished stays.");
        } finally {
          held.open();
          bigTableHeld = undefined;
        }
        const items = await results(page);
        expect(items.map((item) => item.state)).toEqual(["refreshed", "not_refreshed", "failed", "refreshed"]);
        expect(items[1]!.text).toBe(
          `${BIG}: Not refreshed: Refresh was cancelled while its rows were on their way. It keeps its previous rows.`,
        );
        expectSameCells((await tableNow(page, BIG)).values, big.values);
        expect(
          (await workbookNow(page)).pivots.find((candidate) => candidate.name === `${BIG}_Pivot`)!.refreshCount,
        ).toBe(pivotBefore);
      });

      it("edits a table's query through the builder: saving re-runs it into the same table", async () => {
        const listed = await queriesList(page);
        expect(listed[2]!.name).toBe(SMALL);
        await page.click(`#queries-tables li[data-table="${SMALL}"] [data-action="edit"]`);
        await page.waitForSelector("#query-table-editing:not([hidden])");
        expect(await page.inputValue("#query-from")).toBe(smallFrom());
        // A form the other actions would refuse is refused here too, by the same check, before any write.
        const writesBefore = (await fakeState(page)).writes;
        await page.fill("#query-from", "2099-01-01");
        const refused = await statusAfter(page, () => page.click("#query-table-save"));
        expect(refused).toEqual({
          kind: "error",
          text: `Fix the marked field first: The last day (${await page.inputValue("#query-to")}) comes before the first day (2099-01-01): swap them.`,
        });
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("query-to");
        expect((await fakeState(page)).writes).toBe(writesBefore);
        const shorter = new Date(Date.parse(`${dates.to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
        await page.fill("#query-from", shorter);
        const done = await statusAfter(page, () => page.click("#query-table-save"), 120_000);
        expect(done.text).toMatch(new RegExp(`^The table ${SMALL} now runs the edited query: [\\d,]+ rows\\.$`));
        const table = await tableNow(page, SMALL);
        expect(table.values).toEqual(await statsTableRows(narrowClient, smallRequest(shorter)));
        expect(table.sheet).toBe("Sheet1");
        expect((await queriesList(page)).find((item) => item.name === SMALL)!.text).toContain(
          `${shorter} to ${dates.to}`,
        );
      });

      it("turns on Refresh when this workbook opens: Excel loads the add-in with it", async () => {
        await page.click("#tab-queries");
        const done = await statusAfter(page, () => page.check("#queries-refresh-on-open"));
        expect(done.text).toBe("This workbook refreshes its formulas and tables when it opens.");
        expect((await workbookNow(page)).startupBehavior).toBe("Load");
        saved = await saveWorkbook(page);
        for (const secret of secrets) expect(saved.includes(secret)).toBe(false);
      });
    });

    describe("opened again where the colleague's profile is kept", () => {
      let page: Page;
      beforeAll(async () => {
        page = await openPane({ workbook: saved, runtimeStorage: colleagueStorage });
      });

      it("refreshes everything once, by itself, as it opens", async () => {
        const text = await waitForStatus(page, /^This workbook refreshes when it opens\. Refreshed/, 300_000);
        expect(text).toBe("This workbook refreshes when it opens. Refreshed 3 of 4; 1 failure, with the reason below.");
        const kinds = (await fakeState(page)).kinds;
        expect(kinds).toContain("calculate");
        expect(kinds.filter((kind) => kind === "pivotRefresh").length).toBeGreaterThanOrEqual(1);
        expect(kinds).toContain("startupBehavior");
      });

      it("goes to a table, and removes a link: the table stays, as values", async () => {
        await queriesList(page);
        const shown = await statusAfter(page, () =>
          page.click(`#queries-tables li[data-table="${SMALL}"] [data-action="goto"]`),
        );
        expect(shown.text).toBe(`Showing the table ${SMALL}.`);
        expect((await fakeState(page)).kinds.at(-1)).toBe("select");
        const values = (await tableNow(page, DENIED)).values;
        const removed = await statusAfter(page, () =>
          page.click(`#queries-tables li[data-table="${DENIED}"] [data-action="unlink"]`),
        );
        expect(removed.text).toBe(`The table ${DENIED} no longer refreshes: it stays in the workbook with its values.`);
        expect((await queriesList(page)).map((item) => item.name)).toEqual([BIG, SMALL]);
        expect((await tableNow(page, DENIED)).values).toEqual(values);
        expect(pageErrors).toEqual([]);
      });
    });
  },
);
