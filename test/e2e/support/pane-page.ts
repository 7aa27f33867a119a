import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { StatsEntry } from "../../../src/api";
import { excelSerialFromIsoDate } from "../../../src/core/excel-dates";
import { REPO_ROOT } from "../../support/fresh-dist";
import { expectAccessible } from "./axe";
import type { FakeOfficeControl, FakeOfficeState } from "./fake-office";

export const SCREENSHOT_DIR = join(REPO_ROOT, "test-results", "screenshots");

/**
 * Saves the whole pane: the content scrolls inside <main>, so the window is made tall enough
 * to show all of it (status bar included) for the shot, then given back its size. Every state
 * photographed is also checked by axe-core: the picture stays for looking at what failed.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize();
  const overflow = await page.evaluate(() => {
    const main = document.querySelector("main");
    return main ? Math.max(0, main.scrollHeight - main.clientHeight) : 0;
  });
  if (viewport && overflow > 0)
    await page.setViewportSize({ width: viewport.width, height: viewport.height + overflow });
  try {
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  } finally {
    if (viewport && overflow > 0) await page.setViewportSize(viewport);
  }
  await expectAccessible(page, name);
}

/** Opens the Query tab's "More actions" (Edit selected formula, Freeze, Open as worksheet, Refresh all) as a user would. */
export async function openMoreActions(page: Page): Promise<void> {
  if (!(await page.$eval("#query-more-actions", (details) => (details as HTMLDetailsElement).open)))
    await page.click("#query-more-actions > summary");
}

/** Opens the Query tab's "Advanced" disclosure (recent periods, skipped rows, reuse of answers, pinned profile). */
export async function openAdvanced(page: Page): Promise<void> {
  if (!(await page.$eval("#query-advanced", (details) => (details as HTMLDetailsElement).open)))
    await page.click("#query-advanced > summary");
}

/** Empties the status bar, so the next wait sees only what the next action says. */
export async function clearStatus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const region = document.getElementById("status");
    if (region) {
      region.textContent = "";
      region.className = "status";
    }
  });
}

