// zod's classic API (`import { z } from "zod"`) gives every schema a toJSONSchema method, so it
// bundles zod's JSON Schema conversion (core/to-json-schema.js, core/json-schema-processors.js):
// about 20 KB of the page's minified JavaScript. The page never converts a schema: JSON Schema is
// made at build time, in Node (scripts/generate-validators.ts), which this build does not bundle.
// For the add-in's bundles this loader keeps those two modules' export names but makes each
// export a function that says so when called; the conversion is used nowhere in the page, so
// nothing calls them. Node (tests, the emulator, the scripts) loads zod unchanged.
const { WebpackError } = require("webpack");

/** The modules this loader stands in for, wherever node_modules lives (a symlink, a parent). */
const ZOD_JSON_SCHEMA_MODULES =
  /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](?:to-json-schema|json-schema-processors)\.js$/;

const DECLARED_EXPORT = /^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm;
const RENAMED_EXPORT = /^export\s*\{([^}]*)\}\s*;?\s*$/gm;

/**
 * The names a zod module exports: declarations (`export function x`, `export const x`) and local
 * re-exports (`export { x as y }`). A form it cannot read fails the build rather than guessing.
 * @param {string} source
 * @returns {string[]}
 */
function exportedNames(source) {
  const names = [...source.matchAll(DECLARED_EXPORT)].map((match) => match[1]);
  for (const match of source.matchAll(RENAMED_EXPORT)) {
    for (const part of match[1].split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  const unread = source
    .split("\n")
    .filter(
      (line) =>
        /^export\b/.test(line) && !/^export\s*\{|^export\s+(?:async\s+)?(?:function|const|let|var|class)\b/.test(line),
    );
  if (unread.length > 0) throw new Error(`unexpected export form: ${unread[0]}`);
  return [...new Set(names)];
}

/** @param {string[]} names @param {string} file */
function unavailableModule(names, file) {
  const message = `zod's JSON Schema conversion (${file}) is not part of the add-in's bundles: see scripts/webpack/zod-json-schema.js`;
  return [
    `function unavailable() { throw new Error(${JSON.stringify(message)}); }`,
    ...names.map((name) => `export const ${name} = unavailable;`),
    "",
  ].join("\n");
}

/** @this {import("webpack").LoaderContext<{}>} @param {string} source */
function zodJsonSchemaLoader(source) {
  const file = this.resourcePath.split(/[\\/]/).pop() ?? this.resourcePath;
  let names;
  try {
    names = exportedNames(source);
  } catch (error) {
    this.emitError(new WebpackError(`zod-json-schema: ${file}: ${error.message}`));
    return source;
  }
  if (names.length === 0) {
    this.emitError(new WebpackError(`zod-json-schema: ${file} exports nothing this loader can read`));
    return source;
  }
  return unavailableModule(names, file);
}

/** The module rule that puts the loader in front of zod's JSON Schema modules. */
const zodJsonSchemaRule = { test: ZOD_JSON_SCHEMA_MODULES, loader: __filename };

module.exports = zodJsonSchemaLoader;
module.exports.zodJsonSchemaRule = zodJsonSchemaRule;
module.exports.exportedNames = exportedNames;
module.exports.unavailableModule = unavailableModule;
module.exports.ZOD_JSON_SCHEMA_MODULES = ZOD_JSON_SCHEMA_MODULES;
