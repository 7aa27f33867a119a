// `npm run validate`: the offline part of manifest validation. On a connected machine,
// `npx office-addin-manifest validate manifest.xml` adds Microsoft's online validation.
// `npm run validate -- dist/manifest.xml` checks a built manifest: the production one that
// `REPORTING_ADDIN_URL=... npm run build` writes fails if it still names localhost.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkManifest, manifestEnvironment, type CheckResult } from "./manifest-checks";
import { buildOutputs } from "./manifest/build-outputs";
import { ENVIRONMENTS } from "./webpack/manifest";

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifestPath = resolve(process.argv[2] ?? join(projectRoot, "manifest.xml"));
const shownPath = relative(process.cwd(), manifestPath);

/** office-addin-manifest's own reader must accept the file (it is what sideloading tools use). */
function officeAddinManifestInfo(): CheckResult {
  const cli = createRequire(import.meta.url).resolve("office-addin-manifest/cli.js");
  const run = spawnSync(process.execPath, [cli, "info", manifestPath], { cwd: projectRoot, encoding: "utf8" });
  const output = `${run.stdout}${run.stderr}`.trim();
  const failed = run.status !== 0 || run.error !== undefined || /^Error:/m.test(output);
  return {
    name: `office-addin-manifest info reads ${shownPath}`,
    problems: failed ? [run.error?.message ?? (output || `exit code ${run.status}`)] : [],
  };
}

/** Says which manifest this is: a build without REPORTING_ADDIN_URL copies the development one to dist/. */
function environmentNote(xml: string): string {
  const environment = manifestEnvironment(xml);
  if (environment === undefined) return "";
  const { displayName } = ENVIRONMENTS[environment];
  const note = `${shownPath} is the ${environment} manifest ("${displayName}").`;
  return environment === "development"
    ? `${note} For the production one: REPORTING_ADDIN_URL=https://<host>/<path>/ npm run build, then npm run validate -- dist/manifest.xml.`
    : note;
}

async function main(): Promise<number> {
  const outputs = await buildOutputs(projectRoot);
  const xml = readFileSync(manifestPath, "utf8");
  const results = [
    officeAddinManifestInfo(),
    ...checkManifest(xml, {
      emittedFiles: outputs.files,
      readEmittedFile: (path) => {
        const source = outputs.copiedFrom.get(path);
        return source === undefined ? undefined : readFileSync(source);
      },
    }),
  ];
  for (const { name, problems } of results) {
    console.log(`${problems.length === 0 ? "ok  " : "FAIL"} ${name}`);
    for (const problem of problems) console.log(`       - ${problem}`);
  }
  const failures = results.filter((result) => result.problems.length > 0).length;
  const note = environmentNote(xml);
  if (note) console.log(`\n${note}`);
  console.log(
    failures === 0
      ? `\n${shownPath} passed all ${results.length} offline checks. Online: npx office-addin-manifest validate ${shownPath}`
      : `\n${shownPath} failed ${failures} of ${results.length} checks.`,
  );
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
