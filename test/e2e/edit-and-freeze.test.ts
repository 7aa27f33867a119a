import type { Page } from "playwright-core";
import { ReportingClient } from "../../src/client";
import { readStatsQuery } from "../../src/core/arguments/stats-query";
import { frozenTableModel } from "../../src/core/changes/frozen-check";
import { FROZEN_SHEET_NAMESPACE } from "../../src/core/changes/frozen-sheet-record";
import { periodLabel } from "../../src/core/freeze-note";
import { describeQuery } from "../../src/core/workbook-queries/describe-query";
import { readTableQueryXml } from "../../src/core/workbook-queries/record-xml";
import { localToday, periodDatesText, periodOfWord } from "../../src/core/periods";
import { describeWithBrowser } from "./support/browser";
import type { FakeOfficeControl, FakeOfficeState } from "./support/fake-office";
import { formulaArguments } from "./support/formula-arguments";
import {
  officeState,
  openAdvanced,
  openMoreActions,
  pickerContent,
  saveProfile,
  screenshot,
  statusAfter,
  type ProfileInput,
} from "./support/pane-page";
import {
  bearerProfile,
  openExcelPane,
  startPaneServices,
  type ExcelPane,
  type PaneServices,
} from "./support/pane-services";
import { addMetric, removeMetric } from "./support/query-pane";

jest.setTimeout(240_000);

/**
 * "Edit a formula" and "Freeze for close" through the built pane, against the emulator and the
 * recording fake of Excel: the fake keeps what each cell holds, and the test plays Excel where
 * the fake has no calculation engine (a formula's spill is the add-in's own STATS answer).
 */

const EXCEL_LIMIT_BYTES = 5_000_000;
const NOTE_ROWS = 7;

type Cells = ReturnType<FakeOfficeControl["cells"]>;
type Window = {
  __officeFake: FakeOfficeState;
  __officeFakeControl: FakeOfficeControl;
  __associatedFunctions: Record<string, (...args: unknown[]) => Promise<unknown[][]>>;
};

function select(page: Page, address: string): Promise<void> {
  return page.evaluate((target) => (window as unknown as Window).__officeFakeControl.select(target), address);
}

function cells(page: Page, address: string): Promise<Cells> {
  return page.evaluate((target) => (window as unknown as Window).__officeFakeControl.cells(target), address);
}

/** A formula written as a user would type it (through Excel.run, like any write the fake records). */
function typeFormula(page: Page, address: string, formula: string): Promise<void> {
  return page.evaluate(
    async ([target, text]) => {
      await Excel.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange(target).formulas = [[text]];
        await context.sync();
      });
    },
    [address, formula] as const,
  );
}

/** What Excel does once the formula at `address` has calculated: the add-in's STATS answer spills from it. */
async function spillFormula(page: Page, address: string, formula: string): Promise<unknown[][]> {
  const args = formulaArguments(formula, "REPORTING.STATS");
  return page.evaluate(
    async ([target, values]) => {
      const win = window as unknown as Window;
      const padded: unknown[] = values.map((value) => value ?? null);
      while (padded.length < 7) padded.push(null);
      const rows = await win.__associatedFunctions.STATS!(...padded, {});
      win.__officeFakeControl.spill(`Sheet1!${target}`, rows);
      return rows;
    },
    [address, args] as const,
  );
}

function syncsOver(state: FakeOfficeState, from: number): FakeOfficeState["syncs"] {
  return state.syncs.slice(from).filter((sync) => sync.refused || sync.bytes >= EXCEL_LIMIT_BYTES);
}

