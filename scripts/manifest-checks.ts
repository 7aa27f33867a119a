// The checks Microsoft's manifest validation service would make, run offline on manifest.xml.
// Pure: files are reached through the context, so tests can feed broken manifests.
import { pngSize } from "./manifest/png-size";
import { at, child, childrenNamed, descendants, parseXml, type XmlElement } from "./manifest/xml-tree";
import { ENVIRONMENTS, namesLoopback } from "./webpack/manifest";

export interface ManifestCheckContext {
  /** Paths, relative to the build output folder, of every file the build emits. */
  emittedFiles: ReadonlySet<string>;
  /** Contents of an emitted file copied from the sources (icons); undefined when unknown. */
  readEmittedFile(path: string): Uint8Array | undefined;
}

export interface CheckResult {
  name: string;
  /** Empty when the check passed. */
  problems: string[];
}

type Table = "Images" | "Urls" | "ShortStrings" | "LongStrings";

export type EnvironmentName = keyof typeof ENVIRONMENTS;

interface Resource {
  id: string;
  table: Table;
  /** DefaultValue, then every localized Override value. */
  values: string[];
}

interface Manifest {
  root: XmlElement;
  host: XmlElement | undefined;
  resources: Map<string, Resource>;
  duplicateIds: string[];
  /** Folder URL every add-in file lives under, from DefaultSettings/SourceLocation. */
  base: string | undefined;
}

const TABLES: readonly Table[] = ["Images", "Urls", "ShortStrings", "LongStrings"];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The manifest schema's VersionType: one to four numbers of up to five digits.
const VERSION = /^(0|[1-9]\d{0,4})(\.(0|[1-9]\d{0,4})){0,3}$/;
const RESID_MAX_LENGTH = 32;
const SHORT_STRING_MAX = 125;
const LONG_STRING_MAX = 250;
const REQUIRED_RIBBON_ICON_SIZES = [16, 32, 80];
const ICON_URL_SIZE = 32;
const HIGH_RESOLUTION_ICON_URL_SIZE = 64;
/**
 * What every admitted host offers: Microsoft 365, and Office 2021 (ExcelApi 1.14,
 * CustomFunctionsRuntime 1.3). The code checks only for sets above these.
 */
export const REQUIRED_SETS = [
  { name: "SharedRuntime", minVersion: "1.1" },
  { name: "CustomFunctionsRuntime", minVersion: "1.3" },
  { name: "ExcelApi", minVersion: "1.14" },
];
/** Which resource table the resid of each element must point into. */
const TABLE_OF_ELEMENT: Readonly<Record<string, Table>> = {
  Image: "Images",
  SourceLocation: "Urls",
  Runtime: "Urls",
  FunctionFile: "Urls",
  LearnMoreUrl: "Urls",
  Label: "ShortStrings",
  Title: "ShortStrings",
  Namespace: "ShortStrings",
  Description: "LongStrings",
};

function defaultValue(element: XmlElement | undefined): string | undefined {
  return element?.attributes.DefaultValue;
}

function readResources(root: XmlElement): Pick<Manifest, "resources" | "duplicateIds"> {
  const resources = new Map<string, Resource>();
  const duplicateIds: string[] = [];
  const resourcesElement = at(root, "VersionOverrides", "Resources");
  for (const table of TABLES) {
    for (const entry of child(resourcesElement, table)?.children ?? []) {
      const id = entry.attributes.id ?? "";
      if (resources.has(id)) duplicateIds.push(id);
      const overrides = childrenNamed(entry, "Override").map((override) => override.attributes.Value ?? "");
      resources.set(id, { id, table, values: [entry.attributes.DefaultValue ?? "", ...overrides] });
    }
  }
  return { resources, duplicateIds };
}

function readBase(root: XmlElement): string | undefined {
  const page = defaultValue(at(root, "DefaultSettings", "SourceLocation"));
  if (!page) return undefined;
  try {
    return new URL(".", page).href;
  } catch {
    return undefined;
  }
}

