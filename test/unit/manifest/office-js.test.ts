/**
 * Where the page loads Office.js from in each environment: Microsoft's CDN for a deployed build
 * (REPORTING_ADDIN_URL), the local copy for every other build (npm start, the builds the tests
 * load, which run offline and stub office-js/office.js), and REPORTING_OFFICE_JS over both.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Configuration, Stats } from "webpack";
import {
  LOCAL_DIR,
  OFFICE_JS_CDN_URL,
  OfficeJsTagPlugin,
  officeJsSource,
  type OfficeJsSource,
} from "../../../scripts/webpack/office-js";
import { configWith, requireFromProject } from "./webpack-config";

const CopyPlugin = requireFromProject("copy-webpack-plugin") as new (...args: never[]) => {
  patterns: { to?: unknown }[];
};
const HtmlWebpackPlugin = requireFromProject("html-webpack-plugin") as new (options: object) => object;
const webpack = requireFromProject("webpack") as typeof import("webpack");
const BUILD_TIMEOUT_MS = 60_000;

/** What a configuration does with Office.js: the tag's source, and whether it copies the local files. */
function officeJsOf(config: Configuration): { source: OfficeJsSource | undefined; copiesLocal: boolean } {
  const tag = config.plugins?.find((plugin) => plugin instanceof OfficeJsTagPlugin) as OfficeJsTagPlugin | undefined;
  const copy = config.plugins?.find((plugin) => plugin instanceof CopyPlugin) as
    { patterns: { to?: unknown }[] } | undefined;
  const copiesLocal = (copy?.patterns ?? []).some(
    (pattern) => typeof pattern.to === "string" && pattern.to.startsWith(`${LOCAL_DIR}/`),
  );
  return { source: tag?.source, copiesLocal };
}

describe("officeJsSource", () => {
  it.each([
    [true, undefined, "cdn"],
    [false, undefined, "local"],
    [true, "", "cdn"],
    [true, "local", "local"],
    [false, "cdn", "cdn"],
    [true, " Local ", "local"],
  ] as const)("deployed %s with REPORTING_OFFICE_JS=%j is %s", (deployed, chosen, expected) => {
    expect(officeJsSource({ deployed, env: { REPORTING_OFFICE_JS: chosen } })).toBe(expected);
  });

  it("refuses a REPORTING_OFFICE_JS it does not know rather than guess", () => {
    expect(() => officeJsSource({ deployed: true, env: { REPORTING_OFFICE_JS: "offline" } })).toThrow(
      'REPORTING_OFFICE_JS must be "cdn" or "local" (got offline)',
    );
  });
});

describe("webpack.config.js", () => {
  const ORIGIN = "https://addin.example.com/reporting/";

  // The local copy is copied exactly when the page loads it.
  it.each([
    ["a deployed build (REPORTING_ADDIN_URL)", { REPORTING_ADDIN_URL: ORIGIN }, "production", "cdn"],
    [
      "a deployed build with REPORTING_OFFICE_JS=local (air-gapped clouds)",
      { REPORTING_ADDIN_URL: ORIGIN, REPORTING_OFFICE_JS: "local" },
      "production",
      "local",
    ],
    ["a production build without REPORTING_ADDIN_URL (CI, the tests)", {}, "production", "local"],
    ["the dev server, even with REPORTING_ADDIN_URL set", { REPORTING_ADDIN_URL: ORIGIN }, "development", "local"],
    ["the dev server with REPORTING_OFFICE_JS=cdn", { REPORTING_OFFICE_JS: "cdn" }, "development", "cdn"],
  ] as const)("%s loads the %s Office.js", async (_, variables, mode, source) => {
    expect(officeJsOf(await configWith(variables, mode))).toEqual({ source, copiesLocal: source === "local" });
  });
});

describe("the page of a CDN build", () => {
  let directory: string;
  afterAll(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it(
    "loads Office.js from the CDN first, blocking, before the bundles",
    async () => {
      directory = mkdtempSync(join(tmpdir(), "reporting-office-js-"));
      writeFileSync(join(directory, "entry.js"), "export {};\n");
      const compiler = webpack({
        mode: "production",
        context: directory,
        entry: { main: join(directory, "entry.js") },
        output: { path: join(directory, "dist") },
        plugins: [
          new HtmlWebpackPlugin({
            filename: "page.html",
            templateContent: "<html><head></head><body></body></html>",
            inject: "head",
            scriptLoading: "defer",
          }) as never,
          new OfficeJsTagPlugin({ source: "cdn" }),
        ],
      });
      const stats = await new Promise<Stats>((resolve, reject) =>
        compiler.run((error, result) => (error || !result ? reject(error) : compiler.close(() => resolve(result)))),
      );
      expect(stats.hasErrors()).toBe(false);
      const html = readFileSync(join(directory, "dist", "page.html"), "utf8");
      const tags = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
      expect(tags[0]).toMatch(new RegExp(`src="?${OFFICE_JS_CDN_URL.replaceAll(".", "\\.")}"?`));
      expect(tags[0]).not.toMatch(/\b(defer|async)\b/);
      expect(tags[1]).toMatch(/main\.js/);
    },
    BUILD_TIMEOUT_MS,
  );
});