describeWithBrowser("edit a formula and freeze for close, in Chromium", (executablePath) => {
  let services: PaneServices;
  let pane: ExcelPane;
  let page: Page;
  let profile: ProfileInput;
  let dates: { from: string; to: string };
  const today = localToday();
  /** The formula the builder inserted at B2, then the one Update formula wrote. */
  let inserted = "";
  let updated = "";

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 90, seed: 5 });
    const { emulator, logins } = services;
    profile = bearerProfile(emulator, "Demo", logins.widest.token);
    dates = await new ReportingClient({ baseUrl: emulator.baseUrl, token: logins.widest.token }).dates();

    pane = await openExcelPane(services.browser, services.server.origin);
    page = pane.page;
    await saveProfile(page, profile);
    await page.click("#tab-query");
    await pickerContent(page, "countries");
  });

  afterAll(async () => {
    await pane?.context.close();
    await services?.close();
  });

  it("loads the selected formula into the builder, exactly as the builder wrote it", async () => {
    await page.selectOption("#query-period", "LAST_MONTH");
    await page.selectOption("#query-group-add", "country");
    await page.click("#query-group-add-button");
    await page.click('details[data-filter="formats"] > summary');
    await page.check('details[data-filter="formats"] input[value="interstitial"]');
    await addMetric(page, "requests");
    await removeMetric(page, "ecpm");
    await page.selectOption("#query-order-field", "revenues");
    await page.selectOption("#query-order-direction", "desc");
    await page.click("#query-order-add");
    await openAdvanced(page);
    await page.fill("#query-cache", "300");
    await page.check("#query-pin-profile");
    inserted = await page.inputValue("#query-formula");
    expect(inserted).toBe(
      '=REPORTING.STATS("LAST_MONTH",,"date,country","impressions,revenues,requests","formats=interstitial","revenues:desc","profile=Demo; cache=300")',
    );
    expect((await statusAfter(page, () => page.click("#query-insert-formula"))).text).toBe(
      "Formula inserted at Sheet1!B2. It stays on the profile Demo.",
    );

    // The builder moves on to something else before the formula is loaded back.
    await page.selectOption("#query-period", "YTD");
    await page.click('#query-groups li[data-value="country"] [data-action="remove"]');
    await page.uncheck("#query-pin-profile");
    await page.fill("#query-cache", "");
    // Closed again: the formula's cache= and profile= must open it when it is loaded.
    await page.click("#query-advanced > summary");
    expect(await page.inputValue("#query-formula")).not.toBe(inserted);

    const before = (await officeState(page)).writes.length;
    await openMoreActions(page);
    const loaded = await statusAfter(page, () => page.click("#query-edit-formula"));
    expect(loaded).toEqual({
      kind: "success",
      text: "Loaded the formula of Sheet1!B2. Change the query, then choose Update formula.",
    });
    expect(await page.inputValue("#query-formula")).toBe(inserted);
    expect(await page.inputValue("#query-period")).toBe("LAST_MONTH");
    expect(
      await page.$$eval("#query-groups li", (items) => items.map((item) => item.getAttribute("data-value"))),
    ).toEqual(["date", "country"]);
    expect(await page.isChecked("#query-pin-profile")).toBe(true);
    // Shown, not left under a closed disclosure where the values would change the query unseen.
    expect(await page.isVisible("#query-pin-profile")).toBe(true);
    expect(await page.isVisible("#query-cache")).toBe(true);
    expect(await page.isVisible("#query-update-formula")).toBe(true);
    expect(await page.textContent("#query-editing")).toBe(
      "Editing the formula in Sheet1!B2. Change the query, then choose Update formula.",
    );
    expect((await officeState(page)).writes.length).toBe(before);
    await screenshot(page, "edit-formula-loaded");
  });

  it("writes the edited formula back into the same cell, and nothing else", async () => {
    await page.click('#query-groups li[data-value="country"] [data-action="remove"]');
    await page.selectOption("#query-group-add", "format");
    await page.click("#query-group-add-button");
    updated = await page.inputValue("#query-formula");
    expect(updated).toBe(
      '=REPORTING.STATS("LAST_MONTH",,"date,format","impressions,revenues,requests","formats=interstitial","revenues:desc","profile=Demo; cache=300")',
    );
    const before = (await officeState(page)).writes.length;
    const done = await statusAfter(page, () => page.click("#query-update-formula"));
    expect(done).toEqual({
      kind: "success",
      text: "Formula updated in Sheet1!B2. It recalculates with the new query.",
    });
    expect((await officeState(page)).writes.slice(before)).toEqual([
      { kind: "formulas", target: "Sheet1!B2", value: [[updated]] },
    ]);
    expect((await cells(page, "Sheet1!B2")).formulas).toEqual([[updated]]);
    const [from, to, groups, metrics, filters, orders, options] = formulaArguments(updated, "REPORTING.STATS");
    expect(readStatsQuery({ from, to, groups, metrics, filters, orders, options }, today).request.groups).toEqual([
      "date",
      "format",
    ]);
  });

  it("loads the formula from any cell of its result, and refuses what the builder cannot show without touching it", async () => {
    await spillFormula(page, "B2", updated);
    await select(page, "C4");
    await page.selectOption("#query-period", "YTD");
    await openMoreActions(page);
    expect((await statusAfter(page, () => page.click("#query-edit-formula"))).kind).toBe("success");
    expect(await page.inputValue("#query-formula")).toBe(updated);

    await typeFormula(page, "J2", '=REPORTING.STATS(A1,,"date")');
    await typeFormula(page, "J3", '=REPORTING.LEGACY.STATS("LAST_7_DAYS",,"day")');
    await typeFormula(page, "J4", '=REPORTING.STATS("YTD",,,,"ad_units=11111111-1111-1111-1111-111111111111")');
    const before = (await officeState(page)).writes.length;
    const refusals: Record<string, string> = {};
    for (const cell of ["J2", "J3", "J4", "J5"]) {
      await select(page, cell);
      await openMoreActions(page);
      const refused = await statusAfter(page, () => page.click("#query-edit-formula"));
      expect(refused.kind).toBe("error");
      refusals[cell] = refused.text;
    }
    expect(refusals).toEqual({
      J2: "Sheet1!J2: The from argument is A1, a cell reference or a calculation: the builder loads only texts and numbers typed into the formula. Edit it in the cell instead; the builder leaves it as it is.",
      J3: "Sheet1!J3: This cell holds a REPORTING.LEGACY.STATS formula; the Query tab edits REPORTING.STATS formulas only. Edit it in the cell instead; the builder leaves it as it is.",
      J4: "Sheet1!J4: The formula filters on ad_units, which the builder has no picker for. Edit the formula in the cell instead; the builder leaves it as it is.",
      J5: "Sheet1!J5 holds no formula. Select a cell with =REPORTING.STATS(...) or any cell of its result.",
    });
    expect(await page.inputValue("#query-formula")).toBe(updated);
    expect((await officeState(page)).writes.length).toBe(before);
    // Still editing B2: the refusals left the loaded formula where it was.
    expect(await page.textContent("#query-editing")).toBe(
      "Editing the formula in Sheet1!B2. Change the query, then choose Update formula.",
    );
  });

  it("freezes a formula's spill as values on a sheet named after its period, with a note, dates keeping their format", async () => {
    const spilled = await spillFormula(page, "B2", updated);
    await select(page, "D5");
    const state = await officeState(page);
    const [writesBefore, syncsBefore] = [state.writes.length, state.syncs.length];
    await openMoreActions(page);
    const done = await statusAfter(page, () => page.click("#query-freeze"));
    const sheet = `${periodLabel(periodOfWord("LAST_MONTH", today()))} (frozen)`;
    expect(done).toEqual({
      kind: "success",
      text: `Frozen as values on the new sheet "${sheet}": ${spilled.length} rows under a note of the query.`,
    });

    const note = await cells(page, `'${sheet}'!A1:B${NOTE_ROWS}`);
    expect(note.values.map((row) => row[0])).toEqual([
      "Frozen values",
      "Query",
      "Period",
      "Profile",
      "Last refreshed",
      "Data through",
      "Fingerprint",
    ]);
    expect(note.values[6]![1]).toMatch(
      new RegExp(
        `^version 1; ${(spilled.length - 1).toLocaleString("en-US")} rows; Revenues [\\d,.]+; .*hash fnv1a64:[0-9a-f]{16}$`,
      ),
    );
    expect(note.values[1]![1]).toBe(updated);
    expect(note.values[3]![1]).toBe("Demo");
    expect(note.values[5]![1]).toBe(dates.to);
    expect(note.numberFormat.flat().every((format) => format === "@")).toBe(true);

    const width = (spilled[0] as unknown[]).length;
    const lastColumn = String.fromCharCode(64 + width);
    const copy = await cells(page, `'${sheet}'!A${NOTE_ROWS + 2}:${lastColumn}${NOTE_ROWS + 1 + spilled.length}`);
    const plain = (cell: unknown) =>
      typeof cell === "object" && cell !== null ? (cell as { basicValue: unknown }).basicValue : cell;
    expect(copy.values).toEqual(spilled.map((row) => (row as unknown[]).map(plain)));
    expect(copy.formulas).toEqual(copy.values);
    // The spill's dates carried their own format (CustomFunctionsRuntime 1.4): the copy keeps it.
    expect(new Set(copy.numberFormat.slice(1).map((row) => row[0]))).toEqual(new Set(["yyyy-mm-dd"]));

    const after = await officeState(page);
    expect(after.formulaLike).toEqual([]);
    expect(syncsOver(after, syncsBefore)).toEqual([]);
    // Besides the new sheet, only the frozen sheet's record: its fingerprint, in a part of its own and the settings' copy.
    const elsewhere = after.writes
      .slice(writesBefore)
      .filter(
        (write) =>
          !(write.target.startsWith(`${sheet}!`) || write.kind === "addWorksheet" || write.kind === "activate"),
      );
    expect(elsewhere.map((write) => [write.kind, write.kind === "setting" ? write.target : ""])).toEqual([
      ["customXml", ""],
      ["setting", "reportingFrozenSheets"],
    ]);
    expect(String(elsewhere[0]!.value)).toContain(`xmlns="${FROZEN_SHEET_NAMESPACE}"`);
  });

  it("freezes a table inserted with Insert as table: same values, same formats, the note above them", async () => {
    await page.click("#query-stop-editing");
    const insertedTable = await statusAfter(page, () => page.click("#query-insert-table"));
    expect(insertedTable.kind).toBe("success");
    const tableWrite = (await officeState(page)).writes.find((write) => write.kind === "table");
    if (!tableWrite) throw new Error("Insert as table wrote no table");
    const source = await cells(page, tableWrite.target);
    await select(page, "Reporting!B5");

    const state = await officeState(page);
    const [writesBefore, syncsBefore] = [state.writes.length, state.syncs.length];
    await openMoreActions(page);
    const done = await statusAfter(page, () => page.click("#query-freeze"));
    // The table's record names its query, its period as the days it meant, and its last refresh.
    const records = (await officeState(page)).workbook.customXmlParts
      .map((part) => readTableQueryXml(part.xml))
      .flatMap((read) => ("record" in read ? [read.record] : []));
    expect(records).toHaveLength(1);
    const record = records[0]!;
    const model = frozenTableModel(record.query, today());
    if (!("from" in model.period)) throw new Error("the frozen period is not a pair of days");
    const sheet = `${periodLabel(model.period)} (frozen 2)`;
    expect(done).toEqual({
      kind: "success",
      text: `Frozen as values on the new sheet "${sheet}": ${source.values.length} rows under a note of the query.`,
    });

    const rows = source.values.length;
    const columns = source.values[0]!.length;
    const copy = await cells(
      page,
      `'${sheet}'!A${NOTE_ROWS + 2}:${String.fromCharCode(64 + columns)}${NOTE_ROWS + 1 + rows}`,
    );
    expect(copy.values).toEqual(source.values);
    expect(copy.numberFormat).toEqual(source.numberFormat);
    expect(copy.formulas).toEqual(source.values);
    const note = await cells(page, `'${sheet}'!A1:B${NOTE_ROWS}`);
    expect(note.values).toEqual([
      [
        "Frozen values",
        expect.stringMatching(
          new RegExp(
            `^Copied from ${tableWrite.target} at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\. They no longer refresh\\.$`,
          ),
        ),
      ],
      ["Query", describeQuery(record.query)],
      ["Period", periodDatesText(model.period)],
      ["Profile", "Demo"],
      ["Last refreshed", record.lastRefresh!.at],
      ["Data through", record.lastRefresh!.dataThrough ?? dates.to],
      [
        "Fingerprint",
        expect.stringMatching(
          new RegExp(`^version 1; ${(rows - 1).toLocaleString("en-US")} rows; .*hash fnv1a64:[0-9a-f]{16}$`),
        ),
      ],
    ]);

    const after = await officeState(page);
    expect(after.formulaLike).toEqual([]);
    expect(syncsOver(after, syncsBefore)).toEqual([]);
    expect(
      after.writes
        .slice(writesBefore)
        .filter((write) => write.kind === "values" || write.kind === "numberFormat")
        .every((write) => write.target.startsWith(`${sheet}!`)),
    ).toBe(true);
    expect(pane.pageErrors).toEqual([]);
    await screenshot(page, "freeze-table");
  });
});
