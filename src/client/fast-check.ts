import { z } from "zod";

/**
 * A non-allocating validity check derived from a zod schema, for answers too large to copy.
 *
 * Why (measured on a 100,000-row /stats answer, bench/stats-parse.bench.ts): zod builds a new
 * object for every object it parses, which costs 1.6-2.4x a bare JSON.parse; validating
 * inside a JSON.parse reviver is worse (a reviver that does nothing already costs about
 * 2.6x). This walks the schema's own definition once and compiles a predicate that only
 * reads the value. When it accepts, the parsed JSON is already what zod would return; when
 * it rejects, the caller runs zod for the precise issues, so no message comes from here.
 *
 * The predicate is generated as JavaScript source (like zod's own JIT), because a generic
 * predicate built from closures reads every field through one shared `value[key]` site,
 * which V8 cannot specialise: about 30 ms against about 3 ms for generated code with a
 * property read per field. Where code generation is forbidden (a strict Content Security
 * Policy, or zod's `jitless` setting), the closures are used instead: same verdicts.
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

/** Leaves whose output is their input, as a test on a variable; any other type stops the compilation. */
const LEAF_TESTS: Record<string, ((name: string) => string) | undefined> = {
  string: (name) => `typeof ${name} === "string"`,
  // zod's number rejects NaN and ±Infinity.
  number: (name) => `(typeof ${name} === "number" && Number.isFinite(${name}))`,
  boolean: (name) => `typeof ${name} === "boolean"`,
  null: (name) => `${name} === null`,
  undefined: (name) => `${name} === undefined`,
  unknown: () => "true",
  any: () => "true",
};

