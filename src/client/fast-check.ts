import type { z } from "zod";

/**
 * A non-allocating validity check derived from a zod schema, for answers too large to copy.
 *
 * Why (measured with bench/stats-parse.bench.ts on a 100,000-row /stats answer): zod builds
 * a new object for every object it parses, which costs 1.6-1.9x a bare JSON.parse; validating
 * inside a JSON.parse reviver is worse (a reviver that does nothing already costs about 2.6x).
 * This walks the schema's own definition once and compiles a predicate that only reads the
 * value: about 1.05-1.1x. When the predicate accepts, the parsed JSON is already what zod
 * would return; when it rejects, the caller runs zod for the precise issues, so no message
 * ever comes from this file.
 *
 * Exactness: the verdict is zod's for any value, and an accepted value equals zod's output
 * for anything JSON.parse produces (zod copies a Date or an array's extra properties
 * differently, and JSON.parse makes neither). Only "identity" schemas compile, those whose
 * output equals their input: loose objects, arrays, optional, nullable, unions and plain
 * leaves. A node with checks (regex, int, min, refine…) is handed to zod's own `safeParse`,
 * so no rule is restated here. Anything else (transforms, defaults, pipes, records,
 * stripping objects…) makes `compileFastCheck` return undefined, and the caller uses zod.
 */

export type FastCheck = (value: unknown) => boolean;

type AnySchema = z.core.$ZodType;

interface Definition {
  type: string;
  checks?: unknown[];
  coerce?: boolean;
  shape?: Record<string, AnySchema>;
  catchall?: AnySchema;
  element?: AnySchema;
  innerType?: AnySchema;
  options?: AnySchema[];
}

class NotIdentity extends Error {}

function definitionOf(schema: AnySchema): Definition {
  return schema._zod.def as unknown as Definition;
}

/** Leaves whose output is their input; every other type stops the compilation. */
const IDENTITY_LEAVES: Record<string, FastCheck | undefined> = {
  string: (value) => typeof value === "string",
  // zod's number rejects NaN and ±Infinity.
  number: (value) => typeof value === "number" && Number.isFinite(value),
  boolean: (value) => typeof value === "boolean",
  null: (value) => value === null,
  undefined: (value) => value === undefined,
  unknown: () => true,
  any: () => true,
};

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function compileObject(definition: Definition): FastCheck {
  // A stripping or strict object changes or restricts the output: not identity.
  const catchallType = definition.catchall ? definitionOf(definition.catchall).type : undefined;
  if (catchallType !== "unknown" && catchallType !== "any") throw new NotIdentity();
  const fields = Object.entries(definition.shape ?? {}).map(([key, schema]) => ({ key, check: compile(schema) }));
  const count = fields.length;
  return (value) => {
    if (!isPlainRecord(value)) return false;
    for (let index = 0; index < count; index += 1) {
      const field = fields[index]!;
      if (!field.check(value[field.key])) return false;
    }
    return true;
  };
}

function compileStructure(definition: Definition): FastCheck {
  switch (definition.type) {
    case "object":
      return compileObject(definition);
    case "array": {
      const element = compile(definition.element!);
      return (value) => {
        if (!Array.isArray(value)) return false;
        const length = value.length;
        for (let index = 0; index < length; index += 1) if (!element(value[index])) return false;
        return true;
      };
    }
    case "optional": {
      const inner = compile(definition.innerType!);
      return (value) => value === undefined || inner(value);
    }
    case "nullable": {
      const inner = compile(definition.innerType!);
      return (value) => value === null || inner(value);
    }
    case "union": {
      const options = (definition.options ?? []).map(compile);
      return (value) => options.some((option) => option(value));
    }
    default: {
      const leaf = IDENTITY_LEAVES[definition.type];
      if (!leaf) throw new NotIdentity();
      return leaf;
    }
  }
}

function compile(schema: AnySchema): FastCheck {
  const definition = definitionOf(schema);
  if (definition.coerce) throw new NotIdentity();
  const structural = compileStructure(definition);
  if (!definition.checks || definition.checks.length === 0) return structural;
  // Checks (int, regex, refine…) stay zod's: run only where the shape is already right.
  const zodAccepts: FastCheck = (value) => (schema as z.ZodType).safeParse(value).success;
  return (value) => structural(value) && zodAccepts(value);
}

const compiled = new WeakMap<AnySchema, FastCheck | null>();

/** The compiled check of `schema`, or undefined when its output can differ from its input. */
export function compileFastCheck(schema: AnySchema): FastCheck | undefined {
  const cached = compiled.get(schema);
  if (cached !== undefined) return cached ?? undefined;
  let check: FastCheck | null;
  try {
    check = compile(schema);
  } catch (failure) {
    if (!(failure instanceof NotIdentity)) throw failure;
    check = null;
  }
  compiled.set(schema, check);
  return check ?? undefined;
}
