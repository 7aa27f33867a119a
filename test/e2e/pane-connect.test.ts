import { createServer } from "node:http";
import type { Page } from "playwright-core";
import type { RunningEmulator } from "../../src/emulator";
import { closedPort, listenOnLoopback, type LoopbackServer } from "../support/loopback";
import { describeWithBrowser } from "./support/browser";
import { fillProfileForm, hiddenUnderStatus, officeState, saveProfile, screenshot, statusAfter, type ProfileInput } from "./support/pane-page";
import { bearerProfile, openExcelPane, startPaneServices, type ExcelPane, type PaneServices } from "./support/pane-services";

jest.setTimeout(240_000);

type FunctionsWindow = { __associatedFunctions: Record<string, (...args: unknown[]) => Promise<unknown[][]>> };

/**
 * A service on another origin that answers everything, preflights included, without a CORS
 * header (as the real service is known to), and never answers under /slow.
 */
function startServiceWithoutCors(): Promise<LoopbackServer> {
  return listenOnLoopback(
    createServer((request, response) => {
      if (request.url?.startsWith("/slow")) return;
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    }),
  );
}

describeWithBrowser("the Connect tab at 320 px: save tests first, and says why it did not save", (executablePath) => {
  let services: PaneServices;
  let emulator: RunningEmulator;
  let noCors: LoopbackServer;
  let pane: ExcelPane;
  let page: Page;
  let demo: ProfileInput;
  let datesBefore: unknown[][];
  /** Each failure's reason, to show that they differ. */
  const reasons = new Map<string, string>();

  beforeAll(async () => {
    [services, noCors] = await Promise.all([startPaneServices(executablePath, { days: 30, seed: 5 }), startServiceWithoutCors()]);
    emulator = services.emulator;
    pane = await openExcelPane(services.browser, services.server.origin, { height: 720 });
    page = pane.page;
    demo = bearerProfile(emulator, "Demo");
  });

  afterAll(async () => {
    await pane?.context.close();
    await noCors?.close();
    await services?.close();
  });

  /** What =REPORTING.DATES() answers now, as Excel would get it. */
  function datesFormula(): Promise<unknown[][]> {
    return page.evaluate(() => (window as unknown as FunctionsWindow).__associatedFunctions.DATES!(null, {}));
  }

  async function calculations(): Promise<number> {
    return (await officeState(page)).writes.filter((entry) => entry.kind === "calculate").length;
  }

  /** Presses Save and waits for the reason beside it; returns it. */
  async function failedSave(profile: ProfileInput): Promise<string> {
    await fillProfileForm(page, profile);
    await page.click("#profile-save");
    await page.waitForSelector("#profile-save-reason", { timeout: 60_000 });
    await page.waitForFunction(() => !(document.getElementById("profile-save") as HTMLButtonElement).disabled);
    return (await page.textContent("#profile-save-reason")) ?? "";
  }

  async function focusedId(): Promise<string | undefined> {
    return page.evaluate(() => document.activeElement?.id);
  }

  async function marked(): Promise<string[]> {
    return page.$$eval('#profile-form [aria-invalid="true"]', (inputs) =>
      inputs.filter((input) => input.closest(".field")?.classList.contains("invalid")).map((input) => input.id),
    );
  }

  it("first open: no profile, nothing to sign out of, and Save says it tests first", async () => {
    expect(await page.textContent("#active-profile-summary")).toBe("Not signed in");
    expect(await page.isHidden("#sign-out")).toBe(true);
    expect(await page.isVisible("#profiles-empty")).toBe(true);
    expect(await page.textContent("#profile-save-hint")).toMatch(/tests the connection first/);
    expect(await page.isHidden("#connection-progress")).toBe(true);
    expect(await page.$("#profile-save-anyway")).toBeNull();
    await screenshot(page, "first-open");
  });

  it("a profile whose name is empty says so once, beside the button, and marks the name", async () => {
    await fillProfileForm(page, { ...demo, name: "" });
    await page.click("#profile-save");
    await page.waitForSelector("#profile-save-reason");
    expect(await page.textContent("#profile-save-reason")).toBe("The profile name is empty: type one, such as Finance.");
    expect(await page.textContent("#status")).toBe("");
    expect(await focusedId()).toBe("profile-name");
    expect(await marked()).toEqual(["profile-name"]);
    // No connection was tested, so there is nothing to save anyway.
    expect(await page.$("#profile-save-anyway")).toBeNull();
  });

  it("saves a working profile after testing it, and puts it in use", async () => {
    const saved = await saveProfile(page, demo);
    expect(saved).toEqual({ kind: "success", text: "Profile Demo saved and in use. Formulas use it from now on." });
    expect(await page.textContent("#active-profile-summary")).toBe("Signed in: Demo");
    expect(await page.isVisible("#sign-out")).toBe(true);
    // The profile in use has no Use button: it could never be pressed.
    expect(await page.$('li[data-profile="Demo"] button:has-text("Use")')).toBeNull();
    datesBefore = await datesFormula();
    expect(datesBefore.flat().length).toBeGreaterThan(0);
  });

  it("a wrong token is not saved: the reason is beside Save, the token field is marked and focused, Demo stays in use", async () => {
    const calculationsBefore = await calculations();
    const reason = await failedSave({ ...demo, name: "Wrong", token: "not-a-real-token" });
    reasons.set("token", reason);
    expect(reason).toMatch(/^The service did not accept the access token\. Copy it again/);
    expect(reason).toMatch(/Reference for support: HTTP 401 on \/details/);
    expect(reason).not.toContain("not-a-real-token");
    expect(await focusedId()).toBe("profile-token");
    expect(await marked()).toEqual(["profile-token"]);
    expect(await page.getAttribute("#profile-token", "aria-describedby")).toContain("profile-save-reason");
    expect(await page.textContent("#status")).toBe("Wrong was not saved: it did not connect. The reason is below the Save button.");
    // Save anyway appears only now, saying what it does to formulas.
    expect(await page.textContent("#profile-save-anyway")).toBe("Save anyway, without using it");
    expect(await page.textContent("#profile-save-outcome")).toContain("Formulas keep using Demo.");
    // Nothing changed for formulas.
    expect(await page.$('li[data-profile="Wrong"]')).toBeNull();
    expect(await page.textContent("#active-profile-summary")).toBe("Signed in: Demo");
    expect(await calculations()).toBe(calculationsBefore);
    expect(await datesFormula()).toEqual(datesBefore);
    expect(await hiddenUnderStatus(page)).toEqual([]);
    await screenshot(page, "failed-save");
  });

  it("Save anyway keeps the failing profile without using it", async () => {
    const calculationsBefore = await calculations();
    const saved = await statusAfter(page, () => page.click("#profile-save-anyway"));
    expect(saved.text).toBe("Profile Wrong saved without a working connection. Formulas keep using Demo.");
    expect(await page.isVisible('li[data-profile="Wrong"]')).toBe(true);
    expect(await page.getAttribute('li[data-profile="Demo"]', "class")).toBe("active");
    expect(await page.textContent("#active-profile-summary")).toBe("Signed in: Demo");
    expect(await page.textContent("#profile-save-outcome")).toBe("");
    expect(await calculations()).toBe(calculationsBefore);
    expect(await datesFormula()).toEqual(datesBefore);
  });

  it("a wrong path (404) points to the address", async () => {
    const reason = await failedSave({ ...demo, name: "Path", baseUrl: `${new URL(emulator.baseUrl).origin}/no-such-path` });
    reasons.set("404", reason);
    expect(reason).toMatch(/^Nothing was found at this service address/);
    expect(await focusedId()).toBe("profile-base-url");
    expect(await marked()).toEqual(["profile-base-url"]);
  });

  it("an address where nothing listens shows Cancel while it retries, then points to the address", async () => {
    await fillProfileForm(page, { ...demo, name: "Closed", baseUrl: `http://127.0.0.1:${await closedPort()}/api` });
    // The retries wait a random time (full jitter): the whole test can end within a frame or last
    // seconds. A recorder set before the click sees the progress line whatever its length; the
    // elapsed seconds are checked on a test that never ends (Cancel, below).
    await page.evaluate(() => {
      const recorder = window as unknown as { cancelSeen: boolean };
      const progress = document.getElementById("connection-progress")!;
      recorder.cancelSeen = false;
      new MutationObserver(() => {
        const cancel = document.getElementById("connection-cancel");
        if (!progress.hidden && cancel !== null && cancel.getClientRects().length > 0) recorder.cancelSeen = true;
      }).observe(progress, { attributes: true, attributeFilter: ["hidden"] });
    });
    await page.click("#profile-save");
    await page.waitForSelector("#profile-save-reason", { timeout: 60_000 });
    const reason = (await page.textContent("#profile-save-reason")) ?? "";
    reasons.set("refused", reason);
    expect(reason).toMatch(/^Nothing answers at the service address/);
    expect(await focusedId()).toBe("profile-base-url");
    expect(await page.evaluate(() => (window as unknown as { cancelSeen: boolean }).cancelSeen)).toBe(true);
    expect(await page.isHidden("#connection-progress")).toBe(true);
  });

  it("a service on another origin without CORS is told apart from a dead address", async () => {
    const reason = await failedSave({ ...demo, name: "Cors", baseUrl: `${noCors.origin}/api` });
    reasons.set("cors", reason);
    expect(reason).toMatch(/^The browser blocked the service's answers/);
    expect(await focusedId()).toBe("profile-base-url");
  });

  it("every failure reads differently, and none blames the internet connection", () => {
    expect([...reasons.keys()]).toEqual(["token", "404", "refused", "cors"]);
    expect(new Set(reasons.values()).size).toBe(4);
    for (const reason of reasons.values()) {
      expect(reason).not.toMatch(/internet connection|task pane \(Connect\)/);
      expect(reason.split(" Reference for support: ")[0]).not.toMatch(/\/details|HTTP \d/);
    }
  });

  it("Cancel stops a slow test, and nothing is saved", async () => {
    await fillProfileForm(page, { ...demo, name: "Slow", baseUrl: `${noCors.origin}/slow` });
    await page.click("#profile-save");
    await page.waitForFunction(() => /^\d+ s$/.test(document.getElementById("connection-elapsed")?.textContent ?? ""), undefined, { timeout: 30_000 });
    await screenshot(page, "connect-slow-test");
    await page.click("#connection-cancel");
    await page.waitForSelector("#profile-save-reason");
    expect(await page.textContent("#profile-save-reason")).toBe("The connection test was cancelled, so the profile was not saved.");
    expect(await page.textContent("#status")).toBe("Slow was not saved: the connection test was cancelled.");
    expect(await page.$('li[data-profile="Slow"]')).toBeNull();
    expect(await page.textContent("#active-profile-summary")).toBe("Signed in: Demo");
  });

  it("typing again clears the old reason and marks", async () => {
    await page.fill("#profile-base-url", emulator.baseUrl);
    expect(await page.textContent("#profile-save-outcome")).toBe("");
    expect(await marked()).toEqual([]);
    expect(pane.pageErrors).toEqual([]);
  });
});
