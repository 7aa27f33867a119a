import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const REPO_ROOT = resolve(__dirname, "../../..");

let built: Promise<string> | undefined;

/**
 * The add-in as `npm run build` makes it, built into test-results/ so the tests never race
 * another build over dist/. $E2E_DIST points at an existing build to skip this step.
 */
export function buildPane(): Promise<string> {
  built ??= (async () => {
    const existing = process.env.E2E_DIST;
    if (existing) {
      if (!existsSync(join(existing, "taskpane.html"))) throw new Error(`E2E_DIST=${existing} holds no taskpane.html`);
      return existing;
    }
    const output = join(REPO_ROOT, "test-results", "e2e-dist");
    const webpack = join(REPO_ROOT, "node_modules", ".bin", "webpack");
    await run(webpack, ["--mode", "production", "--output-path", output], {
      cwd: REPO_ROOT,
      // The pane's default addresses stay empty: the tests type them, as a user would.
      env: { ...process.env, REPORTING_BASE_URL: "", REPORTING_LEGACY_BASE_URL: "" },
      maxBuffer: 64 * 1024 * 1024,
    });
    return output;
  })();
  return built;
}
