// The checks Microsoft's manifest validation service would make, run offline on manifest.xml.
// Pure: files are reached through the context, so tests can feed broken manifests. Each group of
// checks has a module of its own under scripts/manifest/.
import {
  checkAddinType,
  checkEnvironment,
  checkId,
  checkProductionAddresses,
  checkRequirements,
  checkVersion,
} from "./manifest/identity-checks";
import {
  environmentClues,
  environmentOf,
  readManifest,
  type CheckResult,
  type EnvironmentName,
  type Manifest,
  type ManifestCheckContext,
} from "./manifest/manifest-model";
import { checkHttps, checkIcons, checkResids, checkStringLengths } from "./manifest/resource-checks";
import {
  checkBuildOutputs,
  checkCustomFunctions,
  checkRibbonButton,
  checkSharedRuntime,
} from "./manifest/runtime-checks";
import { parseXml } from "./manifest/xml-tree";

export { REQUIRED_SETS } from "./manifest/identity-checks";
export type { CheckResult, EnvironmentName, ManifestCheckContext } from "./manifest/manifest-model";

const CHECKS: { name: string; run: (manifest: Manifest, context: ManifestCheckContext) => string[] }[] = [
  { name: "A task pane add-in for Excel with its basic settings", run: checkAddinType },
  { name: "Id is a GUID", run: checkId },
  { name: "Id and display name are those of one environment (development or production)", run: checkEnvironment },
  { name: "A production manifest names no localhost address and no development name", run: checkProductionAddresses },
  { name: "Version is a valid version number", run: checkVersion },
  { name: "Requires the SharedRuntime, CustomFunctionsRuntime and ExcelApi sets", run: checkRequirements },
  { name: "Every resid is defined in Resources, in the right table", run: checkResids },
  { name: "Strings fit Office's length limits", run: checkStringLengths },
  { name: "Every URL is HTTPS", run: checkHttps },
  { name: "Icons exist at their declared sizes", run: checkIcons },
  { name: "A ribbon button opens the task pane", run: checkRibbonButton },
  { name: "One long-lived shared runtime runs the task pane and the functions", run: checkSharedRuntime },
  { name: "Custom functions are declared under their environment's namespace", run: checkCustomFunctions },
  { name: "Pages, script and metadata are files the build emits", run: checkBuildOutputs },
];

/** Which environment's manifest this is (by Id, else display name); undefined when unknown or not XML. */
export function manifestEnvironment(xml: string): EnvironmentName | undefined {
  const parsed = parseXml(xml);
  return parsed.ok ? environmentOf(environmentClues(parsed.root)) : undefined;
}

export function checkManifest(xml: string, context: ManifestCheckContext): CheckResult[] {
  const parsed = parseXml(xml);
  const wellFormed: CheckResult = { name: "XML is well-formed", problems: parsed.ok ? [] : [parsed.problem] };
  if (!parsed.ok) return [wellFormed];
  const manifest = readManifest(parsed.root);
  return [wellFormed, ...CHECKS.map(({ name, run }) => ({ name, problems: run(manifest, context) }))];
}
