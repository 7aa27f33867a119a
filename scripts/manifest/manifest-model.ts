// What the manifest checks read from manifest.xml: its resources, its add-in folder, its
// extension points, and which environment (development or production) it belongs to.
import { ENVIRONMENTS } from "../webpack/manifest";
import { at, child, childrenNamed, descendants, type XmlElement } from "./xml-tree";

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

export type Table = "Images" | "Urls" | "ShortStrings" | "LongStrings";

export type EnvironmentName = keyof typeof ENVIRONMENTS;

interface Resource {
  id: string;
  table: Table;
  /** DefaultValue, then every localized Override value. */
  values: string[];
}

export interface Manifest {
  root: XmlElement;
  host: XmlElement | undefined;
  resources: Map<string, Resource>;
  duplicateIds: string[];
  /** Folder URL every add-in file lives under, from DefaultSettings/SourceLocation. */
  base: string | undefined;
}

const TABLES: readonly Table[] = ["Images", "Urls", "ShortStrings", "LongStrings"];
export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function defaultValue(element: XmlElement | undefined): string | undefined {
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

export function readManifest(root: XmlElement): Manifest {
  return {
    root,
    host: at(root, "VersionOverrides", "Hosts", "Host"),
    ...readResources(root),
    base: readBase(root),
  };
}

export function urlOf(manifest: Manifest, resid: string | undefined): string | undefined {
  return resid === undefined ? undefined : manifest.resources.get(resid)?.values[0];
}

/** The path, relative to the build output, that an add-in URL serves; undefined off the add-in's origin. */
export function emittedPathOf(manifest: Manifest, url: string): string | undefined {
  if (!manifest.base || !url.startsWith(manifest.base)) return undefined;
  return url.slice(manifest.base.length).replace(/[?#].*$/, "");
}

export function extensionPoint(manifest: Manifest, type: string): XmlElement | undefined {
  return (
    manifest.host &&
    descendants(manifest.host).find((element) => element.name === "ExtensionPoint" && element.attributes.type === type)
  );
}

export function residOf(element: XmlElement | undefined): string | undefined {
  return element?.attributes.resid;
}

interface EnvironmentClues {
  id: string;
  displayName: string;
  byId: EnvironmentName | undefined;
  byName: EnvironmentName | undefined;
}

export function environmentClues(root: XmlElement): EnvironmentClues {
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
export function environmentOf(clues: EnvironmentClues): EnvironmentName | undefined {
  if (clues.byId === "production" || clues.byName === "production") return "production";
  return clues.byId ?? clues.byName;
}