function readManifest(root: XmlElement): Manifest {
  return {
    root,
    host: at(root, "VersionOverrides", "Hosts", "Host"),
    ...readResources(root),
    base: readBase(root),
  };
}

function urlOf(manifest: Manifest, resid: string | undefined): string | undefined {
  return resid === undefined ? undefined : manifest.resources.get(resid)?.values[0];
}

/** The path, relative to the build output, that an add-in URL serves; undefined off the add-in's origin. */
function emittedPathOf(manifest: Manifest, url: string): string | undefined {
  if (!manifest.base || !url.startsWith(manifest.base)) return undefined;
  return url.slice(manifest.base.length).replace(/[?#].*$/, "");
}

function extensionPoint(manifest: Manifest, type: string): XmlElement | undefined {
  return manifest.host && descendants(manifest.host).find((element) => element.name === "ExtensionPoint" && element.attributes.type === type);
}

function residOf(element: XmlElement | undefined): string | undefined {
  return element?.attributes.resid;
}

// ---------------------------------------------------------------------------------------------

function checkAddinType({ root, host }: Manifest): string[] {
  const problems: string[] = [];
  if (root.name !== "OfficeApp") problems.push(`the root element is <${root.name}>, expected <OfficeApp>`);
  if (root.attributes.type !== "TaskPaneApp") problems.push(`xsi:type is "${root.attributes.type ?? ""}", expected "TaskPaneApp"`);
  const hostNames = childrenNamed(child(root, "Hosts"), "Host").map((h) => h.attributes.Name);
  if (!hostNames.includes("Workbook")) problems.push('<Hosts> does not list <Host Name="Workbook"/> (Excel)');
  if (host?.attributes.type !== "Workbook") problems.push('VersionOverrides has no <Host xsi:type="Workbook">');
  for (const name of ["ProviderName", "DefaultLocale"]) {
    if (!child(root, name)?.text) problems.push(`<${name}> is missing or empty`);
  }
  for (const name of ["DisplayName", "Description", "IconUrl", "HighResolutionIconUrl"]) {
    if (!defaultValue(child(root, name))) problems.push(`<${name} DefaultValue="..."> is missing`);
  }
  if (!defaultValue(at(root, "DefaultSettings", "SourceLocation"))) problems.push("<DefaultSettings><SourceLocation> is missing");
  return problems;
}

function checkId({ root }: Manifest): string[] {
  const id = child(root, "Id")?.text ?? "";
  return GUID.test(id) ? [] : [`<Id> "${id}" is not a GUID (for example 1e03b830-ec50-4d9a-99f3-90fe21808362)`];
}

function checkVersion({ root }: Manifest): string[] {
  const version = child(root, "Version")?.text ?? "";
  return VERSION.test(version) ? [] : [`<Version> "${version}" is not a version like 1.0.0.0 (up to four numbers of at most five digits)`];
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

function checkRequirements({ root }: Manifest): string[] {
  const sets = child(at(root, "Requirements"), "Sets");
  const defaultMin = sets?.attributes.DefaultMinVersion ?? "1.1";
  return REQUIRED_SETS.flatMap(({ name, minVersion }) => {
    const set = childrenNamed(sets, "Set").find((candidate) => candidate.attributes.Name === name);
    if (!set) return [`<Requirements> does not require the ${name} set`];
    const declared = set.attributes.MinVersion ?? defaultMin;
    return compareVersions(declared, minVersion) >= 0 ? [] : [`${name} requires version ${declared}, needs at least ${minVersion}`];
  });
}

function checkResids(manifest: Manifest): string[] {
  const problems = manifest.duplicateIds.map((id) => `resource id "${id}" is defined more than once`);
  for (const resource of manifest.resources.values()) {
    if (resource.id.length === 0) problems.push(`a resource in ${resource.table} has no id`);
    if (resource.id.length > RESID_MAX_LENGTH) problems.push(`resource id "${resource.id}" is longer than ${RESID_MAX_LENGTH} characters`);
  }
  for (const element of descendants(manifest.root)) {
    const resid = residOf(element);
    if (resid === undefined) continue;
    const resource = manifest.resources.get(resid);
    if (!resource) {
      problems.push(`${element.path} uses resid "${resid}", which no bt:Images, bt:Urls, bt:ShortStrings or bt:LongStrings entry defines`);
      continue;
    }
    const expected = TABLE_OF_ELEMENT[element.name];
    if (expected && resource.table !== expected) {
      problems.push(`${element.path} uses resid "${resid}" from ${resource.table}; it must come from ${expected}`);
    }
  }
  return problems;
}

function checkStringLengths({ root, resources }: Manifest): string[] {
  const problems: string[] = [];
  const limits: [Table, number][] = [["ShortStrings", SHORT_STRING_MAX], ["LongStrings", LONG_STRING_MAX]];
  for (const [table, limit] of limits) {
    for (const resource of resources.values()) {
      if (resource.table !== table) continue;
      for (const value of resource.values) {
        if (value.length > limit) problems.push(`${table} "${resource.id}" is ${value.length} characters; the limit is ${limit}`);
        if (value.trim().length === 0) problems.push(`${table} "${resource.id}" is empty`);
      }
    }
  }
  const displayName = defaultValue(child(root, "DisplayName")) ?? "";
  if (displayName.length > SHORT_STRING_MAX) problems.push(`DisplayName is longer than ${SHORT_STRING_MAX} characters`);
  const description = defaultValue(child(root, "Description")) ?? "";
  if (description.length > LONG_STRING_MAX) problems.push(`Description is longer than ${LONG_STRING_MAX} characters`);
  return problems;
}

/** Every URL the manifest holds, with where it was found. */
function allUrls({ root, resources }: Manifest): { where: string; url: string }[] {
  const urls: { where: string; url: string }[] = [];
  for (const element of descendants(root)) {
    const isUrlElement = ["IconUrl", "HighResolutionIconUrl", "SupportUrl", "SourceLocation"].includes(element.name);
    if (!isUrlElement) continue;
    for (const value of [element.attributes.DefaultValue, ...childrenNamed(element, "Override").map((o) => o.attributes.Value)]) {
      if (value !== undefined) urls.push({ where: element.path, url: value });
    }
  }
  for (const resource of resources.values()) {
    if (resource.table !== "Urls" && resource.table !== "Images") continue;
    for (const url of resource.values) urls.push({ where: `${resource.table} "${resource.id}"`, url });
  }
  return urls;
}

function checkHttps(manifest: Manifest): string[] {
  return allUrls(manifest).flatMap(({ where, url }) => {
    try {
      return new URL(url).protocol === "https:" ? [] : [`${where}: ${url} is not HTTPS (Office loads add-in files over HTTPS only)`];
    } catch {
      return [`${where}: "${url}" is not a valid absolute URL`];
    }
  });
}

interface IconUse {
  where: string;
  url: string | undefined;
  size: number;
}

function iconUses(manifest: Manifest): IconUse[] {
  const uses: IconUse[] = [
    { where: "IconUrl", url: defaultValue(child(manifest.root, "IconUrl")), size: ICON_URL_SIZE },
    { where: "HighResolutionIconUrl", url: defaultValue(child(manifest.root, "HighResolutionIconUrl")), size: HIGH_RESOLUTION_ICON_URL_SIZE },
  ];
  for (const element of descendants(manifest.root)) {
    if (element.name !== "Image" || residOf(element) === undefined || element.attributes.size === undefined) continue;
    uses.push({ where: `${element.path} (resid "${residOf(element)}")`, url: urlOf(manifest, residOf(element)), size: Number(element.attributes.size) });
  }
  return uses;
}

function checkIcons(manifest: Manifest, context: ManifestCheckContext): string[] {
  const problems: string[] = [];
  for (const icon of descendants(manifest.root).filter((element) => element.name === "Icon")) {
    const sizes = childrenNamed(icon, "Image").map((image) => Number(image.attributes.size));
    const missing = REQUIRED_RIBBON_ICON_SIZES.filter((size) => !sizes.includes(size));
    if (missing.length > 0) problems.push(`${icon.path} lacks the required sizes ${missing.join(", ")}`);
  }
  for (const { where, url, size } of iconUses(manifest)) {
    if (!url) continue; // reported by the resid and add-in type checks
    const path = emittedPathOf(manifest, url);
    if (path === undefined) {
      problems.push(`${where}: ${url} is not under the add-in's folder ${manifest.base ?? "(unknown)"}`);
      continue;
    }
    const bytes = context.emittedFiles.has(path) ? context.readEmittedFile(path) : undefined;
    if (!bytes) {
      problems.push(`${where}: ${path} is not a file the build emits (add it to assets/)`);
      continue;
    }
    const actual = pngSize(bytes);
    if (!actual) problems.push(`${where}: ${path} is not a PNG image`);
    else if (actual.width !== size || actual.height !== size) {
      problems.push(`${where}: ${path} is ${actual.width}x${actual.height} pixels, declared ${size}x${size}`);
    }
  }
  return problems;
}

function checkSharedRuntime(manifest: Manifest): string[] {
  const runtimes = childrenNamed(child(manifest.host, "Runtimes"), "Runtime");
  const runtime = runtimes[0];
  if (!runtime) return ["VersionOverrides/Hosts/Host has no <Runtimes><Runtime>: the task pane and the functions would not share one runtime"];
  const problems: string[] = [];
  if (runtimes.length > 1) problems.push(`${runtimes.length} runtimes are declared; the add-in expects exactly one shared runtime`);
  if (runtime.attributes.lifetime !== "long") problems.push(`<Runtime lifetime="${runtime.attributes.lifetime ?? ""}">: must be "long" so functions keep running with the pane closed`);
  const runtimeResid = residOf(runtime);
  const button = extensionPoint(manifest, "PrimaryCommandSurface");
  const showTaskpane = button && descendants(button).find((element) => element.name === "Action" && element.attributes.type === "ShowTaskpane");
  const functions = extensionPoint(manifest, "CustomFunctions");
  const users: [string, XmlElement | undefined][] = [
    ["the ShowTaskpane action", child(showTaskpane, "SourceLocation")],
    ["the custom functions' <Page>", at(functions, "Page", "SourceLocation")],
  ];
  const functionFile = manifest.host && descendants(manifest.host).find((element) => element.name === "FunctionFile");
  if (functionFile) users.push(["<FunctionFile>", functionFile]);
  for (const [what, element] of users) {
    if (!element) problems.push(`${what} is missing`);
    else if (residOf(element) !== runtimeResid) {
      problems.push(`${what} uses resid "${residOf(element) ?? ""}", not the shared runtime's "${runtimeResid ?? ""}"`);
    }
  }
  const runtimeUrl = urlOf(manifest, runtimeResid);
  const defaultPage = defaultValue(at(manifest.root, "DefaultSettings", "SourceLocation"));
  if (runtimeUrl !== undefined && defaultPage !== runtimeUrl) {
    problems.push(`the runtime's page ${runtimeUrl} is not the task pane page of DefaultSettings (${defaultPage ?? "missing"})`);
  }
  return problems;
}

function checkRibbonButton(manifest: Manifest): string[] {
  const surface = extensionPoint(manifest, "PrimaryCommandSurface");
  if (!surface) return ['DesktopFormFactor has no <ExtensionPoint xsi:type="PrimaryCommandSurface"> (no ribbon button)'];
  const button = descendants(surface).find(
    (element) => element.name === "Control" && element.attributes.type === "Button" &&
      descendants(element).some((inner) => inner.name === "Action" && inner.attributes.type === "ShowTaskpane"),
  );
  return button ? [] : ["the ribbon has no button whose action is ShowTaskpane"];
}

function checkCustomFunctions(manifest: Manifest): string[] {
  const functions = extensionPoint(manifest, "CustomFunctions");
  if (!functions) return ['AllFormFactors has no <ExtensionPoint xsi:type="CustomFunctions">'];
  const problems: string[] = [];
  for (const part of ["Script", "Page", "Metadata"]) {
    if (!residOf(at(functions, part, "SourceLocation"))) problems.push(`<${part}><SourceLocation resid="..."> is missing`);
  }
  // Each environment registers its own namespace (scripts/webpack/manifest.js); a manifest of no
  // known environment is the environment check's to report, and is held to production's.
  const environment = environmentOf(environmentClues(manifest.root)) ?? "production";
  const expected = ENVIRONMENTS[environment].namespace;
  const namespace = manifest.resources.get(residOf(child(functions, "Namespace")) ?? "")?.values[0];
  if (namespace !== expected) {
    problems.push(`the functions' namespace is "${namespace ?? "missing"}", expected "${expected}" (the ${environment} manifest's own)`);
  }
  const metadataUrl = urlOf(manifest, residOf(at(functions, "Metadata", "SourceLocation")));
  if (metadataUrl && !metadataUrl.replace(/[?#].*$/, "").endsWith(".json")) problems.push(`the functions' metadata ${metadataUrl} is not a .json file`);
  return problems;
}

function checkBuildOutputs(manifest: Manifest, context: ManifestCheckContext): string[] {
  if (!manifest.base) return ["cannot locate the add-in's files: DefaultSettings/SourceLocation is missing or not a URL"];
  const functions = extensionPoint(manifest, "CustomFunctions");
  const pages: [string, string | undefined][] = [
    ["the task pane page (DefaultSettings)", defaultValue(at(manifest.root, "DefaultSettings", "SourceLocation"))],
    ["the shared runtime's page", urlOf(manifest, residOf(child(child(manifest.host, "Runtimes"), "Runtime")))],
    ["the functions' script", urlOf(manifest, residOf(at(functions, "Script", "SourceLocation")))],
    ["the functions' metadata", urlOf(manifest, residOf(at(functions, "Metadata", "SourceLocation")))],
  ];
  return pages.flatMap(([what, url]) => {
    if (!url) return [];
    const path = emittedPathOf(manifest, url);
    if (path === undefined) return [`${what}: ${url} is not under the add-in's folder ${manifest.base}`];
    return context.emittedFiles.has(path) ? [] : [`${what}: ${path} is not a file the build emits`];
  });
}

interface EnvironmentClues {
  id: string;
  displayName: string;
  byId: EnvironmentName | undefined;
  byName: EnvironmentName | undefined;
}

function environmentClues(root: XmlElement): EnvironmentClues {
  const id = child(root, "Id")?.text ?? "";
  const displayName = defaultValue(child(root, "DisplayName")) ?? "";
  const names = Object.keys(ENVIRONMENTS) as EnvironmentName[];
  return {
    id,
    displayName,
    byId: names.find((name) => ENVIRONMENTS[name].id.toLowerCase() === id.toLowerCase()),
    byName: names.find((name) => ENVIRONMENTS[name].displayName === displayName),
  };
}

/**
 * Production when either the Id or the display name is production's: a manifest that carries
 * either is one users may be given, so it gets production's rules.
 */
function environmentOf(clues: EnvironmentClues): EnvironmentName | undefined {
  if (clues.byId === "production" || clues.byName === "production") return "production";
  return clues.byId ?? clues.byName;
}

function checkEnvironment({ root }: Manifest): string[] {
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
    problems.push(`DisplayName "${clues.displayName}" is neither "${development.displayName}" (development) nor "${production.displayName}" (production)`);
  }
  if (clues.byId && clues.byName && clues.byId !== clues.byName) {
    problems.push(`<Id> is the ${clues.byId} Id but DisplayName "${clues.displayName}" is the ${clues.byName} name: the two would be confused once installed`);
  }
  return problems;
}

/** Every attribute value and text of the document, with where it was found. */
function allValues(root: XmlElement): { where: string; value: string }[] {
  return descendants(root).flatMap((element) => {
    const where = element.attributes.id === undefined ? element.path : `${element.path} "${element.attributes.id}"`;
    const values = Object.entries(element.attributes).map(([attribute, value]) => ({ where: `${where} ${attribute}`, value }));
    return element.text ? [...values, { where, value: element.text }] : values;
  });
}

function checkProductionAddresses({ root }: Manifest): string[] {
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
