import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { freshDist, REPO_ROOT } from "../../support/fresh-dist";

const run = promisify(execFile);

const BUILD_INPUTS = ["src", "webpack.config.js", "scripts/webpack", "manifest.xml", "package.json"];
// The pane's script, the runtime and the shared chunks carry content hashes in production:
// taskpane.html names them, so its freshness covers theirs.
const BUILD_OUTPUTS = ["taskpane.html", "functions.js"];

let built: Promise<string> | undefined;

function loadsLocalOfficeJs(directory: string): boolean {
  return readFileSync(join(directory, "taskpane.html"), "utf8").includes("office-js/office.js");
}

/**
 * The add-in as `npm run build` makes it: $E2E_DIST if set, dist/ if it is newer than every
 * source, otherwise a production build of its own into test-results/ (never over dist/,
 * which another build may be writing).
 */
export function buildPane(): Promise<string> {
  built ??= (async () => {
    const configured = process.env.E2E_DIST;
    if (configured) {
      if (!existsSync(join(configured, "taskpane.html")))
        throw new Error(`E2E_DIST=${configured} holds no taskpane.html`);
      return configured;
    }
    // The browser tests run offline and stand in for Office.js at office-js/office.js: a fresh
    // dist/ of a deployed build (Office.js from Microsoft's CDN) cannot serve them.
    const fresh = freshDist(BUILD_OUTPUTS, BUILD_INPUTS);
    if (fresh && loadsLocalOfficeJs(fresh)) return fresh;
    const output = join(REPO_ROOT, "test-results", "e2e-dist");
    const webpack = join(REPO_ROOT, "node_modules", ".bin", "webpack");
    const { REPORTING_ADDIN_URL: _deployedUrl, ...environment } = process.env;
    await run(webpack, ["--mode", "production", "--output-path", output], {
      cwd: REPO_ROOT,
      env: { ...environment, REPORTING_OFFICE_JS: "local" },
      maxBuffer: 64 * 1024 * 1024,
    });
    return output;
  })();
  return built;
}
