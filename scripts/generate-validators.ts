// `npm run generate:validators`: writes src/client/generated/, the validators of large answers
// compiled by ajv from the zod schemas of src/api. They are generated here, at build time,
// because ajv compiles a schema at runtime with `new Function`, which a strict
// Content-Security-Policy in Excel blocks; the standalone output is plain code. The files are
// committed so that tsc, jest and webpack work on a clean clone; a unit test
// (test/unit/client/generated-validators.test.ts) fails when they are stale.
import Ajv, { type Options } from "ajv";
import standaloneCode from "ajv/dist/standalone";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { z } from "zod";
import { statsResponse } from "../src/api/stats-response";

const projectRoot = join(__dirname, "..");
export const GENERATED_DIRECTORY = join(projectRoot, "src/client/generated");

/**
 * allErrors false: the client only needs the verdict (zod names the fields on a refusal), and
 * ajv then returns at the first problem. messages false: no error texts in the bundle.
 * Numbers are strict by ajv's default (strictNumbers), so NaN and ±Infinity fail as in zod;
 * JSON.parse cannot produce them anyway. allowUnionTypes: zod writes a nullable string as
 * `"type": ["string", "null"]`, which strict mode otherwise refuses.
 */
export const AJV_OPTIONS: Options = {
  allErrors: false,
  messages: false,
  strict: true,
  allowUnionTypes: true,
  // lines: one statement a line, so that a regenerated file diffs readably.
  code: { source: true, esm: true, optimize: true, lines: true },
};

/**
 * JSON Schema keywords that ajv decides exactly as zod does. Others are refused rather than
 * trusted: minLength and maxLength count code points in ajv and UTF-16 units in zod, a
 * pattern runs with the `u` flag in ajv and without it in zod, and formats differ in detail.
 */
const EXACT_KEYWORDS = new Set([
  "$schema",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "anyOf",
  "enum",
  "const",
]);

/** Keywords whose value is a map of subschemas, not a subschema or a value. */
const SCHEMA_MAPS = new Set(["properties"]);

function refuseInexactKeywords(schema: unknown, path: string): void {
  if (typeof schema !== "object" || schema === null) return;
  if (Array.isArray(schema)) {
    schema.forEach((item, index) => refuseInexactKeywords(item, `${path}/${index}`));
    return;
  }
  for (const [keyword, value] of Object.entries(schema)) {
    if (!EXACT_KEYWORDS.has(keyword)) {
      throw new Error(
        `${path}/${keyword}: ajv does not decide "${keyword}" as zod does; validate this schema with zod only`,
      );
    }
    if (keyword === "enum" || keyword === "const") continue;
    if (SCHEMA_MAPS.has(keyword)) {
      for (const [name, subschema] of Object.entries(value as Record<string, unknown>))
        refuseInexactKeywords(subschema, `${path}/${keyword}/${name}`);
    } else {
      refuseInexactKeywords(value, `${path}/${keyword}`);
    }
  }
}

/**
 * The JSON Schema of a zod schema whose verdict ajv can reproduce, and whose output is its
 * input, so that the client can return the parsed JSON itself when ajv accepts it.
 *
 * Identity is tested through zod's own output: the schemas of what zod accepts (io "input")
 * and of what it returns (io "output") differ for a stripping object, a default or a pipe;
 * a transform makes z.toJSONSchema throw. A refinement (`.refine`) is the one thing no JSON
 * Schema shows: the generated validator would ignore it, and the same-verdict test of that
 * schema (in the test file named above) is what catches it.
 *
 * Draft 7 rather than zod's default 2020-12: for these keywords both mean the same, and
 * ajv's draft-7 code skips the bookkeeping 2020-12 needs for `unevaluatedProperties`.
 */
export function exactJsonSchema(schema: z.ZodType, name: string): Record<string, unknown> {
  const accepted = z.toJSONSchema(schema, { target: "draft-7", io: "input" });
  const returned = z.toJSONSchema(schema, { target: "draft-7", io: "output" });
  if (JSON.stringify(accepted) !== JSON.stringify(returned)) {
    throw new Error(
      `${name}: zod's output differs from its input (a stripping object, a default, a pipe…), so the parsed JSON cannot be returned as is`,
    );
  }
  refuseInexactKeywords(returned, name);
  return returned;
}

export interface ValidatorTarget {
  schema: z.ZodType;
  /** Where the schema lives, for the generated file's header. */
  schemaName: string;
  /** The generated file, relative to src/client/generated. */
  file: string;
  /** The exported type guard. */
  exportName: string;
  /** The guarded type and the module it comes from, relative to the generated file. */
  typeName: string;
  typeModule: string;
}

/** Only what is too large for zod to copy: reference lists and legacy answers go through zod. */
export const TARGETS: readonly ValidatorTarget[] = [
  {
    schema: statsResponse,
    schemaName: "statsResponse (src/api/stats-response.ts)",
    file: "stats-response.validator.ts",
    exportName: "isStatsResponse",
    typeName: "StatsResponse",
    typeModule: "../../api/stats-response",
  },
];

const AJV_PREAMBLE = /^"use strict";\nexport const \w+ = (validate\d+);\n/;

/** The text of one generated module: ajv's standalone code under a typed export. */
export function validatorModuleSource(target: ValidatorTarget): string {
  const ajv = new Ajv(AJV_OPTIONS);
  ajv.addSchema(exactJsonSchema(target.schema, target.schemaName), "validator");
  const standalone = standaloneCode(ajv, { validator: "validator" });
  const preamble = AJV_PREAMBLE.exec(standalone);
  if (!preamble)
    throw new Error(
      "ajv's standalone code no longer starts as expected: update AJV_PREAMBLE in scripts/generate-validators.ts",
    );
  const body = standalone.slice(preamble[0].length);
  // ajv's runtime helpers (string length, deep equality) come as `require` even in ESM mode.
  // The exact keywords above never need one; should that change, import them here.
  if (body.includes("require("))
    throw new Error(
      `${target.schemaName}: ajv's code requires a runtime helper, which the generated module cannot import yet`,
    );
  return [
    "/* eslint-disable */",
    "// @ts-nocheck -- ajv's standalone code is untyped JavaScript; the export below carries the type.",
    `// Generated by scripts/generate-validators.ts from ${target.schemaName}. Do not edit:`,
    "// run `npm run generate:validators` after changing the schema (a unit test fails until then).",
    `import type { ${target.typeName} } from "${target.typeModule}";`,
    "",
    `/** Same verdict as \`safeParse\` of ${target.schemaName.split(" ")[0]}, which returns an accepted value unchanged. */`,
    `export const ${target.exportName} = ${preamble[1]} as (data: unknown) => data is ${target.typeName};`,
    "",
    body.trimEnd(),
    "",
  ].join("\n");
}

export function generatedModules(): { path: string; source: string }[] {
  return TARGETS.map((target) => ({
    path: join(GENERATED_DIRECTORY, target.file),
    source: validatorModuleSource(target),
  }));
}

if (typeof require !== "undefined" && require.main === module) {
  mkdirSync(GENERATED_DIRECTORY, { recursive: true });
  for (const { path, source } of generatedModules()) {
    writeFileSync(path, source);
    console.log(`wrote ${relative(process.cwd(), path)} (${source.length.toLocaleString("en-US")} characters)`);
  }
}
