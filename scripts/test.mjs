// `npm test`: everything CI checks, in order, with a summary at the end.
//   1. the manifest (npm run validate)
//   2. the production build (the browser tests load dist/)
//   3. unit tests, once per time zone (dates must not move with the user's zone); the tests of
//      the repository's own files (lint, manifests, docs, lock file) in the first zone only
//   4. integration tests (real HTTP against the emulator)
//   5. browser tests in Chromium: skipped with a clear message when none is installed,
//      a failure under CI=true
// Every step runs even when an earlier one failed (except browser tests without a build), so one
// run shows every problem.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), REPORTING_TEST_TIMEZONES
// (comma-separated, default Pacific/Auckland,America/Los_Angeles), REPORTING_TEST_WORKERS
// (Jest workers per project, default 2 or one per core but one), CI.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const isCi = process.env.CI === "true";
// Zones on both sides of UTC, one far east with daylight saving in the southern summer: a date
// shifted by the local offset shows up in one or the other.
const DEFAULT_TIMEZONES = ["Pacific/Auckland", "America/Los_Angeles"];
const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
const INSTALL_HINT = "install with apt-get install -y chromium, or set CHROMIUM_PATH";

function binOf(packageName, binName = packageName) {
  const packageJsonPath = require.resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(packageJsonPath, "utf8"));
  return join(dirname(packageJsonPath), typeof bin === "string" ? bin : bin[binName]);
}

function findChromium() {
  const configured = process.env.CHROMIUM_PATH?.trim();
  if (configured) return existsSync(configured) ? configured : undefined;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
}

const results = [];

function run(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const child = spawnSync(process.execPath, args, {
    cwd: projectRoot,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const passed = child.status === 0;
  results.push({ name, outcome: passed ? "passed" : "FAILED", seconds: (Date.now() - started) / 1000 });
  return passed;
}

function record(name, outcome, note) {
  console.log(`\n=== ${name} ===\n${note}`);
  results.push({ name, outcome, seconds: 0, note });
}

// Jest's default is one worker per core but one, which on CI's 2 cores means a single worker,
// idle while a test waits on Chromium, the emulator or a child process. Two keep both cores busy.
const workers = Number(process.env.REPORTING_TEST_WORKERS) || Math.max(2, availableParallelism() - 1);

// Tests of the repository's own files (lint rules, the manifests, docs' links, the lock file)
// hold no date: they run in the first time zone only, which saves CI about 20 seconds a zone.
const ZONELESS_TESTS = "/test/unit/(docs|install|lint|manifest)/";

function jest(project, env = {}, extraArgs = []) {
  // No --passWithNoTests: a project that finds no test (a moved folder, a broken testMatch)
  // must fail the run rather than pass it unseen.
  const args = [binOf("jest"), "--selectProjects", project, `--maxWorkers=${workers}`, ...extraArgs];
  if (isCi) args.push("--ci");
  return run(`${project} tests${env.TZ ? ` (TZ=${env.TZ})` : ""}`, args, env);
}

const timezones = (process.env.REPORTING_TEST_TIMEZONES ?? DEFAULT_TIMEZONES.join(","))
  .split(",")
  .map((zone) => zone.trim())
  .filter(Boolean);

run("manifest (npm run validate)", [binOf("tsx"), "scripts/validate-manifest.ts"]);
// The build also keeps webpack's account of the page, which the page-order and shared-modules
// tests read instead of making two more production builds of their own.
const built = run("production build (npm run build)", [binOf("webpack-cli"), "--mode", "production"], {
  REPORTING_PAGE_STATS: "test-results/page-stats.json",
});
timezones.forEach((zone, index) =>
  jest("unit", { TZ: zone }, index === 0 ? [] : ["--testPathIgnorePatterns", ZONELESS_TESTS]),
);
jest("integration");

const chromium = findChromium();
if (!built) {
  record("e2e tests", "FAILED", "Browser tests need the build, which failed above.");
} else if (chromium) {
  jest("e2e", { CHROMIUM_PATH: chromium });
} else if (isCi) {
  record("e2e tests", "FAILED", `Browser tests cannot run under CI=true: no Chromium found (${INSTALL_HINT}).`);
} else {
  record("e2e tests", "SKIPPED", `Browser tests SKIPPED: no Chromium found (${INSTALL_HINT}).`);
}

console.log("\n=== Summary ===");
for (const { name, outcome, seconds, note } of results) {
  const time = seconds > 0 ? `${seconds.toFixed(1)} s` : "";
  console.log(
    `${outcome.padEnd(8)} ${name.padEnd(40)} ${time}${outcome === "SKIPPED" && note ? `\n         ${note}` : ""}`,
  );
}
const failed = results.filter((result) => result.outcome === "FAILED");
console.log(
  failed.length === 0
    ? "\nAll checks passed."
    : `\n${failed.length} step(s) failed: ${failed.map((f) => f.name).join(", ")}`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
