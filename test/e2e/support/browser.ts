import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The Chromium to drive: $CHROMIUM_PATH, else Debian's package. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((path): path is string => typeof path === "string" && path !== "" && existsSync(path));
}

export const MISSING_BROWSER_MESSAGE =
  "Browser tests skipped: no Chromium found (set CHROMIUM_PATH, or run `apt-get install -y chromium`). " +
  "Under CI=true a missing browser fails the run.";

/**
 * `describe` when a browser is there; otherwise `describe.skip` with a clear message, except
 * under CI where a missing browser must fail rather than pass silently.
 */
export function describeWithBrowser(name: string, body: (executablePath: string) => void): void {
  const executablePath = findChromium();
  if (executablePath) {
    describe(name, () => body(executablePath));
    return;
  }
  if (process.env.CI === "true") {
    describe(name, () => {
      it("needs a Chromium browser", () => {
        throw new Error(`No Chromium found under CI. ${MISSING_BROWSER_MESSAGE}`);
      });
    });
    return;
  }
  process.stderr.write(`\n${MISSING_BROWSER_MESSAGE}\n`);
  describe.skip(name, () => body(""));
}

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/** Excel's task pane is 320-350 px wide: every pane test runs at its narrowest. */
export const PANE_VIEWPORT = { width: 320, height: 900 } as const;
