// The manifest's identity: an Excel task pane add-in, its Id, version and requirement sets, and
// which environment it is (a production manifest must not point at the development add-in).
import { ENVIRONMENTS, namesLoopback } from "../webpack/manifest";
import { defaultValue, environmentClues, environmentOf, GUID, type Manifest } from "./manifest-model";
import { at, child, childrenNamed, descendants, type XmlElement } from "./xml-tree";

// The manifest schema's VersionType: one to four numbers of up to five digits.
const VERSION = /^(0|[1-9]\d{0,4})(\.(0|[1-9]\d{0,4})){0,3}$/;

/**
 * What every admitted host offers: Microsoft 365, and Office 2021 (ExcelApi 1.14,
 * CustomFunctionsRuntime 1.3). The code checks only for sets above these.
 */
export const REQUIRED_SETS = [
  { name: "SharedRuntime", minVersion: "1.1" },
  { name: "CustomFunctionsRuntime", minVersion: "1.3" },
  { name: "ExcelApi", minVersion: "1.14" },
];

export function checkAddinType({ root, host }: Manifest): string[] {
  const problems: string[] = [];
  if (root.name !== "OfficeApp") problems.push(`the root element is <${root.name}>, expected <OfficeApp>`);
  if (root.attributes.type !== "TaskPaneApp")
    problems.push(`xsi:type is "${root.attributes.type ?? ""}", expected "TaskPaneApp"`);
  const hostNames = childrenNamed(child(root, "Hosts"), "Host").map((h) => h.attributes.Name);
  if (!hostNames.includes("Workbook")) problems.push('<Hosts> does not list <Host Name="Workbook"/> (Excel)');
  if (host?.attributes.type !== "Workbook") problems.push('VersionOverrides has no <Host xsi:type="Workbook">');
  for (const name of ["ProviderName", "DefaultLocale"]) {
    if (!child(root, name)?.text) problems.push(`<${name}> is missing or empty`);
  }
  for (const name of ["DisplayName", "Description", "IconUrl", "HighResolutionIconUrl"]) {
    if (!defaultValue(child(root, name))) problems.push(`<${name} DefaultValue="..."> is missing`);
  }
  if (!defaultValue(at(root, "DefaultSettings", "SourceLocation")))
    problems.push("<DefaultSettings><SourceLocation> is missing");
  return problems;
}

export function checkId({ root }: Manifest): string[] {
  const id = child(root, "Id")?.text ?? "";
  return GUID.test(id) ? [] : [`<Id> "${id}" is not a GUID (for example 1e03b830-ec50-4d9a-99f3-90fe21808362)`];
}

export function checkVersion({ root }: Manifest): string[] {
  const version = child(root, "Version")?.text ?? "";
  return VERSION.test(version)
    ? []
    : [`<Version> "${version}" is not a version like 1.0.0.0 (up to four numbers of at most five digits)`];
}

function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export function checkRequirements({ root }: Manifest): string[] {
  const sets = child(at(root, "Requirements"), "Sets");
  const defaultMin = sets?.attributes.DefaultMinVersion ?? "1.1";
  return REQUIRED_SETS.flatMap(({ name, minVersion }) => {
    const set = childrenNamed(sets, "Set").find((candidate) => candidate.attributes.Name === name);
    if (!set) return [`<Requirements> does not require the ${name} set`];
    const declared = set.attributes.MinVersion ?? defaultMin;
    return compareVersions(declared, minVersion) >= 0
      ? []
      : [`${name} requires version ${declared}, needs at least ${minVersion}`];
  });
}

export function checkEnvironment({ root }: Manifest): string[] {
  const clues = environmentClues(root);
  const { development, production } = ENVIRONMENTS;
  const problems: string[] = [];
  // An Id that is not a GUID is the GUID check's to report.
  if (!clues.byId && GUID.test(clues.id)) {
    problems.push(
      `<Id> ${clues.id} is neither the development Id (${development.id}) nor the production Id (${production.id}); ` +
        "Office knows an add-in by its Id, so each environment keeps its own for good (scripts/webpack/manifest.js)",
    );
  }
  if (!clues.byName && clues.displayName) {
    problems.push(
      `DisplayName "${clues.displayName}" is neither "${development.displayName}" (development) nor "${production.displayName}" (production)`,
    );
  }
  if (clues.byId && clues.byName && clues.byId !== clues.byName) {
    problems.push(
      `<Id> is the ${clues.byId} Id but DisplayName "${clues.displayName}" is the ${clues.byName} name: the two would be confused once installed`,
    );
  }
  return problems;
}

/** Every attribute value and text of the document, with where it was found. */
function allValues(root: XmlElement): { where: string; value: string }[] {
  return descendants(root).flatMap((element) => {
    const where = element.attributes.id === undefined ? element.path : `${element.path} "${element.attributes.id}"`;
    const values = Object.entries(element.attributes).map(([attribute, value]) => ({
      where: `${where} ${attribute}`,
      value,
    }));
    return element.text ? [...values, { where, value: element.text }] : values;
  });
}

export function checkProductionAddresses({ root }: Manifest): string[] {
  const clues = environmentClues(root);
  if (environmentOf(clues) !== "production") return [];
  const development = ENVIRONMENTS.development.displayName;
  const problems = allValues(root).flatMap(({ where, value }) => {
    if (namesLoopback(value)) return [`${where}: ${value} names localhost`];
    if (value.includes(development)) return [`${where}: "${value}" is the development name`];
    return [];
  });
  if (problems.length === 0) return [];
  return [
    `this is the production manifest (Id ${clues.id}, "${clues.displayName}") but it still points at the development add-in; ` +
      "write it with REPORTING_ADDIN_URL=https://<host>/<path>/ npm run build, which refuses to leave localhost in it",
    ...problems,
  ];
}
