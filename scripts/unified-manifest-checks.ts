// Offline checks of the unified manifest (manifest.json): Microsoft's JSON schema, as
// @microsoft/app-manifest ships it, then what the schema cannot know: that it is the same add-in
// as the XML manifest beside it (URLs, namespace, version), linked to it, and complete.
// Pure but for the schema file: files are reached through the context, so tests feed broken ones.
import { AppManifestUtils } from "@microsoft/app-manifest";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { CheckResult } from "./manifest-checks";
import { pngSize } from "./manifest/png-size";
import { at, child, childrenNamed, descendants, parseXml, type XmlElement } from "./manifest/xml-tree";
import { ENVIRONMENTS, namesLoopback } from "./webpack/manifest";
import { SCHEMA_URL, SCHEMA_VERSION } from "./webpack/unified-manifest";

export interface UnifiedCheckContext {
  /** The XML manifest the unified one is made from and must agree with. */
  xml: string;
  /** Ids of the functions the build's functions.json declares. */
  functionIds: readonly string[];
  /** Paths, relative to the build output folder, of every file the build emits. */
  emittedFiles: ReadonlySet<string>;
  /** Contents of an emitted file copied from the sources (icons); undefined when unknown. */
  readEmittedFile(path: string): Uint8Array | undefined;
}

type EnvironmentName = keyof typeof ENVIRONMENTS;
type Json = Record<string, unknown>;

interface XmlFacts {
  id: string;
  version: string;
  namespace: string | undefined;
  page: string | undefined;
  script: string | undefined;
  metadataUrl: string | undefined;
  /** Folder URL every add-in file lives under. */
  base: string | undefined;
  /** The sets of its <Requirements>, each at its MinVersion or <Sets>' DefaultMinVersion. */
  requirementSets: RequirementSet[];
}

interface RequirementSet {
  name: string;
  minVersion: string;
}

interface Subject {
  manifest: Json;
  xml: XmlFacts;
  environment: EnvironmentName | undefined;
  runtime: Json | undefined;
  customFunctions: Json | undefined;
}

const MIN_FUNCTION_NAME = 3;
const REQUIRED_SETS = ["SharedRuntime", "CustomFunctionsRuntime"];
const REQUIRED_RIBBON_ICON_SIZES = [16, 32, 80];
const schemaPath = createRequire(__filename).resolve(
  `@microsoft/app-manifest/build/json-schemas/teams/v${SCHEMA_VERSION}/MicrosoftTeams.schema.json`,
);

function record(value: unknown): Json | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(record).filter((item): item is Json => item !== undefined) : [];
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function readXmlFacts(root: XmlElement): XmlFacts {
  const urls = new Map<string, string>();
  for (const element of descendants(root)) {
    if (["Url", "Image", "String"].includes(element.name) && element.attributes.id !== undefined)
      urls.set(element.attributes.id, element.attributes.DefaultValue ?? "");
  }
  const host = at(root, "VersionOverrides", "Hosts", "Host");
  const functions =
    host &&
    descendants(host).find(
      (element) => element.name === "ExtensionPoint" && element.attributes.type === "CustomFunctions",
    );
  const resource = (element: XmlElement | undefined) =>
    element?.attributes.resid === undefined ? undefined : urls.get(element.attributes.resid);
  const page = resource(child(child(host, "Runtimes"), "Runtime"));
  let base: string | undefined;
  try {
    base = page === undefined ? undefined : new URL(".", page).href;
  } catch {
    base = undefined;
  }
  return {
    id: child(root, "Id")?.text ?? "",
    version: child(root, "Version")?.text ?? "",
    namespace: resource(child(functions, "Namespace")),
    page,
    script: resource(at(functions, "Script", "SourceLocation")),
    metadataUrl: resource(at(functions, "Metadata", "SourceLocation")),
    base,
    requirementSets: requirementSetsOf(root),
  };
}

function requirementSetsOf(root: XmlElement): RequirementSet[] {
  const sets = at(root, "Requirements", "Sets");
  const defaultMin = sets?.attributes.DefaultMinVersion ?? "";
  return childrenNamed(sets, "Set").map((set) => ({
    name: set.attributes.Name ?? "",
    minVersion: set.attributes.MinVersion ?? defaultMin,
  }));
}

