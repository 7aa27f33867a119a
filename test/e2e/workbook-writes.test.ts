import type { Browser, BrowserContext, Page } from "playwright-core";
import type { StatsEntry } from "../../src/api";
import { ReportingClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { PANE_VIEWPORT, describeWithBrowser, launchChromium } from "./support/browser";
import { buildPane } from "./support/build-pane";
import { installFakeUser } from "./support/fake-office-user";
import { installFakeOffice, type FakeOfficeOptions } from "./support/fake-office";
import { formulaArguments } from "./support/formula-arguments";
import { saveProfile, statusAfter, type ProfileInput } from "./support/pane-page";
import { serveDirectory, type StaticServer } from "./support/static-server";

jest.setTimeout(300_000);

/**
 * What the pane writes to the workbook when the service's answer is large or hostile, through
 * the built add-in and the recording fake of Excel (which refuses a sync over 5 MB, like Excel
 * on the web, and lists every text written where Excel would read a formula). The /stats
 * answers are the test's own, served in place of the emulator's.
 */

const EXCEL_LIMIT_BYTES = 5_000_000;
const SPILL_BUDGET_BYTES = 4_000_000;
const LARGE = 400_000;
const HOSTILE_NAMES = ['=HYPERLINK("http://x")', "+33 6 12 34 56 78", "-foo", "@sum"];
const SERIAL_DATES = ["CustomFunctionsRuntime 1.3", "ExcelApi 1.19", "SharedRuntime 1.1"];

function answer(count: number, countries: readonly string[]): StatsEntry[] {
  const first = Date.UTC(2020, 0, 1);
  return Array.from({ length: count }, (_, index) => ({
    group: {
      date: new Date(first + (index % 1500) * 86_400_000).toISOString().slice(0, 10),
      country: countries[index % countries.length]!,
    },
    metrics: {
      impressions: 100_000 + index,
      revenues: 12.345678 + index / 7,
      ecpm: 1.5 + index / 1000,
      requests: 200_000 + index,
    },
  }));
}

interface WritesSummary {
  syncs: { bytes: number; refused: boolean }[];
  formulaLike: { target: string; text: string; numberFormat: string }[];
  /** Writes since `from`, without their values (a few hundred thousand rows stay in the page). */
  writes: { kind: string; target: string; rows: number; firstValue: unknown }[];
  /** Every cell written with one of `texts`, and the number format in force when it landed. */
  texts: { text: string; numberFormat: string }[];
}

async function writesSince(
  page: Page,
  from: { writes: number; syncs: number },
  texts: string[] = [],
): Promise<WritesSummary> {
  return page.evaluate(
    ({ from, texts }) => {
      type Write = { kind: string; target: string; value: unknown; numberFormat?: string[][] };
      const fake = (
        window as unknown as {
          __officeFake: { writes: Write[]; syncs: WritesSummary["syncs"]; formulaLike: WritesSummary["formulaLike"] };
        }
      ).__officeFake;
      const writes = fake.writes.slice(from.writes);
      const found: WritesSummary["texts"] = [];
      for (const write of writes) {
        if (write.kind !== "values") continue;
        (write.value as unknown[][]).forEach((row, r) =>
          row.forEach((cell, c) => {
            if (typeof cell === "string" && texts.includes(cell))
              found.push({ text: cell, numberFormat: write.numberFormat?.[r]?.[c] ?? "?" });
          }),
        );
      }
      return {
        syncs: fake.syncs.slice(from.syncs),
        formulaLike: fake.formulaLike,
        writes: writes.map((write) => ({
          kind: write.kind,
          target: write.target,
          rows: Array.isArray(write.value) ? write.value.length : 0,
          firstValue: Array.isArray(write.value) ? (write.value[0] as unknown) : write.value,
        })),
        texts: found,
      };
    },
    { from, texts },
  );
}

function mark(page: Page): Promise<{ writes: number; syncs: number }> {
  return page.evaluate(() => {
    const fake = (window as unknown as { __officeFake: { writes: unknown[]; syncs: unknown[] } }).__officeFake;
    return { writes: fake.writes.length, syncs: fake.syncs.length };
  });
}

/** Calls REPORTING.STATS in the page as Excel would, and measures what it returns. */
async function callStats(
  page: Page,
  formula: string,
): Promise<{ rows: number; bytes: number; lastFirstCell: unknown }> {
  const args = formulaArguments(formula, "REPORTING.STATS");
  return page.evaluate(async (values) => {
    const stats = (
      window as unknown as { __associatedFunctions: Record<string, (...args: unknown[]) => Promise<unknown[][]>> }
    ).__associatedFunctions.STATS!;
    const padded = values.map((value) => value ?? null);
    while (padded.length < 7) padded.push(null);
    const spill = await stats(...padded, {});
    return {
      rows: spill.length,
      bytes: new TextEncoder().encode(JSON.stringify(spill)).length,
      lastFirstCell: spill[spill.length - 1]?.[0],
    };
  }, args);
}

describeWithBrowser("workbook writes in Chromium, large and hostile answers", (executablePath) => {
  let emulator: RunningEmulator;
  let server: StaticServer;
  let browser: Browser;
  let profile: ProfileInput;
  let dates: { from: string; to: string };
  /** What the /stats route answers, every page of it. */
  let served: StatsEntry[] = [];

  beforeAll(async () => {
    const [dist, running] = await Promise.all([buildPane(), startEmulator({ port: 0, days: 90, seed: 11 })]);
    emulator = running;
    server = await serveDirectory(dist);
    browser = await launchChromium(executablePath);
    const bearer = emulator.credentials.bearer[0];
    if (!bearer) throw new Error("the emulator has no bearer credential");
    profile = {
      name: "Demo",
      kind: "bearer",
      baseUrl: emulator.baseUrl,
      legacyBaseUrl: emulator.legacyBaseUrl,
      token: bearer.token,
    };
    dates = await new ReportingClient({ baseUrl: emulator.baseUrl, token: bearer.token }).dates();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await emulator?.close();
  });

  /** A pane in the fake Excel, signed in, its /stats answered from `served`. */
  async function openPane(
    fakeOptions: Partial<FakeOfficeOptions>,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: PANE_VIEWPORT });
    await context.route("**/office-js/office.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    await context.route(
      (url) => url.href.startsWith(emulator.baseUrl) && url.pathname.endsWith("/stats"),
      (route) => {
        const body = JSON.parse(route.request().postData() ?? "{}") as { offset?: number; limit?: number };
        const offset = body.offset ?? 0;
        const stats = served.slice(offset, offset + (body.limit ?? served.length));
        return route.fulfill({
          contentType: "application/json",
          body: JSON.stringify({ stats, total: served.length }),
        });
      },
    );
    await context.addInitScript(installFakeOffice, { selection: "B2", sheetName: "Sheet1", ...fakeOptions });
    await context.addInitScript(installFakeUser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${server.origin}/taskpane.html`);
    await page.waitForSelector("body[data-ready=true]");
    await saveProfile(page, profile);
    await page.click("#tab-query");
    await page.selectOption("#query-period", "CUSTOM");
    await page.selectOption("#query-group-add", "country");
    await page.click("#query-group-add-button");
    return { context, page, errors };
  }

  /** A period of its own per query, so that no answer cached for an earlier one is reused. */
  async function choosePeriod(page: Page, daysBack: number): Promise<string> {
    const from = new Date(Date.parse(`${dates.to}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
    await page.fill("#query-from", from);
    await page.fill("#query-to", dates.to);
    return page.inputValue("#query-formula");
  }

  describe("an Excel whose custom functions return bare serial dates (before CustomFunctionsRuntime 1.4)", () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ context, page, errors } = await openPane({ requirementSets: SERIAL_DATES }));
    });
    afterAll(async () => {
      expect(errors).toEqual([]);
      await context?.close();
    });

    it("point 2: Insert formula formats the date column of exactly the rows the spill shows, each sync under 5 MB", async () => {
      served = answer(LARGE, ["FR", "DE"]);
      const formula = await choosePeriod(page, 60);
      const before = await mark(page);
      const done = await statusAfter(page, () => page.click("#query-insert-formula"), 120_000);
      expect(done).toEqual({
        kind: "success",
        text: "Formula inserted at Sheet1!B2. It recalculates with the active profile.",
      });
      const spill = await callStats(page, formula);
      const shown = spill.rows - 2;
      expect(shown).toBeGreaterThan(10_000);
      expect(shown).toBeLessThan(LARGE);
      expect(String(spill.lastFirstCell)).toMatch(/^[\d,]+ more rows not shown: use Insert as table/);
      const summary = await writesSince(page, before);
      expect(summary.syncs.filter((sync) => sync.refused || sync.bytes > EXCEL_LIMIT_BYTES)).toEqual([]);
      expect(summary.writes[0]).toMatchObject({ kind: "formulas", target: "Sheet1!B2" });
      const formats = summary.writes.filter((write) => write.kind === "numberFormat");
      expect(
        formats.every(
          (write) => /^Sheet1!B\d+:B\d+$/.test(write.target) && JSON.stringify(write.firstValue) === '["yyyy-mm-dd"]',
        ),
      ).toBe(true);
      expect(formats.reduce((sum, write) => sum + write.rows, 0)).toBe(shown);
      expect(formats[0]!.target.startsWith("Sheet1!B3:")).toBe(true);
      expect(formats.at(-1)!.target.endsWith(`:B${2 + shown}`)).toBe(true);
    });

    it("point 2: Insert as table writes 400,000 rows with every sync under 5 MB", async () => {
      served = answer(LARGE, ["FR", "DE"]);
      await choosePeriod(page, 61);
      const before = await mark(page);
      const done = await statusAfter(page, () => page.click("#query-insert-table"), 240_000);
      expect(done.text).toMatch(
        new RegExp(
          `^${LARGE.toLocaleString("en-US")} rows inserted as the table Stats_by_Date_Country on Reporting, with a PivotTable\\. Refresh both from the Queries tab\\.$`,
        ),
      );
      const summary = await writesSince(page, before);
      expect(summary.syncs.length).toBeGreaterThan(1);
      expect(summary.syncs.filter((sync) => sync.refused || sync.bytes > EXCEL_LIMIT_BYTES)).toEqual([]);
      // The table's rows; the PivotTable's sheet gets its two lines of note besides.
      expect(
        summary.writes
          .filter((write) => write.kind === "values" && write.target.startsWith("Reporting!"))
          .reduce((sum, write) => sum + write.rows, 0),
      ).toBe(LARGE + 1);
      expect(summary.writes.find((write) => write.kind === "table")?.target).toBe(`Reporting!A1:E${LARGE + 1}`);
    });

    it("the fake refuses the old single-sync date format of 400,000 rows, as Excel on the web would", async () => {
      const refused = await page.evaluate(async (rows) => {
        try {
          await Excel.run(async (context) => {
            context.workbook.worksheets.getItem("Sheet1").getRange(`H2:H${rows + 1}`).numberFormat = Array.from(
              { length: rows },
              () => ["yyyy-mm-dd"],
            );
            await context.sync();
          });
          return "accepted";
        } catch (error) {
          return (error as { code?: string }).code ?? String(error);
        }
      }, LARGE);
      expect(refused).toBe("RequestPayloadSizeLimitExceeded");
    });

    it("point 3: Insert as table writes the service's names as text, never as formulas", async () => {
      served = answer(40, HOSTILE_NAMES);
      await choosePeriod(page, 62);
      const before = await mark(page);
      const done = await statusAfter(page, () => page.click("#query-insert-table"));
      expect(done.kind).toBe("success");
      const summary = await writesSince(page, before, HOSTILE_NAMES);
      expect(summary.formulaLike).toEqual([]);
      expect(summary.texts).toHaveLength(40);
      expect(new Set(summary.texts.map((cell) => cell.text))).toEqual(new Set(HOSTILE_NAMES));
      expect(new Set(summary.texts.map((cell) => cell.numberFormat))).toEqual(new Set(["@"]));
    });
  });

  describe("an Excel whose custom functions return formatted dates (CustomFunctionsRuntime 1.4)", () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ context, page, errors } = await openPane({}));
    });
    afterAll(async () => {
      expect(errors).toEqual([]);
      await context?.close();
    });

    it("point 1: a date-grouped STATS spill past the limit stays within the budget as sent, and says how to get the rest", async () => {
      served = answer(LARGE, ["FR", "DE"]);
      const formula = await choosePeriod(page, 63);
      const spill = await callStats(page, formula);
      expect(spill.bytes).toBeLessThanOrEqual(SPILL_BUDGET_BYTES);
      expect(spill.bytes).toBeGreaterThan(SPILL_BUDGET_BYTES * 0.99);
      expect(spill.lastFirstCell).toBe(
        `${(LARGE - (spill.rows - 2)).toLocaleString("en-US")} more rows not shown: use Insert as table in the Reporting task pane to bring them all.`,
      );
    });

    it("point 2: Insert formula writes no date format: the spill's dates carry their own", async () => {
      served = answer(LARGE, ["FR", "DE"]);
      await choosePeriod(page, 64);
      const before = await mark(page);
      const done = await statusAfter(page, () => page.click("#query-insert-formula"), 120_000);
      expect(done.kind).toBe("success");
      const summary = await writesSince(page, before);
      // Besides the formula, only the document setting that spares colleagues a trust prompt.
      expect(summary.writes.map((write) => write.kind)).toEqual(["formulas", "setting"]);
      expect(summary.syncs.filter((sync) => sync.refused)).toEqual([]);
    });

    it("point 3: Insert as table writes the service's names as text here too", async () => {
      served = answer(12, HOSTILE_NAMES);
      await choosePeriod(page, 65);
      const before = await mark(page);
      expect((await statusAfter(page, () => page.click("#query-insert-table"))).kind).toBe("success");
      const summary = await writesSince(page, before, HOSTILE_NAMES);
      expect(summary.formulaLike).toEqual([]);
      expect(summary.texts.map((cell) => cell.numberFormat)).toEqual(new Array(12).fill("@"));
    });
  });
});
