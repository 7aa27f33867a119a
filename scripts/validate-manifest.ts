// `npm run validate`: the offline part of manifest validation. On a connected machine,
// `npx office-addin-manifest validate manifest.xml` adds Microsoft's online validation.
// `npm run validate -- dist/manifest.xml` checks a built manifest: the production one that
// `REPORTING_ADDIN_URL=... npm run build` writes fails if it still names localhost.
// Each run also checks the unified manifest (manifest.json) that goes with the XML one: the one
// the build writes beside a built manifest, or the one it would make from manifest.xml.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkManifest, manifestEnvironment, type CheckResult } from "./manifest-checks";
import { buildOutputs } from "./manifest/build-outputs";
import { unifiedSourceFor } from "./manifest/unified-source";
import { checkUnifiedManifest } from "./unified-manifest-checks";
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

/** Prints each check under a heading; returns how many failed. */
function report(heading: string, results: CheckResult[]): number {
  console.log(`\n${heading}`);
  for (const { name, problems } of results) {
    console.log(`${problems.length === 0 ? "ok  " : "FAIL"} ${name}`);
    for (const problem of problems) console.log(`       - ${problem}`);
  }
  return results.filter((result) => result.problems.length > 0).length;
}

async function main(): Promise<number> {
  const outputs = await buildOutputs(projectRoot);
  const xml = readFileSync(manifestPath, "utf8");
  const files = {
    emittedFiles: outputs.files,
    readEmittedFile: (path: string) => {
      const source = outputs.copiedFrom.get(path);
      return source === undefined ? undefined : readFileSync(source);
    },
  };
  const xmlResults = [officeAddinManifestInfo(), ...checkManifest(xml, files)];
  if (outputs.functionsSource === undefined)
    throw new Error("webpack.config.js no longer generates functions.json with custom-functions-metadata-plugin.");
  const unified = await unifiedSourceFor(manifestPath, projectRoot, outputs.functionsSource);
  const unifiedResults =
    typeof unified.json === "string"
      ? await checkUnifiedManifest(unified.json, { ...files, xml, functionIds: unified.functionIds })
      : [{ name: "The unified manifest exists", problems: [unified.json.problem] }];
  const failures =
    report(shownPath, xmlResults) + report(relative(process.cwd(), unified.shown) || unified.shown, unifiedResults);
  const note = environmentNote(xml);
  if (note) console.log(`\n${note}`);
  const total = xmlResults.length + unifiedResults.length;
  console.log(
    failures === 0
      ? `\n${shownPath} and its unified manifest passed all ${total} offline checks. Online: npx office-addin-manifest validate ${shownPath}`
      : `\n${shownPath} and its unified manifest failed ${failures} of ${total} checks.`,
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