/** Versions compared number by number: "1.3" and "1.3.0" are one version. */
function compareVersions(a: string, b: string): number {
  const [left, right] = [a.split(".").map(Number), b.split(".").map(Number)];
  for (let i = 0; i < Math.max(left.length, right.length); i++)
    if ((left[i] ?? 0) !== (right[i] ?? 0)) return (left[i] ?? 0) - (right[i] ?? 0);
  return 0;
}

function environmentOf(id: unknown): EnvironmentName | undefined {
  const names = Object.keys(ENVIRONMENTS) as EnvironmentName[];
  return typeof id === "string"
    ? names.find((name) => ENVIRONMENTS[name].unifiedId.toLowerCase() === id.toLowerCase())
    : undefined;
}

// ---------------------------------------------------------------------------------------------

function checkIdentity({ manifest, xml, environment }: Subject): string[] {
  const problems: string[] = [];
  const { development, production } = ENVIRONMENTS;
  if (!environment) {
    problems.push(
      `id ${String(manifest.id)} is neither the development unified id (${development.unifiedId}) nor the production one (${production.unifiedId}); ` +
        "Microsoft 365 knows an app by its id, so each environment keeps its own for good (scripts/webpack/manifest.js)",
    );
    return problems;
  }
  const own = ENVIRONMENTS[environment];
  if (String(manifest.id).toLowerCase() === xml.id.toLowerCase())
    problems.push(`id is the XML add-in's <Id> ${xml.id}: Microsoft asks for another GUID for the unified add-in`);
  if (xml.id.toLowerCase() !== own.id.toLowerCase())
    problems.push(
      `the unified manifest is the ${environment} one but the XML manifest beside it has <Id> ${xml.id}, not ${own.id}`,
    );
  const name = text(record(manifest.name)?.short);
  if (name !== own.unifiedName)
    problems.push(
      `name.short is "${name ?? "missing"}", expected the ${environment} unified name "${own.unifiedName}"`,
    );
  return problems;
}

function checkVersion({ manifest, xml }: Subject): string[] {
  const version = text(manifest.version) ?? "";
  const expected = xml.version.split(".").concat(["0", "0", "0"]).slice(0, 3).join(".");
  return version === expected
    ? []
    : [`version is "${version}", but the XML manifest's <Version> ${xml.version} makes it "${expected}"`];
}

function checkAlternates({ manifest, xml }: Subject): string[] {
  const alternates = list(record(list(manifest.extensions)[0])?.alternates);
  const hidden = alternates.map((alternate) => text(record(record(alternate.hide)?.customOfficeAddin)?.officeAddinId));
  if (hidden.some((id) => id?.toLowerCase() === xml.id.toLowerCase())) return [];
  return [
    `no alternates[].hide.customOfficeAddin names the XML add-in (${xml.id}): a user who has both would see the add-in twice`,
  ];
}

function checkRequirements({ manifest, xml }: Subject): string[] {
  const extension = record(list(manifest.extensions)[0]);
  const requirements = record(extension?.requirements);
  const problems: string[] = [];
  const capabilities = list(requirements?.capabilities);
  const names = capabilities.map((capability) => text(capability.name));
  for (const set of REQUIRED_SETS)
    if (!names.includes(set)) problems.push(`extensions[0].requirements.capabilities does not require ${set}`);
  // The extension's requirements decide which hosts install it, as <Requirements> does the XML
  // add-in's: the same sets at the same versions, or one manifest admits hosts the other refuses.
  for (const set of xml.requirementSets) {
    const declared = capabilities.filter((capability) => text(capability.name) === set.name);
    if (declared.length === 0) {
      if (!REQUIRED_SETS.includes(set.name))
        problems.push(
          `extensions[0].requirements.capabilities does not require ${set.name}, which the XML manifest requires at ${set.minVersion}`,
        );
      continue;
    }
    if (declared.length > 1)
      problems.push(`extensions[0].requirements.capabilities names ${set.name} ${declared.length} times`);
    const minVersion = text(declared[0]?.minVersion);
    if (minVersion === undefined || compareVersions(minVersion, set.minVersion) !== 0) {
      problems.push(
        `extensions[0].requirements.capabilities requires ${set.name} ${minVersion ?? "at any version"}, but the XML manifest requires ${set.minVersion}: the two manifests would admit different hosts`,
      );
    }
  }
  for (const capability of capabilities) {
    const name = text(capability.name) ?? "";
    if (!xml.requirementSets.some((set) => set.name === name))
      problems.push(
        `extensions[0].requirements.capabilities requires ${name}, which the XML manifest does not: the two manifests would admit different hosts`,
      );
    if (capability.maxVersion !== undefined)
      problems.push(
        `extensions[0].requirements.capabilities caps ${name} at ${String(capability.maxVersion)}; the XML manifest caps no set`,
      );
  }
  // A runtime or ribbon asking for more than the XML manifest would be missing where the XML
  // add-in's is there; asking for less changes nothing, the extension's requirements come first.
  const nested = [
    ...list(extension?.runtimes).map((runtime, index) => ({ where: `runtimes[${index}]`, holder: runtime })),
    ...list(extension?.ribbons).map((ribbon, index) => ({ where: `ribbons[${index}]`, holder: ribbon })),
  ];
  for (const { where, holder } of nested) {
    for (const capability of list(record(holder.requirements)?.capabilities)) {
      const name = text(capability.name) ?? "";
      const minVersion = text(capability.minVersion) ?? "";
      const set = xml.requirementSets.find((candidate) => candidate.name === name);
      if (!set) problems.push(`extensions[0].${where}.requirements requires ${name}, which the XML manifest does not`);
      else if (compareVersions(minVersion, set.minVersion) > 0)
        problems.push(
          `extensions[0].${where}.requirements requires ${name} ${minVersion}, above the XML manifest's ${set.minVersion}`,
        );
    }
  }
  if (!(Array.isArray(requirements?.scopes) && requirements.scopes.includes("workbook")))
    problems.push('extensions[0].requirements.scopes does not include "workbook" (Excel)');
  return problems;
}

