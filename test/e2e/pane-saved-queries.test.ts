/**
 * Saved queries at 320 px (issue 18, "Also"): Save query on the Query tab keeps the query in the
 * workbook under a name; reopened, the pane lists it in the Queries tab with Load, Rename and
 * Delete, and Load fills the Query tab's form, the starting point of a table. Outside Excel there
 * is no workbook to keep them in, and the pane says so. Also minor 21 of the Queries tab: an
 * organization by its name, one date format, and a two-sentence Insert as table message.
 */
import type { Page } from "playwright-core";
import { SAVED_QUERY_NAMESPACE } from "../../src/core/workbook-queries/saved-query";
import { SAVED_NEEDS_EXCEL } from "../../src/taskpane/tabs/queries/queries-text";
import { describeWithBrowser } from "./support/browser";
import type { FakeOfficeState } from "./support/fake-office";
import { officeState, pickerContent, saveProfile, screenshot, statusAfter } from "./support/pane-page";
import {
  bearerProfile,
  openExcelPane,
  startPaneServices,
  type ExcelPane,
  type PaneServices,
} from "./support/pane-services";
import { chooseGroups, chooseMetrics, openQueryPane } from "./support/query-pane";

jest.setTimeout(240_000);

interface SavedEntry {
  name: string;
  text: string;
}

/** The Queries tab's saved queries once listed, or its empty note. */
async function savedList(page: Page): Promise<{ entries: SavedEntry[]; empty: string | null }> {
  await page.click("#tab-queries");
  await page.waitForFunction(
    () =>
      document.querySelectorAll("#queries-saved > li").length > 0 ||
      !document.getElementById("queries-saved-empty")?.hidden,
  );
  return page.evaluate(() => ({
    entries: Array.from(document.querySelectorAll("#queries-saved > li"), (item) => ({
      name: item.getAttribute("data-name") ?? "",
      text: item.textContent ?? "",
    })),
    empty: document.getElementById("queries-saved-empty")?.hidden
      ? null
      : (document.getElementById("queries-saved-empty")?.textContent ?? null),
  }));
}

/** The lines a block of text takes on screen. */
function linesOf(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
}

const savedParts = (state: FakeOfficeState) =>
  state.workbook.customXmlParts.filter((part) => part.namespaceUri === SAVED_QUERY_NAMESPACE);

