import type { Browser, BrowserContext, Page } from "playwright-core";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import type { EmulatorOptions } from "../../../src/emulator/server/options";
import type { BearerCredential, LegacyCredential } from "../../../src/emulator/store/types";
import { makeCertificate, type TestCertificate } from "../../integration/host/support/certificate";
import { startTestHost, type TestHost } from "../../integration/host/support/running-host";
import { PANE_VIEWPORT, launchChromium } from "./browser";
import { buildPane } from "./build-pane";
import { installFakeUser } from "./fake-office-user";
import { installFakeOffice, type FakeOfficeOptions } from "./fake-office";
import type { ProfileInput } from "./pane-page";
import { serveDirectory, type StaticServer } from "./static-server";

/** The emulator's demo credentials the pane tests sign in with. */
export interface DemoLogins {
  /** The first bearer token. */
  first: BearerCredential;
  /** The bearer token that sees the most organizations. */
  widest: BearerCredential;
  /** The first legacy key and secret. */
  legacy: LegacyCredential;
}

/** What a pane test runs against: the emulator, the built pane served over HTTP, and Chromium. */
export interface PaneServices {
  /** Start with `{ restatements: true }` and call `emulator.setToday(day)` to move its clock (numbers of recent days move). */
  emulator: RunningEmulator;
  server: StaticServer;
  browser: Browser;
  logins: DemoLogins;
  /** Closes the browser, the static server and the emulator (contexts are the caller's to close first). */
  close(): Promise<void>;
}

function demoLogins(emulator: RunningEmulator): DemoLogins {
  const { bearer, legacy } = emulator.credentials;
  const [first] = bearer;
  const [firstLegacy] = legacy;
  if (!first || !firstLegacy) throw new Error("the emulator's demo credentials changed shape");
  const widest = bearer.reduce((best, credential) =>
    credential.organizations.length > best.organizations.length ? credential : best,
  );
  return { first, widest, legacy: firstLegacy };
}

/** A bearer-only profile for `emulator` with `token` (the first demo token by default). */
export function bearerProfile(
  emulator: RunningEmulator,
  name: string,
  token = demoLogins(emulator).first.token,
): ProfileInput {
  return { name, kind: "bearer", baseUrl: emulator.baseUrl, legacyBaseUrl: emulator.legacyBaseUrl, token };
}

/** A profile with both interfaces: the widest bearer token and the first legacy key. */
export function fullProfile(emulator: RunningEmulator, name: string): ProfileInput {
  const { widest, legacy } = demoLogins(emulator);
  return {
    ...bearerProfile(emulator, name, widest.token),
    kind: "both",
    apiKey: legacy.apiKey,
    apiSecret: legacy.apiSecret,
  };
}

/** Builds (or finds) the pane and starts the emulator together, then serves the pane and launches Chromium. */
export async function startPaneServices(
  executablePath: string,
  emulatorOptions: EmulatorOptions,
): Promise<PaneServices> {
  const [dist, emulator] = await Promise.all([buildPane(), startEmulator({ port: 0, ...emulatorOptions })]);
  const server = await serveDirectory(dist);
  const browser = await launchChromium(executablePath);
  return {
    emulator,
    server,
    browser,
    logins: demoLogins(emulator),
    close: async () => {
      await browser.close();
      await server.close();
      await emulator.close();
    },
  };
}

/** What a pane test of the production host runs against: the emulator behind the host (`npm run serve`) over HTTPS, and Chromium. */
export interface HostedPaneServices {
  /** The host's own certificate authority, for requests the test sends itself. */
  certificate: TestCertificate;
  emulator: RunningEmulator;
  host: TestHost;
  browser: Browser;
  /** Closes the browser, the host and the emulator (contexts are the caller's to close first). */
  close(): Promise<void>;
}

/** Builds (or finds) the pane and starts the emulator together, then the host serving both, and Chromium. */
export async function startHostedPaneServices(
  executablePath: string,
  emulatorOptions: EmulatorOptions,
): Promise<HostedPaneServices> {
  const certificate = makeCertificate();
  const [dist, emulator] = await Promise.all([buildPane(), startEmulator({ port: 0, ...emulatorOptions })]);
  const host = await startTestHost(certificate, [
    "--static-dir",
    dist,
    "--service-url",
    emulator.baseUrl,
    "--legacy-service-url",
    emulator.legacyBaseUrl,
  ]);
  const browser = await launchChromium(executablePath);
  return {
    certificate,
    emulator,
    host,
    browser,
    close: async () => {
      await browser.close();
      await host.stop();
      await emulator.close();
    },
  };
}

/** The query parameter Office adds to an add-in's address, as office.js reads it. */
export const HOST_INFO = {
  PC: "_host_Info=Excel$Win32$16.01$en-US$$$$0",
  Mac: "_host_Info=Excel$Mac$16.01$en-US$$$$0",
  OfficeOnline: "_host_Info=Excel$Web$16.01$en-US$$$$0",
} as const;
export type OfficePlatform = keyof typeof HOST_INFO;

/** An init script: records what the page's Content-Security-Policy refuses, for cspViolations. */
export function recordCspViolations(): void {
  const win = window as unknown as { __csp: { directive: string; blocked: string }[] };
  win.__csp = [];
  document.addEventListener("securitypolicyviolation", (event) =>
    win.__csp.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
  );
}

export function cspViolations(page: Page): Promise<{ directive: string; blocked: string }[]> {
  return page.evaluate(() => (window as unknown as { __csp: { directive: string; blocked: string }[] }).__csp);
}

export interface ExcelPaneOptions {
  /** The window's height; the width is always the pane's narrowest, 320 px. */
  height?: number;
  /** How the fake Excel starts (selection B2 of Sheet1 by default); `false` opens the pane in a plain browser, outside Office. */
  office?: Partial<FakeOfficeOptions> | false;
  /** Query string of taskpane.html, without the "?" (Office's host information). */
  query?: string;
  /** Routes and init scripts of the test's own, added after the fake Office and before the page opens. */
  prepare?: (context: BrowserContext) => Promise<void>;
  /** Waits for body[data-ready=true] (default); `false` for tests that watch the start itself. */
  waitForReady?: boolean;
}

export interface ExcelPane {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page, to expect empty at the end. */
  pageErrors: string[];
}

/** Opens the built pane from `origin` in a new 320 px context, inside the fake Excel unless told otherwise. */
export async function openExcelPane(
  browser: Browser,
  origin: string,
  options: ExcelPaneOptions = {},
): Promise<ExcelPane> {
  // Downloads are accepted: Playwright's default, which the export tests rely on.
  const context = await browser.newContext({
    viewport: { width: PANE_VIEWPORT.width, height: options.height ?? PANE_VIEWPORT.height },
  });
  if (options.office !== false) {
    // Office.js is Microsoft's: the tests stand in for it with the fake, so its script is empty.
    await context.route("**/office-js/office.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    await context.addInitScript(installFakeOffice, { selection: "B2", sheetName: "Sheet1", ...options.office });
    await context.addInitScript(installFakeUser);
  }
  await options.prepare?.(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(`${origin}/taskpane.html${options.query ? `?${options.query}` : ""}`);
  if (options.waitForReady !== false) await page.waitForSelector("body[data-ready=true]");
  return { context, page, pageErrors };
}
