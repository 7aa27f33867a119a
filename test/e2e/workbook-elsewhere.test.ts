/**
 * The pane with a workbook made elsewhere: one whose custom XML parts Excel did not give back
 * (Mac, office-js 6091), and one that refreshes when it opens while the user is typing in a cell.
 * The workbooks are made in Node with the same fake and src/office code, then opened by the pane.
 */
import type { Page } from "playwright-core";
import type { FakeSavedWorkbook } from "./support/fake-office";
import type { FakeUserControl } from "./support/fake-office-user";
import { describeWithBrowser } from "./support/browser";
import { saveProfile, waitForStatus } from "./support/pane-page";
import { bearerProfile, openExcelPane, startPaneServices, type PaneServices } from "./support/pane-services";
import { insertQueryTable } from "../../src/office/tables/insert-table";
import { workbookQueryStore } from "../../src/office/tables/query-store";
import { installFakeExcel } from "../unit/office/fake-excel";
import { entries, recordOf, tableData } from "../unit/office/tables/table-fixtures";

jest.setTimeout(240_000);

/** A saved workbook with one table the add-in inserted and its stored query. */
async function workbookWithTable(refreshOnOpen: boolean): Promise<FakeSavedWorkbook> {
  const excel = installFakeExcel();
  try {
    const data = tableData(entries(4));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    const store = workbookQueryStore();
    await store.put(recordOf(inserted, data));
    await store.setOptions({ refreshOnOpen });
    return JSON.parse(excel.control.save()) as FakeSavedWorkbook;
  } finally {
    excel.restore();
  }
}

async function queriesTab(page: Page): Promise<{ empty: string | null; notice: string | null; tables: string[] }> {
  await page.click("#tab-queries");
  await page.waitForSelector("#panel-queries:not([aria-busy])");
  await page.waitForFunction(
    () =>
      document.querySelectorAll("#queries-tables li").length > 0 || !document.getElementById("queries-empty")?.hidden,
  );
  return page.evaluate(() => ({
    empty: document.getElementById("queries-empty")?.hidden
      ? null
      : (document.getElementById("queries-empty")?.textContent ?? null),
    notice: document.getElementById("queries-unreadable")?.hidden
      ? null
      : (document.getElementById("queries-unreadable")?.textContent ?? null),
    tables: Array.from(
      document.querySelectorAll("#queries-tables > li"),
      (item) => item.getAttribute("data-table") ?? "",
    ),
  }));
}

describeWithBrowser("a workbook made elsewhere", (executablePath) => {
  let services: PaneServices;
  const closing: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 120, seed: 17 });
  });
  afterEach(async () => {
    while (closing.length > 0) await closing.pop()?.();
  });
  afterAll(() => services?.close());

  it("whose custom XML parts Excel lost lists its tables from the settings copy, or names them and says why", async () => {
    const saved = await workbookWithTable(false);
    saved.workbook.customXmlParts = [];
    const withCopy = await openExcelPane(services.browser, services.server.origin, {
      office: { workbook: JSON.stringify(saved) },
    });
    closing.push(() => withCopy.context.close());
    const recovered = await queriesTab(withCopy.page);
    expect(recovered.tables).toEqual(["Stats_by_Date_Country"]);
    expect(recovered.notice).toMatch(/^Excel did not give back the tables' stored queries \(as happens on some Macs/);

    saved.workbook.settings = {};
    const lost = await openExcelPane(services.browser, services.server.origin, {
      office: { workbook: JSON.stringify(saved) },
    });
    closing.push(() => lost.context.close());
    const named = await queriesTab(lost.page);
    expect(named.tables).toEqual([]);
    expect(named.empty).toMatch(
      /^This workbook has 1 table named like the add-in's \(Stats_by_Date_Country\), but Excel did not give back their stored queries/,
    );
    expect([...withCopy.pageErrors, ...lost.pageErrors]).toEqual([]);
  });

  it("that refreshes when it opens waits while the user types in a cell, then refreshes", async () => {
    const signIn = await openExcelPane(services.browser, services.server.origin);
    closing.push(() => signIn.context.close());
    expect((await saveProfile(signIn.page, bearerProfile(services.emulator, "Finance"))).kind).toBe("success");
    const runtimeStorage = await signIn.page.evaluate(
      () =>
        (window as unknown as { __officeFake: { runtimeStorage: Record<string, string> } }).__officeFake.runtimeStorage,
    );

    const saved = await workbookWithTable(true);
    const opened = await openExcelPane(services.browser, services.server.origin, {
      office: { workbook: JSON.stringify(saved), runtimeStorage },
      // The user is already typing in a cell when the workbook's refresh starts.
      prepare: async (context) => {
        await context.addInitScript(() =>
          (window as unknown as { __officeFakeUser: FakeUserControl }).__officeFakeUser.startEditing(),
        );
      },
      waitForReady: false,
    });
    closing.push(() => opened.context.close());
    const user = () =>
      opened.page.evaluate(() => {
        const control = (window as unknown as { __officeFakeUser: FakeUserControl }).__officeFakeUser;
        return { held: control.heldForCellEdit(), failed: control.failedInCellEdit() };
      });
    await opened.page.waitForFunction(
      () => (window as unknown as { __officeFakeUser: FakeUserControl }).__officeFakeUser.heldForCellEdit() > 0,
      undefined,
      { timeout: 60_000 },
    );
    expect((await user()).failed).toBe(0);

    await opened.page.evaluate(() =>
      (window as unknown as { __officeFakeUser: FakeUserControl }).__officeFakeUser.stopEditing(),
    );
    const status = await waitForStatus(opened.page, /^This workbook refreshes when it opens\. /, 120_000);
    expect(status).not.toMatch(/failed|could not|cell-editing/i);
    expect((await user()).failed).toBe(0);
    expect(opened.pageErrors).toEqual([]);
  });
});
