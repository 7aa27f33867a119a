// The manifest's runtime: one long-lived shared runtime for the pane and the functions, a ribbon
// button, custom functions under their environment's namespace, and files the build emits.
import { ENVIRONMENTS } from "../webpack/manifest";
import {
  defaultValue,
  emittedPathOf,
  environmentClues,
  environmentOf,
  extensionPoint,
  residOf,
  urlOf,
  type Manifest,
  type ManifestCheckContext,
} from "./manifest-model";
import { at, child, childrenNamed, descendants, type XmlElement } from "./xml-tree";

export function checkSharedRuntime(manifest: Manifest): string[] {
  const runtimes = childrenNamed(child(manifest.host, "Runtimes"), "Runtime");
  const runtime = runtimes[0];
  if (!runtime)
    return [
      "VersionOverrides/Hosts/Host has no <Runtimes><Runtime>: the task pane and the functions would not share one runtime",
    ];
  const problems: string[] = [];
  if (runtimes.length > 1)
    problems.push(`${runtimes.length} runtimes are declared; the add-in expects exactly one shared runtime`);
  if (runtime.attributes.lifetime !== "long")
    problems.push(
      `<Runtime lifetime="${runtime.attributes.lifetime ?? ""}">: must be "long" so functions keep running with the pane closed`,
    );
  const runtimeResid = residOf(runtime);
  const button = extensionPoint(manifest, "PrimaryCommandSurface");
  const showTaskpane =
    button &&
    descendants(button).find((element) => element.name === "Action" && element.attributes.type === "ShowTaskpane");
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
    problems.push(
      `the runtime's page ${runtimeUrl} is not the task pane page of DefaultSettings (${defaultPage ?? "missing"})`,
    );
  }
  return problems;
}

export function checkRibbonButton(manifest: Manifest): string[] {
  const surface = extensionPoint(manifest, "PrimaryCommandSurface");
  if (!surface)
    return ['DesktopFormFactor has no <ExtensionPoint xsi:type="PrimaryCommandSurface"> (no ribbon button)'];
  const button = descendants(surface).find(
    (element) =>
      element.name === "Control" &&
      element.attributes.type === "Button" &&
      descendants(element).some((inner) => inner.name === "Action" && inner.attributes.type === "ShowTaskpane"),
  );
  return button ? [] : ["the ribbon has no button whose action is ShowTaskpane"];
}

export function checkCustomFunctions(manifest: Manifest): string[] {
  const functions = extensionPoint(manifest, "CustomFunctions");
  if (!functions) return ['AllFormFactors has no <ExtensionPoint xsi:type="CustomFunctions">'];
  const problems: string[] = [];
  for (const part of ["Script", "Page", "Metadata"]) {
    if (!residOf(at(functions, part, "SourceLocation")))
      problems.push(`<${part}><SourceLocation resid="..."> is missing`);
  }
  // Each environment registers its own namespace (scripts/webpack/manifest.js); a manifest of no
  // known environment is the environment check's to report, and is held to production's.
  const environment = environmentOf(environmentClues(manifest.root)) ?? "production";
  const expected = ENVIRONMENTS[environment].namespace;
  const namespace = manifest.resources.get(residOf(child(functions, "Namespace")) ?? "")?.values[0];
  if (namespace !== expected) {
    problems.push(
      `the functions' namespace is "${namespace ?? "missing"}", expected "${expected}" (the ${environment} manifest's own)`,
    );
  }
  const metadataUrl = urlOf(manifest, residOf(at(functions, "Metadata", "SourceLocation")));
  if (metadataUrl && !metadataUrl.replace(/[?#].*$/, "").endsWith(".json"))
    problems.push(`the functions' metadata ${metadataUrl} is not a .json file`);
  return problems;
}

export function checkBuildOutputs(manifest: Manifest, context: ManifestCheckContext): string[] {
  if (!manifest.base)
    return ["cannot locate the add-in's files: DefaultSettings/SourceLocation is missing or not a URL"];
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