/** Waits until the status bar says something matching `pattern`, and returns it. */
export async function waitForStatus(page: Page, pattern: RegExp, timeout = 30_000): Promise<string> {
  const handle = await page.waitForFunction(
    ({ source, flags }) => {
      const text = document.getElementById("status")?.textContent ?? "";
      return new RegExp(source, flags).test(text) ? text : false;
    },
    { source: pattern.source, flags: pattern.flags },
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}

/** Runs `action` and returns the first finished (not busy) status it leads to. */
export async function statusAfter(
  page: Page,
  action: () => Promise<void>,
  timeout = 30_000,
): Promise<{ kind: string; text: string }> {
  await clearStatus(page);
  await action();
  const handle = await page.waitForFunction(
    () => {
      const region = document.getElementById("status");
      if (!region || region.textContent === "" || region.classList.contains("busy")) return false;
      return {
        kind: region.classList.contains("error") ? "error" : region.classList.contains("success") ? "success" : "info",
        text: region.textContent,
      };
    },
    undefined,
    { timeout },
  );
  return (await handle.jsonValue()) as { kind: string; text: string };
}

export interface ProfileInput {
  name: string;
  kind: "bearer" | "legacy" | "both";
  baseUrl: string;
  legacyBaseUrl: string;
  token?: string;
  apiKey?: string;
  apiSecret?: string;
}

/** Fills the profile form as a user would (clicking "New profile" first, when the form edits a profile). */
export async function fillProfileForm(page: Page, profile: ProfileInput): Promise<void> {
  await page.click("#tab-connect");
  if (await page.isVisible("#profile-new")) await page.click("#profile-new");
  await page.fill("#profile-name", profile.name);
  await page.check(`input[name="kind"][value="${profile.kind}"]`);
  if (profile.kind !== "legacy") {
    await page.fill("#profile-base-url", profile.baseUrl);
    await page.fill("#profile-token", profile.token ?? "");
  }
  if (profile.kind !== "bearer") {
    await page.fill("#profile-legacy-url", profile.legacyBaseUrl);
    await page.fill("#profile-api-key", profile.apiKey ?? "");
    await page.fill("#profile-api-secret", profile.apiSecret ?? "");
  }
}

/** Fills the profile form and saves it, returning what the status bar then says. */
export async function saveProfile(page: Page, profile: ProfileInput): Promise<{ kind: string; text: string }> {
  await fillProfileForm(page, profile);
  return statusAfter(page, () => page.click("#profile-save"));
}

export interface PickerContent {
  values: string[];
  labels: string[];
}

/** The values and labels a filter picker offers, once it has loaded. */
export async function pickerContent(page: Page, filter: string): Promise<PickerContent> {
  await page.waitForFunction(
    (name) => {
      const count = document.querySelector(`details[data-filter="${name}"] .count`)?.textContent ?? "";
      return count !== "" && count !== "loading…";
    },
    filter,
    { timeout: 30_000 },
  );
  return page.$$eval(`details[data-filter="${filter}"] .picker-options label`, (labels) => ({
    values: labels.map((label) => (label.querySelector("input") as HTMLInputElement).value),
    labels: labels.map((label) => label.querySelector("span")?.textContent ?? ""),
  }));
}

/** The preview's rows as raw values (the cells' data-value), header excluded. */
export async function previewRows(page: Page, container: string): Promise<{ header: string[]; rows: string[][] }> {
  return page.$eval(container, (element) => ({
    header: Array.from(element.querySelectorAll("thead th")).map((cell) => cell.textContent ?? ""),
    rows: Array.from(element.querySelectorAll("tbody tr")).map((row) =>
      Array.from(row.querySelectorAll("td")).map((cell) => cell.getAttribute("data-value") ?? ""),
    ),
  }));
}

/**
 * The controls and table cells on screen whose middle the status bar hides: a message must
 * never sit over the button that was just pressed or the rows it announces.
 */
export async function hiddenUnderStatus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const footer = document.querySelector("footer");
    const main = document.querySelector("main");
    if (!footer || !main) return ["(no status bar or content)"];
    // What main's own scrolling hides is out of view, not under the status bar.
    const shown = main.getBoundingClientRect();
    const selector = "main button, main input, main select, main textarea, main summary, main th, main td";
    return Array.from(document.querySelectorAll<HTMLElement>(selector)).flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return [];
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const top = Math.max(0, shown.top);
      const bottom = Math.min(window.innerHeight, shown.bottom);
      if (y < top || y >= bottom || x < 0 || x >= window.innerWidth) return [];
      const onTop = document.elementFromPoint(x, y);
      if (!onTop || !footer.contains(onTop)) return [];
      const name =
        element.id || element.getAttribute("name") || element.textContent?.trim().slice(0, 30) || element.tagName;
      return [`${element.tagName.toLowerCase()} ${name}`];
    });
  });
}

/** What the recording fake of Office has seen so far: writes, syncs, settings, storage. */
export function officeState(page: Page): Promise<FakeOfficeState> {
  return page.evaluate(() => (window as unknown as { __officeFake: FakeOfficeState }).__officeFake);
}

export type FakeTableNow = NonNullable<ReturnType<FakeOfficeControl["table"]>>;

/** A table as the fake workbook holds it now, if there is one (as JSON text: 100,000 rows cross from the page far faster so). */
export async function fakeTable(page: Page, name: string): Promise<FakeTableNow | undefined> {
  const text = await page.evaluate((key) => {
    const table = (window as unknown as { __officeFakeControl: FakeOfficeControl }).__officeFakeControl.table(key);
    return table ? JSON.stringify(table) : undefined;
  }, name);
  return text === undefined ? undefined : (JSON.parse(text) as FakeTableNow);
}

/** The preview cells a date × country query with impressions, revenues and eCPM shows for these rows. */
export function datedCountryPreview(entries: readonly StatsEntry[]): string[][] {
  return entries.map((entry) => [
    String(excelSerialFromIsoDate(entry.group.date ?? "")),
    entry.group.country ?? "",
    String(entry.metrics.impressions),
    String(entry.metrics.revenues),
    String(entry.metrics.ecpm),
  ]);
}
