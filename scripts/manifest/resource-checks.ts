// The manifest's resources: every resid defined in the right table, strings within Office's
// limits, every URL HTTPS, and icons that exist at their declared sizes.
import {
  defaultValue,
  emittedPathOf,
  residOf,
  urlOf,
  type Manifest,
  type ManifestCheckContext,
  type Table,
} from "./manifest-model";
import { pngSize } from "./png-size";
import { child, childrenNamed, descendants } from "./xml-tree";

const RESID_MAX_LENGTH = 32;
const SHORT_STRING_MAX = 125;
const LONG_STRING_MAX = 250;
const REQUIRED_RIBBON_ICON_SIZES = [16, 32, 80];
const ICON_URL_SIZE = 32;
const HIGH_RESOLUTION_ICON_URL_SIZE = 64;

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

export function checkResids(manifest: Manifest): string[] {
  const problems = manifest.duplicateIds.map((id) => `resource id "${id}" is defined more than once`);
  for (const resource of manifest.resources.values()) {
    if (resource.id.length === 0) problems.push(`a resource in ${resource.table} has no id`);
    if (resource.id.length > RESID_MAX_LENGTH)
      problems.push(`resource id "${resource.id}" is longer than ${RESID_MAX_LENGTH} characters`);
  }
  for (const element of descendants(manifest.root)) {
    const resid = residOf(element);
    if (resid === undefined) continue;
    const resource = manifest.resources.get(resid);
    if (!resource) {
      problems.push(
        `${element.path} uses resid "${resid}", which no bt:Images, bt:Urls, bt:ShortStrings or bt:LongStrings entry defines`,
      );
      continue;
    }
    const expected = TABLE_OF_ELEMENT[element.name];
    if (expected && resource.table !== expected) {
      problems.push(`${element.path} uses resid "${resid}" from ${resource.table}; it must come from ${expected}`);
    }
  }
  return problems;
}

export function checkStringLengths({ root, resources }: Manifest): string[] {
  const problems: string[] = [];
  const limits: [Table, number][] = [
    ["ShortStrings", SHORT_STRING_MAX],
    ["LongStrings", LONG_STRING_MAX],
  ];
  for (const [table, limit] of limits) {
    for (const resource of resources.values()) {
      if (resource.table !== table) continue;
      for (const value of resource.values) {
        if (value.length > limit)
          problems.push(`${table} "${resource.id}" is ${value.length} characters; the limit is ${limit}`);
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
    for (const value of [
      element.attributes.DefaultValue,
      ...childrenNamed(element, "Override").map((o) => o.attributes.Value),
    ]) {
      if (value !== undefined) urls.push({ where: element.path, url: value });
    }
  }
  for (const resource of resources.values()) {
    if (resource.table !== "Urls" && resource.table !== "Images") continue;
    for (const url of resource.values) urls.push({ where: `${resource.table} "${resource.id}"`, url });
  }
  return urls;
}

export function checkHttps(manifest: Manifest): string[] {
  return allUrls(manifest).flatMap(({ where, url }) => {
    try {
      return new URL(url).protocol === "https:"
        ? []
        : [`${where}: ${url} is not HTTPS (Office loads add-in files over HTTPS only)`];
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
    {
      where: "HighResolutionIconUrl",
      url: defaultValue(child(manifest.root, "HighResolutionIconUrl")),
      size: HIGH_RESOLUTION_ICON_URL_SIZE,
    },
  ];
  for (const element of descendants(manifest.root)) {
    if (element.name !== "Image" || residOf(element) === undefined || element.attributes.size === undefined) continue;
    uses.push({
      where: `${element.path} (resid "${residOf(element)}")`,
      url: urlOf(manifest, residOf(element)),
      size: Number(element.attributes.size),
    });
  }
  return uses;
}

export function checkIcons(manifest: Manifest, context: ManifestCheckContext): string[] {
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