describeWithBrowser("saved queries", (executablePath) => {
  let services: PaneServices;
  const panes: ExcelPane[] = [];

  beforeAll(async () => {
    services = await startPaneServices(executablePath, { days: 120, seed: 17 });
  });
  afterEach(async () => {
    while (panes.length > 0) await panes.pop()?.context.close();
  });
  afterAll(() => services?.close());

  it("at 320 px: saved by name, listed after the pane is reopened, loaded into the form, renamed and deleted", async () => {
    const first = await openQueryPane(services.browser, services.server.origin, services.emulator);
    panes.push(first);
    const { page } = first;
    const organizations = await pickerContent(page, "organizations");
    const index = organizations.labels.findIndex((label, at) => label !== organizations.values[at]);
    const [organization, organizationName] = [organizations.values[index]!, organizations.labels[index]!];
    await chooseGroups(page, ["country"]);
    await chooseMetrics(page, ["revenues", "impressions"]);
    await page.click('details[data-filter="organizations"] > summary');
    await page.check(`details[data-filter="organizations"] input[value="${organization}"]`);
    const formula = await page.inputValue("#query-formula");

    // An empty name is the name field's error, said on the field, and nothing is kept.
    await page.click("#query-save-query");
    await page.waitForSelector("#query-save-name-error");
    expect(await page.textContent("#query-save-name-error")).toBe(
      "Type a name for the query, such as Revenue by country.",
    );
    expect(await page.getAttribute("#query-save-name", "aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("query-save-name");
    expect(savedParts(await officeState(page))).toEqual([]);

    await page.fill("#query-save-name", "Revenue by country");
    expect(await page.$("#query-save-name-error")).toBeNull();
    const done = await statusAfter(page, () => page.click("#query-save-query"));
    expect(done).toEqual({
      kind: "success",
      text: "Saved the query Revenue by country in this workbook: the Queries tab lists it, to load it here again.",
    });
    expect(await page.inputValue("#query-save-name")).toBe("");

    // A name the workbook already has, in another case, is a field error too (Enter saves, it does not preview).
    await page.fill("#query-save-name", " revenue BY country");
    await page.press("#query-save-name", "Enter");
    await page.waitForSelector("#query-save-name-error");
    expect(await page.textContent("#query-save-name-error")).toMatch(
      /^This workbook already has a saved query named Revenue by country: choose another name/,
    );
    await screenshot(page, "saved-query-clash-320");
    const state = await officeState(page);
    expect(savedParts(state)).toHaveLength(1);
    // No credential in the workbook: not in its parts, not in its settings.
    const token = services.logins.first.token;
    expect(JSON.stringify(state.workbook.customXmlParts)).not.toContain(token);
    expect(JSON.stringify(state.settings)).not.toContain(token);

    // The pane reopened on the saved workbook, by the same user (the profile is in OfficeRuntime.storage).
    const file = await page.evaluate(() =>
      (window as unknown as { __officeFakeControl: { save(): string } }).__officeFakeControl.save(),
    );
    const reopened = await openExcelPane(services.browser, services.server.origin, {
      office: { workbook: file, runtimeStorage: state.runtimeStorage },
    });
    panes.push(reopened);
    const again = reopened.page;
    const listed = await savedList(again);
    expect(listed.empty).toBeNull();
    expect(listed.entries.map((entry) => entry.name)).toEqual(["Revenue by country"]);
    expect(listed.entries[0]!.text).toContain(`Organizations: ${organizationName}`);
    expect(listed.entries[0]!.text).not.toContain(organization);
    expect(listed.entries[0]!.text).toMatch(/Saved \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await screenshot(again, "saved-queries-list-320");
    await again.setViewportSize({ width: 350, height: 700 });
    await screenshot(again, "saved-queries-list-350");
    await again.setViewportSize({ width: 320, height: 700 });

    // Load: the Query tab's form holds the query again, ready to insert.
    await pickerContent(again, "organizations");
    const loaded = await statusAfter(again, () => again.click('#queries-saved [data-action="load"]'));
    expect(loaded).toEqual({
      kind: "info",
      text: "The saved query Revenue by country is in the builder: preview it, insert it as a table or a formula, or change it first.",
    });
    expect(await again.getAttribute("#tab-query", "aria-selected")).toBe("true");
    expect(await again.inputValue("#query-formula")).toBe(formula);

    // Insert as table from it: the message in two sentences.
    const inserted = await statusAfter(again, () => again.click("#query-insert-table"), 120_000);
    expect(inserted.kind).toBe("success");
    expect(inserted.text).toMatch(
      /^[\d,]+ rows inserted as the table \S+ on Reporting, with a PivotTable\. Refresh both from the Queries tab\.$/,
    );
    // Two sentences: three lines of the status bar at 320 px (it took twelve with the eCPM note).
    expect(await linesOf(again, "#status")).toBeLessThanOrEqual(3);
    await screenshot(again, "saved-query-inserted-320");

    // The Queries tab: the table's organization by name, its time in the pane's one format.
    await again.click("#tab-queries");
    await again.waitForSelector("#queries-tables > li");
    await again.waitForFunction(
      (name) => (document.querySelector("#queries-tables > li")?.textContent ?? "").includes(name),
      `Organizations: ${organizationName}`,
    );
    const table = (await again.textContent("#queries-tables > li")) ?? "";
    expect(table).not.toContain(organization);
    expect(table).toMatch(/last refreshed \d{4}-\d{2}-\d{2} \d{2}:\d{2} with Analyst/);

    // Rename: an empty name is the field's error; a new one is kept.
    await again.click('#queries-saved [data-action="rename"]');
    await again.fill("#queries-saved input[type=text]", "  ");
    await again.click('#queries-saved [data-action="save-name"]');
    await again.waitForSelector("#queries-saved .field-error");
    expect(await again.textContent("#queries-saved .field-error")).toBe(
      "Type a name for the query, such as Revenue by country.",
    );
    await screenshot(again, "saved-query-rename-320");
    await again.fill("#queries-saved input[type=text]", "Zone revenue");
    const renamed = await statusAfter(again, () => again.press("#queries-saved input[type=text]", "Enter"));
    expect(renamed).toEqual({ kind: "success", text: "Renamed the saved query Revenue by country to Zone revenue." });
    await again.waitForSelector('#queries-saved > li[data-name="Zone revenue"]');

    // Delete asks first; Keep (the focused choice) and Escape leave the query where it was.
    await again.click('#queries-saved [data-action="delete"]');
    await again.waitForSelector('#queries-saved [data-action="confirm-delete"]');
    expect(await again.textContent("#queries-saved .confirm p")).toBe(
      "Delete the saved query Zone revenue? Tables and formulas made from it stay as they are.",
    );
    expect(await again.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("keep");
    expect(await again.isVisible('#queries-saved [data-action="load"]')).toBe(false);
    await screenshot(again, "saved-query-delete-confirm-320");
    await again.press('#queries-saved [data-action="keep"]', "Enter");
    expect(await again.isVisible('#queries-saved [data-action="confirm-delete"]')).toBe(false);
    expect(await again.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("delete");
    await again.click('#queries-saved [data-action="delete"]');
    await again.keyboard.press("Escape");
    expect(await again.isVisible('#queries-saved [data-action="confirm-delete"]')).toBe(false);
    expect((await savedList(again)).entries).toHaveLength(1);
    expect(savedParts(await officeState(again))).toHaveLength(1);

    await again.click('#queries-saved [data-action="delete"]');
    const deleted = await statusAfter(again, () => again.click('#queries-saved [data-action="confirm-delete"]'));
    expect(deleted).toEqual({
      kind: "success",
      text: "Deleted the saved query Zone revenue. Tables and formulas made from it stay as they are.",
    });
    await again.waitForSelector("#queries-saved-empty:not([hidden])");
    expect((await savedList(again)).entries).toEqual([]);
    expect(savedParts(await officeState(again))).toEqual([]);
    expect([...first.pageErrors, ...reopened.pageErrors]).toEqual([]);
  });

  it("outside Excel: no Save query, and the Queries tab says saved queries need the workbook", async () => {
    const pane = await openExcelPane(services.browser, services.server.origin, { office: false });
    panes.push(pane);
    const { page } = pane;
    await saveProfile(page, bearerProfile(services.emulator, "Analyst"));
    await page.click("#tab-query");
    await page.waitForSelector("#query-form:not([hidden])");
    expect(await page.isVisible("#query-save-group")).toBe(false);
    expect((await savedList(page)).empty).toBe(SAVED_NEEDS_EXCEL);
    await screenshot(page, "saved-queries-outside-excel-320");
    expect(pane.pageErrors).toEqual([]);
  });
});