function checkRuntime({ manifest, xml, runtime }: Subject): string[] {
  const runtimes = list(record(list(manifest.extensions)[0])?.runtimes);
  if (!runtime) return ["extensions[0].runtimes has no runtime with customFunctions"];
  const problems: string[] = [];
  if (runtimes.length !== 1)
    problems.push(`${runtimes.length} runtimes are declared; the add-in expects exactly one shared runtime`);
  if (runtime.lifetime !== "long")
    problems.push(
      `the runtime's lifetime is "${String(runtime.lifetime ?? "short")}": must be "long" so functions keep running with the pane closed`,
    );
  const code = record(runtime.code);
  if (code?.page !== xml.page)
    problems.push(
      `the runtime's page ${String(code?.page)} is not the XML manifest's runtime page ${xml.page ?? "(missing)"}`,
    );
  if (code?.script !== xml.script)
    problems.push(
      `the runtime's script ${String(code?.script)} is not the XML manifest's functions script ${xml.script ?? "(missing)"}`,
    );
  return problems;
}

function checkNamespace({ customFunctions, xml, environment }: Subject): string[] {
  if (!customFunctions) return ["no customFunctions"];
  const namespace = record(customFunctions.namespace);
  const expected = ENVIRONMENTS[environment ?? "production"].namespace;
  const problems: string[] = [];
  for (const key of ["id", "name"]) {
    const value = text(namespace?.[key]);
    if (value !== expected)
      problems.push(
        `customFunctions.namespace.${key} is "${value ?? "missing"}", expected "${expected}" (the ${environment ?? "production"} namespace)`,
      );
  }
  if (xml.namespace !== expected)
    problems.push(`the XML manifest beside it registers "${xml.namespace ?? "no namespace"}", not "${expected}"`);
  return problems;
}

function checkMetadataUrl({ customFunctions, xml }: Subject): string[] {
  const url = text(customFunctions?.metadataUrl);
  return url !== undefined && url === xml.metadataUrl
    ? []
    : [
        `customFunctions.metadataUrl is ${url ?? "missing"}, not the XML manifest's <Metadata> URL ${xml.metadataUrl ?? "(missing)"}`,
      ];
}

function checkFunctions({ customFunctions }: Subject): string[] {
  const functions = list(customFunctions?.functions);
  if (functions.length === 0) return ["customFunctions.functions is empty"];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [index, fn] of functions.entries()) {
    const id = text(fn.id) ?? "";
    const where = `functions[${index}] (${id || "no id"})`;
    for (const key of ["id", "name"]) {
      const value = text(fn[key]) ?? "";
      if (value.length < MIN_FUNCTION_NAME)
        problems.push(`${where}: ${key} "${value}" is shorter than ${MIN_FUNCTION_NAME} characters`);
    }
    if (seen.has(id.toUpperCase())) problems.push(`${where}: the id is declared twice`);
    seen.add(id.toUpperCase());
    if (!record(fn.result)) problems.push(`${where}: has no result`);
  }
  return problems;
}