/** The same leaves as closures; the tests run both forms against zod. */
const LEAF_CLOSURES: Record<string, FastCheck | undefined> = {
  string: (value) => typeof value === "string",
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

function shapeOf(definition: Definition): [string, AnySchema][] {
  // A stripping or strict object changes or restricts the output: not identity.
  const catchallType = definition.catchall ? definitionOf(definition.catchall).type : undefined;
  if (catchallType !== "unknown" && catchallType !== "any") throw new NotIdentity();
  return Object.entries(definition.shape ?? {});
}

function zodAccepts(schema: AnySchema): FastCheck {
  return (value) => (schema as z.ZodType).safeParse(value).success;
}

/** Builds the source of one function per object or array node, with leaves inlined. */
class SourceCompiler {
  readonly functions: string[] = [];
  readonly delegates: FastCheck[] = [];

  /** A boolean expression testing the variable `name` against `schema`. */
  test(schema: AnySchema, name: string): string {
    const definition = definitionOf(schema);
    if (definition.coerce) throw new NotIdentity();
    const structural = this.structuralTest(definition, name);
    if (!definition.checks || definition.checks.length === 0) return structural;
    this.delegates.push(zodAccepts(schema));
    return `(${structural} && delegates[${this.delegates.length - 1}](${name}))`;
  }

  private structuralTest(definition: Definition, name: string): string {
    switch (definition.type) {
      case "object":
        return `${this.objectFunction(definition)}(${name})`;
      case "array":
        return `${this.arrayFunction(definition)}(${name})`;
      case "optional":
        return `(${name} === undefined || ${this.test(definition.innerType!, name)})`;
      case "nullable":
        return `(${name} === null || ${this.test(definition.innerType!, name)})`;
      case "union":
        return `(${(definition.options ?? []).map((option) => this.test(option, name)).join(" || ") || "false"})`;
      default: {
        const leaf = LEAF_TESTS[definition.type];
        if (!leaf) throw new NotIdentity();
        return leaf(name);
      }
    }
  }

  private addFunction(body: () => string): string {
    // Reserve the slot first: nested nodes add their functions while this body is built.
    const index = this.functions.length;
    const name = `check${index}`;
    this.functions.push("");
    this.functions[index] = `function ${name}(value) {\n${body()}\n}`;
    return name;
  }

  private objectFunction(definition: Definition): string {
    const fields = shapeOf(definition);
    return this.addFunction(() => {
      const lines = [`if (typeof value !== "object" || value === null || Array.isArray(value)) return false;`, "let field;"];
      for (const [key, schema] of fields) lines.push(`field = value[${JSON.stringify(key)}]; if (!${this.test(schema, "field")}) return false;`);
      lines.push("return true;");
      return lines.join("\n");
    });
  }

  private arrayFunction(definition: Definition): string {
    return this.addFunction(
      () =>
        `if (!Array.isArray(value)) return false;\nfor (let index = 0, length = value.length; index < length; index++) { const item = value[index]; if (!${this.test(definition.element!, "item")}) return false; }\nreturn true;`,
    );
  }
}

function generateCheck(schema: AnySchema): FastCheck {
  const compiler = new SourceCompiler();
  const entry = compiler.test(schema, "value");
  const source = `"use strict";\n${compiler.functions.join("\n")}\nreturn function fastCheck(value) { return ${entry}; };`;
  return new Function("delegates", source)(compiler.delegates) as FastCheck;
}

/** The same predicate from closures, for runtimes that forbid generating code. */
function closureCheck(schema: AnySchema): FastCheck {
  const definition = definitionOf(schema);
  if (definition.coerce) throw new NotIdentity();
  const structural = closureStructure(definition);
  if (!definition.checks || definition.checks.length === 0) return structural;
  const delegate = zodAccepts(schema);
  return (value) => structural(value) && delegate(value);
}

function closureStructure(definition: Definition): FastCheck {
  switch (definition.type) {
    case "object": {
      const fields = shapeOf(definition).map(([key, schema]) => ({ key, check: closureCheck(schema) }));
      return (value) => isPlainRecord(value) && fields.every((field) => field.check(value[field.key]));
    }
    case "array": {
      const element = closureCheck(definition.element!);
      return (value) => {
        if (!Array.isArray(value)) return false;
        // A loop, not `every`: `every` skips the holes of a sparse array, zod does not.
        for (let index = 0; index < value.length; index += 1) if (!element(value[index])) return false;
        return true;
      };
    }
    case "optional": {
      const inner = closureCheck(definition.innerType!);
      return (value) => value === undefined || inner(value);
    }
    case "nullable": {
      const inner = closureCheck(definition.innerType!);
      return (value) => value === null || inner(value);
    }
    case "union": {
      const options = (definition.options ?? []).map(closureCheck);
      return (value) => options.some((option) => option(value));
    }
    default: {
      const leaf = LEAF_CLOSURES[definition.type];
      if (!leaf) throw new NotIdentity();
      return leaf;
    }
  }
}

let codeGenerationAllowed: boolean | undefined;

function canGenerateCode(): boolean {
  if (z.core.globalConfig.jitless) return false;
  if (codeGenerationAllowed === undefined) {
    try {
      codeGenerationAllowed = new Function("return true")() === true;
    } catch {
      codeGenerationAllowed = false;
    }
  }
  return codeGenerationAllowed;
}

export interface FastCheckOptions {
  /** False forces the closure form (what runs where code generation is forbidden). */
  generateCode?: boolean;
}

const compiled = { generated: new WeakMap<AnySchema, FastCheck | null>(), closures: new WeakMap<AnySchema, FastCheck | null>() };

/** The compiled check of `schema`, or undefined when its output can differ from its input. */
export function compileFastCheck(schema: AnySchema, options: FastCheckOptions = {}): FastCheck | undefined {
  const generate = (options.generateCode ?? true) && canGenerateCode();
  const cache = generate ? compiled.generated : compiled.closures;
  const cached = cache.get(schema);
  if (cached !== undefined) return cached ?? undefined;
  let check: FastCheck | null;
  try {
    check = generate ? generateCheck(schema) : closureCheck(schema);
  } catch (failure) {
    if (!(failure instanceof NotIdentity)) throw failure;
    check = null;
  }
  cache.set(schema, check);
  return check ?? undefined;
}
