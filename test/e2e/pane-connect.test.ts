import { createServer } from "node:http";
import type { Page } from "playwright-core";
import type { RunningEmulator } from "../../src/emulator";
import { closedPort, listenOnLoopback, type LoopbackServer } from "../support/loopback";
import { describeWithBrowser } from "./support/browser";
import {
  fillProfileForm,
  hiddenUnderStatus,
  officeState,
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
    [services, noCors] = await Promise.all([
      startPaneServices(executablePath, { days: 30, seed: 5 }),
      startServiceWithoutCors(),
    ]);
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

  /** The lines of the reason beside Save. */
  function reasonLines(): Promise<string[]> {
    return page.$$eval("#profile-save-reason p", (lines) => lines.map((line) => line.textContent ?? ""));
  }

  /**
   * Presses Save and waits for the reason beside it; returns it, after checking that it says
   * once that the profile was not saved, and that nothing else on screen says otherwise.
   */
  async function failedSave(profile: ProfileInput): Promise<string> {
    await fillProfileForm(page, profile);
    await page.click("#profile-save");
    await page.waitForSelector("#profile-save-reason", { timeout: 60_000 });
    await page.waitForFunction(() => !(document.getElementById("profile-save") as HTMLButtonElement).disabled);
    const [heading, ...reason] = await reasonLines();
    expect(heading).toBe(`${profile.name} was not saved: the connection test failed.`);
    expect(await page.textContent("#status")).toBe("");
    expect(await page.textContent("#connection-result")).toBe("");
    return reason.join(" ");
  }

  /** The service requests the page sent while `action` ran. */
  async function requestsDuring(action: () => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    const record = (request: { url(): string }) => {
      if (request.url().startsWith(new URL(emulator.baseUrl).origin)) seen.push(request.url());
    };
    page.on("request", record);
    try {
      await action();
    } finally {
      page.off("request", record);
    }
    return seen;
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
    // The form is already a new profile: no New profile button beside its heading.
    expect(await page.textContent("#profile-form-title")).toBe("New profile");
    expect(await page.isHidden("#profile-new")).toBe(true);
    await screenshot(page, "first-open");
  });

  it("a profile whose name is empty says so once, beside the button, and marks the name", async () => {
    await fillProfileForm(page, { ...demo, name: "" });
    await page.click("#profile-save");
    await page.waitForSelector("#profile-save-reason");
    expect(await page.textContent("#profile-save-reason")).toBe(
      "The profile name is empty: type one, such as Finance.",
    );
    expect(await page.textContent("#status")).toBe("");
    expect(await focusedId()).toBe("profile-name");
    expect(await marked()).toEqual(["profile-name"]);
    // No connection was tested, so there is nothing to save anyway.
    expect(await page.$("#profile-save-anyway")).toBeNull();
  });

  it("an empty token is a field error: no request, no Save anyway, nothing says it did not connect", async () => {
    await fillProfileForm(page, { ...demo, token: "" });
    for (const button of ["#profile-save", "#profile-test"]) {
      const requests = await requestsDuring(async () => {
        await page.click(button);
        await page.waitForSelector("#profile-save-reason");
      });
      expect(requests).toEqual([]);
      expect(await reasonLines()).toEqual(["The token is empty: paste the token you were given."]);
      expect(await focusedId()).toBe("profile-token");
      expect(await marked()).toEqual(["profile-token"]);
      expect(await page.$("#profile-save-anyway")).toBeNull();
      expect(await page.textContent("#status")).toBe("");
      expect(await page.textContent("#connection-result")).toBe("");
      expect(await page.$$eval("li[data-profile]", (items) => items.length)).toBe(0);
    }
    await screenshot(page, "empty-token");
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
    // Save anyway appears only now, saying what it would do, and to formulas.
    expect(await page.textContent("#profile-save-anyway")).toBe("Save anyway, without using it");
    expect(await page.textContent("#profile-save-outcome")).toContain(
      "Save anyway keeps Wrong without putting it in use: formulas keep using Demo.",
    );
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
    const reason = await failedSave({
      ...demo,
      name: "Path",
      baseUrl: `${new URL(emulator.baseUrl).origin}/no-such-path`,
    });
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
    const [heading, ...lines] = await reasonLines();
    expect(heading).toBe("Closed was not saved: the connection test failed.");
    const reason = lines.join(" ");
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

  /** True when all of `selector` is inside the window and inside main's scrolled view. */
  function inView(selector: string): Promise<boolean> {
    return page.$eval(selector, (element) => {
      const box = element.getBoundingClientRect();
      const shown = document.querySelector("main")!.getBoundingClientRect();
      return (
        box.height > 0 && box.top >= Math.max(0, shown.top) && box.bottom <= Math.min(window.innerHeight, shown.bottom)
      );
    });
  }

  it("a slow save keeps its wait and Cancel in view, the status bar says what runs, and Cancel saves nothing", async () => {
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: 640 });
    await fillProfileForm(page, { ...demo, name: "Slow", baseUrl: `${noCors.origin}/slow` });
    // Save at the foot of the view, where a user who scrolled down the form presses it.
    await page.$eval("#profile-save", (button) => button.scrollIntoView({ block: "end" }));
    await page.click("#profile-save");
    await page.waitForFunction(
      () => /^\d+ s$/.test(document.getElementById("connection-elapsed")?.textContent ?? ""),
      undefined,
      { timeout: 30_000 },
    );
    expect(await page.textContent("#status")).toBe("Testing the connection before saving Slow…");
    expect(await page.getAttribute("#status", "class")).toBe("status busy");
    expect(await inView("#connection-cancel")).toBe(true);
    expect(await inView("#connection-elapsed")).toBe(true);
    await screenshot(page, "connect-slow-test");
    await page.setViewportSize(viewport);
    await page.click("#connection-cancel");
    await page.waitForSelector("#profile-save-reason");
    expect(await reasonLines()).toEqual(["Slow was not saved: the connection test was cancelled."]);
    expect(await page.textContent("#status")).toBe("");
    expect(await page.$('li[data-profile="Slow"]')).toBeNull();
    expect(await page.textContent("#active-profile-summary")).toBe("Signed in: Demo");
  });

  it("a new problem takes the place of the last test's result: one reason on screen", async () => {
    const path = { ...demo, name: "Path", baseUrl: `${new URL(emulator.baseUrl).origin}/no-such-path` };
    for (const button of ["#profile-test", "#profile-save"]) {
      await fillProfileForm(page, path);
      await page.click("#profile-test");
      await page.waitForSelector("#connection-result.error", { timeout: 60_000 });
      expect(await page.textContent("#connection-result")).toMatch(/HTTP 404/);
      await page.fill("#profile-name", "");
      await page.click(button);
      await page.waitForSelector("#profile-save-reason");
      expect(await reasonLines()).toEqual(["The profile name is empty: type one, such as Finance."]);
      expect(await page.textContent("#connection-result")).toBe("");
      expect(await page.$$eval(".result.error, .save-outcome.error", (boxes) => boxes.length)).toBe(1);
    }
    await screenshot(page, "one-reason");
  });

  it("typing again clears the old reason and marks", async () => {
    await page.fill("#profile-base-url", emulator.baseUrl);
    expect(await page.textContent("#profile-save-outcome")).toBe("");
    expect(await marked()).toEqual([]);
    expect(pane.pageErrors).toEqual([]);
  });
});
