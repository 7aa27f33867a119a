// Where `npm run validate` finds the unified manifest to check beside an XML one: for the
// project's manifest.xml, made here as the build makes it (the same generator, functions.json
// from the same JSDoc), since `npm test` validates before it builds; for a built manifest
// (dist/manifest.xml), the manifest.json and functions.json the build wrote beside it.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { unifiedManifest } from "../webpack/unified-manifest";

export interface UnifiedSource {
  /** The manifest.json text, or why there is none. */
  json: string | { problem: string };
  /** Where it was read or how it was made, for the report. */
  shown: string;
  functionIds: string[];
}

interface GeneratedMetadata {
  metadataJson: string;
  errors: string[];
}

/** functions.json as custom-functions-metadata-plugin writes it, from the plugin's own generator. */
export async function generatedFunctionsJson(projectRoot: string, source: string): Promise<string> {
  const plugin = createRequire(join(projectRoot, "package.json")).resolve("custom-functions-metadata-plugin");
  const { generateCustomFunctionsMetadata } = createRequire(plugin)("custom-functions-metadata") as {
    generateCustomFunctionsMetadata(input: string[], wantConsoleOutput: boolean): Promise<GeneratedMetadata>;
  };
  const result = await generateCustomFunctionsMetadata([join(projectRoot, source)], false);
  if (result.errors.length > 0) throw new Error(`${source}: ${result.errors.join("; ")}`);
  return result.metadataJson;
}

function idsOf(functionsJson: string): string[] {
  const parsed = JSON.parse(functionsJson) as { functions?: { id?: unknown }[] };
  return (parsed.functions ?? []).map((fn) => String(fn.id));
}

export async function unifiedSourceFor(
  xmlPath: string,
  projectRoot: string,
  functionsSource: string,
): Promise<UnifiedSource> {
  if (resolve(xmlPath) === resolve(projectRoot, "manifest.xml")) {
    const functionsJson = await generatedFunctionsJson(projectRoot, functionsSource);
    let json: UnifiedSource["json"];
    try {
      json = JSON.stringify(unifiedManifest(readFileSync(xmlPath, "utf8"), functionsJson));
    } catch (error) {
      json = { problem: error instanceof Error ? error.message : String(error) };
    }
    return { json, shown: "the unified manifest the build makes from manifest.xml", functionIds: idsOf(functionsJson) };
  }
  const folder = dirname(xmlPath);
  const jsonPath = join(folder, "manifest.json");
  const functionsPath = join(folder, "functions.json");
  if (!existsSync(jsonPath) || !existsSync(functionsPath)) {
    return {
      json: { problem: `${jsonPath} or ${functionsPath} is missing: npm run build writes both beside manifest.xml` },
      shown: jsonPath,
      functionIds: [],
    };
  }
  return {
    json: readFileSync(jsonPath, "utf8"),
    shown: jsonPath,
    functionIds: idsOf(readFileSync(functionsPath, "utf8")),
  };
}
