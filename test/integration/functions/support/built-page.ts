import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freshDist, REPO_ROOT } from "../../../support/fresh-dist";

const BUILD_PAGE = join(__dirname, "build-page.js");
const PAGE = "taskpane.html";
const BUILD_INPUTS = ["src", "webpack.config.js", "scripts/webpack", "manifest.xml", "package.json"];
/** Where `npm test`'s production build keeps webpack's account of dist/ (scripts/webpack/page-stats.js). */
export const KEPT_PAGE_STATS = join(REPO_ROOT, "test-results", "page-stats.json");

export interface BuiltPage<Stats> {
  directory: string;
  html: string;
  stats: Stats;
  /** Removes what this build wrote (nothing when it is dist/). */
  remove(): void;
}

/**
 * dist/ with the account `npm test`'s build kept of it, when both are newer than every source and
 * the account is of that very build (written after its taskpane.html, naming dist/ as its output).
 */
function keptBuild<Stats>(): BuiltPage<Stats> | undefined {
  const dist = freshDist([PAGE], BUILD_INPUTS);
  if (!dist || !existsSync(KEPT_PAGE_STATS)) return undefined;
  if (statSync(KEPT_PAGE_STATS).mtimeMs < statSync(join(dist, PAGE)).mtimeMs) return undefined;
  const stats = JSON.parse(readFileSync(KEPT_PAGE_STATS, "utf8")) as Stats & { outputPath?: string };
  if (stats.outputPath !== dist) return undefined;
  return { directory: dist, html: readFileSync(join(dist, PAGE), "utf8"), stats, remove: () => undefined };
}

/**
 * The add-in page as the production configuration builds it, with webpack's account of it:
 * `npm test`'s build when it is current, otherwise a build of its own in a temporary folder.
 * `fixture` builds the small modules of shared-module-fixture/ instead (always a build of its own).
 */
export async function builtPage<Stats>(options: { fixture: boolean }): Promise<BuiltPage<Stats>> {
  if (!options.fixture) {
    const kept = keptBuild<Stats>();
    if (kept) return kept;
  }
  const directory = mkdtempSync(join(tmpdir(), options.fixture ? "reporting-page-fixture-" : "reporting-page-"));
  await promisify(execFile)(process.execPath, [BUILD_PAGE, directory, ...(options.fixture ? ["--fixture"] : [])], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  return {
    directory,
    html: readFileSync(join(directory, PAGE), "utf8"),
    stats: JSON.parse(readFileSync(join(directory, "page-stats.json"), "utf8")) as Stats,
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}