function checkFunctionsMetadata({ customFunctions }: Subject, context: UnifiedCheckContext): string[] {
  const declared = list(customFunctions?.functions).map((fn) => text(fn.id) ?? "");
  const missing = context.functionIds.filter((id) => !declared.includes(id));
  const extra = declared.filter((id) => !context.functionIds.includes(id));
  return [
    ...missing.map((id) => `${id} is in functions.json but not in the unified manifest`),
    ...extra.map((id) => `${id} is in the unified manifest but not in functions.json`),
  ];
}

function checkRibbon({ manifest, runtime }: Subject): string[] {
  const openPage = list(runtime?.actions)
    .filter((action) => action.type === "openPage")
    .map((action) => action.id);
  const controls = list(record(list(manifest.extensions)[0])?.ribbons)
    .flatMap((ribbon) => list(ribbon.tabs))
    .flatMap((tab) => list(tab.groups))
    .flatMap((group) => list(group.controls));
  const opens = controls.some((control) => control.type === "button" && openPage.includes(control.actionId));
  return opens
    ? []
    : ["no ribbon button's actionId is an openPage action of the shared runtime: nothing opens the task pane"];
}

/** Every string of the manifest that is an absolute URL, with its JSON path. */
function urlsOf(value: unknown, path = ""): { where: string; url: string }[] {
  if (typeof value === "string") return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? [{ where: path, url: value }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => urlsOf(item, `${path}[${index}]`));
  const object = record(value);
  return object
    ? Object.entries(object).flatMap(([key, item]) =>
        key === "$schema" ? [] : urlsOf(item, path ? `${path}.${key}` : key),
      )
    : [];
}

function checkUrls({ manifest, xml, environment }: Subject): string[] {
  const problems: string[] = [];
  for (const { where, url } of urlsOf(manifest)) {
    // validDomains holds origins, not files: checked below.
    const isDomain = where.startsWith("validDomains");
    if (!url.startsWith("https://")) problems.push(`${where}: ${url} is not HTTPS`);
    else if (xml.base && !isDomain && !url.startsWith(xml.base))
      problems.push(`${where}: ${url} is not under the add-in's folder ${xml.base}`);
    if (environment === "production" && namesLoopback(url))
      problems.push(`${where}: ${url} names localhost in the production manifest`);
  }
  const origin = xml.base === undefined ? undefined : new URL(xml.base).origin;
  if (origin && !(Array.isArray(manifest.validDomains) && manifest.validDomains.includes(origin)))
    problems.push(`validDomains does not list the add-in's origin ${origin}`);
  if (environment === "production" && JSON.stringify(manifest).includes(ENVIRONMENTS.development.displayName))
    problems.push(`the production manifest carries the development name "${ENVIRONMENTS.development.displayName}"`);
  return problems;
}

function checkIcons({ manifest, xml }: Subject, context: UnifiedCheckContext): string[] {
  const problems: string[] = [];
  const icons = record(manifest.icons);
  const extension = record(list(manifest.extensions)[0]);
  const alternateIcons = list(extension?.alternates)
    .map((alternate) => record(alternate.alternateIcons))
    .find((found) => found !== undefined);
  const uses: { where: string; path: string | undefined; size: number }[] = [
    { where: "icons.color", path: text(icons?.color), size: 192 },
    { where: "icons.outline", path: text(icons?.outline), size: 32 },
  ];
  const toPath = (url: string | undefined) =>
    url !== undefined && xml.base !== undefined && url.startsWith(xml.base) ? url.slice(xml.base.length) : undefined;
  for (const [key, size] of [
    ["icon", 32],
    ["highResolutionIcon", 64],
  ] as const) {
    const icon = record(alternateIcons?.[key]);
    if (icon?.size !== size)
      problems.push(`alternateIcons.${key} is declared ${String(icon?.size ?? "missing")}px; Office needs ${size}px`);
    uses.push({ where: `alternateIcons.${key}`, path: toPath(text(icon?.url)), size });
  }
  const groups = list(extension?.ribbons)
    .flatMap((ribbon) => list(ribbon.tabs))
    .flatMap((tab) => list(tab.groups));
  for (const [index, holder] of [...groups, ...groups.flatMap((group) => list(group.controls))].entries()) {
    const declared = list(holder.icons);
    const sizes = declared.map((icon) => Number(icon.size));
    const missing = REQUIRED_RIBBON_ICON_SIZES.filter((size) => !sizes.includes(size));
    if (missing.length > 0)
      problems.push(`ribbon ${String(holder.id ?? index)} lacks the icon sizes ${missing.join(", ")}`);
    for (const icon of declared)
      uses.push({
        where: `ribbon ${String(holder.id ?? index)} icon ${String(icon.size)}`,
        path: toPath(text(icon.url)),
        size: Number(icon.size),
      });
  }
  for (const { where, path, size } of uses) {
    if (path === undefined) {
      problems.push(`${where}: not a file of the add-in's folder`);
      continue;
    }
    const bytes = context.emittedFiles.has(path) ? context.readEmittedFile(path) : undefined;
    const actual = bytes && pngSize(bytes);
    if (!bytes) problems.push(`${where}: ${path} is not a file the build emits (add it to assets/)`);
    else if (!actual) problems.push(`${where}: ${path} is not a PNG image`);
    else if (actual.width !== size || actual.height !== size)
      problems.push(`${where}: ${path} is ${actual.width}x${actual.height} pixels, declared ${size}x${size}`);
  }
  return problems;
}

