import { execFile } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const REPO_ROOT = resolve(__dirname, "../../..");

const BUILD_INPUTS = ["src", "webpack.config.js", "scripts/webpack", "manifest.xml", "package.json"];
const BUILD_OUTPUTS = ["taskpane.html", "taskpane.js", "functions.js"];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), info.mtimeMs);
}

/** dist/ when `npm run build` made it after the last change to the sources (as `npm test` does). */
function freshDist(): string | undefined {
  const dist = join(REPO_ROOT, "dist");
  const outputs = BUILD_OUTPUTS.map((file) => join(dist, file));
  if (!outputs.every(existsSync)) return undefined;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changedAt = Math.max(...BUILD_INPUTS.map((input) => newestChange(join(REPO_ROOT, input))));
  return builtAt > changedAt ? dist : undefined;
}

let built: Promise<string> | undefined;

/**
 * The add-in as `npm run build` makes it: $E2E_DIST if set, dist/ if it is newer than every
 * source, otherwise a production build of its own into test-results/ (never over dist/,
 * which another build may be writing).
 */
export function buildPane(): Promise<string> {
  built ??= (async () => {
    const configured = process.env.E2E_DIST;
    if (configured) {
      if (!existsSync(join(configured, "taskpane.html"))) throw new Error(`E2E_DIST=${configured} holds no taskpane.html`);
      return configured;
    }
    const fresh = freshDist();
    if (fresh) return fresh;
    const output = join(REPO_ROOT, "test-results", "e2e-dist");
    const webpack = join(REPO_ROOT, "node_modules", ".bin", "webpack");
    await run(webpack, ["--mode", "production", "--output-path", output], {
      cwd: REPO_ROOT,
      env: process.env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return output;
  })();
  return built;
}
