/**
 * The recording fake of Office.js as the browser tests inject it:
 * `context.addInitScript(installFakeOffice, options)`. The fake itself is made of small modules
 * in test/support/fake-office/ (install.ts says what it models), shared with the unit tests.
 *
 * Playwright injects a function as its source text, which cannot reach the modules it imports;
 * so this function's source text (`toString`) is those modules bundled by esbuild into one
 * self-contained function, built at its first use in a test file. Called in Node, it simply is
 * the modules' own `installFakeOffice`.
 */
import path from "node:path";
import { buildSync } from "esbuild";
import { installFakeOffice as install } from "../../support/fake-office/install";
import type { FakeOfficeOptions } from "../../support/fake-office/types";

export type * from "../../support/fake-office/types";

const ENTRY = path.resolve(__dirname, "../../support/fake-office/install.ts");

let pageSource: string | undefined;

/** The fake as one function's source, as page.addInitScript serialises a function. */
function bundledSource(): string {
  if (pageSource === undefined) {
    const bundle = buildSync({
      entryPoints: [ENTRY],
      bundle: true,
      write: false,
      format: "iife",
      globalName: "fakeOffice",
      platform: "browser",
      target: "es2022",
    });
    pageSource = `function installFakeOffice(options) {\n${bundle.outputFiles[0]!.text}\nfakeOffice.installFakeOffice(options);\n}`;
  }
  return pageSource;
}

export const installFakeOffice: (options: FakeOfficeOptions) => void = Object.assign(
  (options: FakeOfficeOptions) => install(options),
  {
    toString: bundledSource,
  },
);