const CHECKS: { name: string; run: (subject: Subject, context: UnifiedCheckContext) => string[] }[] = [
  { name: "Id and name are its environment's own, not the XML add-in's", run: checkIdentity },
  { name: "Version is the XML manifest's", run: checkVersion },
  { name: "Hides the XML add-in of its environment (alternates)", run: checkAlternates },
  { name: "Requires the XML manifest's requirement sets at its versions, in Excel", run: checkRequirements },
  { name: "One long-lived shared runtime runs the XML manifest's page and script", run: checkRuntime },
  { name: "Custom functions are declared under their environment's namespace", run: checkNamespace },
  { name: "metadataUrl is the XML manifest's <Metadata> URL", run: checkMetadataUrl },
  { name: "Every function has an id and a name of at least 3 characters, and a result", run: checkFunctions },
  { name: "The functions are those of functions.json", run: checkFunctionsMetadata },
  { name: "A ribbon button opens the task pane", run: checkRibbon },
  {
    name: "Every URL is HTTPS under the add-in's folder, and a production manifest names no localhost",
    run: checkUrls,
  },
  { name: "Icons exist at their declared sizes", run: checkIcons },
];

/** Microsoft's schema, as @microsoft/app-manifest validates with it (ajv, draft-04), offline. */
async function checkSchema(manifest: Json): Promise<string[]> {
  const problems: string[] = [];
  if (manifest.$schema !== SCHEMA_URL) problems.push(`$schema is ${String(manifest.$schema)}, expected ${SCHEMA_URL}`);
  const schema = JSON.parse(readFileSync(schemaPath, "utf8")) as Parameters<
    typeof AppManifestUtils.validateAgainstSchema
  >[1];
  const errors = await AppManifestUtils.validateAgainstSchema(
    manifest as unknown as Parameters<typeof AppManifestUtils.validateAgainstSchema>[0],
    schema,
  );
  return [...problems, ...errors];
}

export async function checkUnifiedManifest(json: string, context: UnifiedCheckContext): Promise<CheckResult[]> {
  let manifest: Json | undefined;
  let problem = "";
  try {
    manifest = record(JSON.parse(json));
    if (!manifest) problem = "the manifest is not a JSON object";
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  const wellFormed: CheckResult = { name: "JSON is well-formed", problems: manifest ? [] : [problem] };
  if (!manifest) return [wellFormed];
  const xml = parseXml(context.xml);
  if (!xml.ok) return [wellFormed, { name: "The XML manifest beside it is well-formed", problems: [xml.problem] }];
  const runtime = list(record(list(manifest.extensions)[0])?.runtimes).find(
    (candidate) => record(candidate.customFunctions) !== undefined,
  );
  const subject: Subject = {
    manifest,
    xml: readXmlFacts(xml.root),
    environment: environmentOf(manifest.id),
    runtime,
    customFunctions: record(runtime?.customFunctions),
  };
  return [
    wellFormed,
    {
      name: `Valid against the v${SCHEMA_VERSION} JSON schema of @microsoft/app-manifest`,
      problems: await checkSchema(manifest),
    },
    ...CHECKS.map(({ name, run }) => ({ name, problems: run(subject, context) })),
  ];
}

/** Which environment's unified manifest this is (by id); undefined when unknown or not JSON. */
export function unifiedManifestEnvironment(json: string): EnvironmentName | undefined {
  try {
    return environmentOf(record(JSON.parse(json))?.id);
  } catch {
    return undefined;
  }
}
