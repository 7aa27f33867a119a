import Ajv from "ajv";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { legacyStatsResponse } from "../../../src/api/legacy";
import { countriesResponse } from "../../../src/api/reference";
import { statsRequest } from "../../../src/api/stats-request";
import { statsResponse } from "../../../src/api/stats-response";
import { isStatsResponse } from "../../../src/client/generated/stats-response.validator";
import { AJV_OPTIONS, exactJsonSchema, generatedModules } from "../../../scripts/generate-validators";

type Validator = (value: unknown) => boolean;

/** Values of every JSON type, numbers at the edges, and JavaScript-only values zod must also refuse. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  -0,
  1.5,
  -1,
  1.2e-7,
  5e-324,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 53 - 1,
  -(2 ** 53),
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  "",
  "text",
  "12.5",
  [],
  [1],
  [{ group: {}, metrics: {} }],
  {},
  { nested: 1 },
  { group: {}, metrics: {} },
  new Date(0),
];

const VALID = {
  params: { filters: { from: "2024-01-01", to: "2024-01-02" } },
  stats: [
    {
      group: { date: "2024-01-01", asset: "ABC-1A2B3C4D", country: null },
      metrics: { impressions: 10, revenues: 1.2e-7, requests: 12, ecpm: 0.01 },
    },
    { group: {}, metrics: {} },
  ],
  total: 2,
};

/** Every value reachable by replacing, adding or deleting one field of `value` at any depth. */
function* mutations(value: unknown): Generator<unknown> {
  if (typeof value !== "object" || value === null) return;
  const keys = Object.keys(value);
  for (const key of [...keys, "extra"]) {
    for (const odd of ODD_VALUES) {
      yield Array.isArray(value) ? Object.assign([...value], { [key]: odd }) : { ...value, [key]: odd };
    }
  }
  for (const key of keys) {
    if (Array.isArray(value)) {
      yield value.filter((_, index) => String(index) !== key);
    } else {
      const { [key]: _removed, ...rest } = value as Record<string, unknown>;
      yield rest;
    }
    const child = (value as Record<string, unknown>)[key];
    for (const mutated of mutations(child)) {
      yield Array.isArray(value) ? Object.assign([...value], { [key]: mutated }) : { ...value, [key]: mutated };
    }
  }
}

/** A seeded generator of random values biased towards the /stats shape. */
function randomValues(count: number, seed: number): unknown[] {
  let state = seed;
  const random = () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const leaf = () => pick(ODD_VALUES);
  const metrics = () =>
    Object.fromEntries(
      ["impressions", "revenues", "ecpm", "requests", "other"]
        .filter(() => random() < 0.7)
        .map((key) => [key, random() < 0.8 ? random() * 100 : leaf()]),
    );
  const group = () =>
    Object.fromEntries(
      ["date", "asset", "country", "ad_unit", "foo"]
        .filter(() => random() < 0.6)
        .map((key) => [key, random() < 0.7 ? (random() < 0.8 ? "v" : null) : leaf()]),
    );
  const entry = () =>
    random() < 0.9
      ? { group: random() < 0.95 ? group() : leaf(), metrics: random() < 0.95 ? metrics() : leaf() }
      : leaf();
  return Array.from({ length: count }, () => {
    const answer: Record<string, unknown> = {
      stats: random() < 0.95 ? Array.from({ length: Math.floor(random() * 4) }, entry) : leaf(),
    };
    if (random() < 0.5) answer.total = random() < 0.7 ? Math.floor(random() * 10) : leaf();
    if (random() < 0.3) answer.params = leaf();
    return random() < 0.97 ? answer : leaf();
  });
}

function expectSameVerdict(schema: z.ZodType, validate: Validator, input: unknown): boolean {
  const zod = schema.safeParse(input);
  if (validate(input) !== zod.success)
    throw new Error(`the validator and zod disagree on ${JSON.stringify(input)}: zod says ${zod.success}`);
  return zod.success;
}

/**
 * Same verdict as zod on every input; and on what JSON.parse makes of it (the only input the
 * client gives the validator), an accepted value must already be exactly zod's output, since
 * the client then returns it as is.
 */
function expectSameVerdictAsZod(schema: z.ZodType, validate: Validator, inputs: Iterable<unknown>): number {
  let compared = 0;
  for (const input of inputs) {
    expectSameVerdict(schema, validate, input);
    const text = JSON.stringify(input);
    if (text !== undefined) {
      const parsed: unknown = JSON.parse(text);
      if (expectSameVerdict(schema, validate, parsed)) expect(schema.parse(parsed)).toStrictEqual(parsed);
    }
    compared += 1;
  }
  return compared;
}

describe("the committed generated validators", () => {
  it.each(generatedModules().map(({ path, source }) => [path.replace(/^.*\/src\//, "src/"), path, source]))(
    "%s is what scripts/generate-validators.ts makes of today's schema (else run npm run generate:validators)",
    (_shown, path, source) => {
      expect(readFileSync(path, "utf8")).toBe(source);
    },
  );

  it("need no code generation at runtime, which a strict Content-Security-Policy forbids", () => {
    for (const { source } of generatedModules()) expect(source).not.toMatch(/new Function|\beval\(|require\(/);
  });
});

describe("isStatsResponse (generated from statsResponse)", () => {
  it("accepts the valid answer", () => {
    expect(isStatsResponse(VALID)).toBe(true);
  });

  it("agrees with zod on every single-field change of a valid answer", () => {
    expect(expectSameVerdictAsZod(statsResponse, isStatsResponse, mutations(VALID))).toBeGreaterThan(700);
  });

  it("agrees with zod on thousands of random answers", () => {
    const inputs = randomValues(5_000, 7);
    const accepted = inputs.filter((input) => statsResponse.safeParse(input).success).length;
    // Both verdicts must occur often, or the comparison proves little.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(4_800);
    expectSameVerdictAsZod(statsResponse, isStatsResponse, inputs);
  });

  it("refuses a fractional, negative, unsafe or non-finite total, as zod's int().nonnegative() does", () => {
    for (const total of [2.5, -1, 2 ** 53, 1e308, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isStatsResponse({ stats: [], total })).toBe(false);
      expect(statsResponse.safeParse({ stats: [], total }).success).toBe(false);
    }
    expect(isStatsResponse({ stats: [], total: 0 })).toBe(true);
    expect(isStatsResponse({ stats: [], total: 2 ** 53 - 1 })).toBe(true);
  });

  it("checks every element of a sparse array, as zod does", () => {
    const sparse: unknown[] = [];
    sparse[2] = { group: {}, metrics: {} };
    expect(isStatsResponse({ stats: sparse })).toBe(false);
    expect(statsResponse.safeParse({ stats: sparse }).success).toBe(false);
  });

  it("keeps loose objects loose: unknown keys of any type pass, at every level", () => {
    const extra = {
      stats: [{ group: { hour: 10, date: null }, metrics: { clicks: "3" }, note: [] }],
      cursor: { next: 1 },
    };
    expect(isStatsResponse(extra)).toBe(true);
    expect(statsResponse.parse(extra)).toStrictEqual(extra);
  });
});

describe("scripts/generate-validators.ts", () => {
  /** What the generator's JSON Schema and options give, compiled here (tests may use new Function). */
  const compile = (schema: z.ZodType): Validator =>
    new Ajv(AJV_OPTIONS).compile(exactJsonSchema(schema, "test schema"));

  it("reproduces zod's verdict on identity building blocks: unions, nullable arrays, bounds, enums, literals", () => {
    const schema = z.looseObject({
      a: z.union([z.string(), z.number().int()]),
      b: z.array(z.boolean().nullable()).optional(),
      c: z.number().gt(0).lte(10).optional(),
      d: z.enum(["x", "y"]).optional(),
      e: z.literal(3).optional(),
      f: z.strictObject({ g: z.null() }).optional(),
    });
    const valid = { a: "s", b: [true, null], c: 10, d: "x", e: 3, f: { g: null } };
    const validate = compile(schema);
    expect(validate(valid)).toBe(true);
    expect(expectSameVerdictAsZod(schema, validate, mutations(valid))).toBeGreaterThan(300);
  });

  const NOT_IDENTITY = /output differs from its input/;
  const INEXACT = /ajv does not decide "\w+" as zod does/;
  it.each([
    ["an object that strips unknown keys", z.object({ a: z.string() }), NOT_IDENTITY],
    ["a default", z.looseObject({ a: z.string().default("x") }), NOT_IDENTITY],
    ["a pipe", z.looseObject({ a: z.string() }).pipe(z.looseObject({ a: z.literal("x") })), NOT_IDENTITY],
    ["a transform", z.string().transform((text) => text.length), /Transforms cannot be represented/],
    [
      "a string length, counted in code points by ajv and in UTF-16 units by zod",
      z.looseObject({ a: z.string().min(2) }),
      INEXACT,
    ],
    ["a pattern, run with the u flag by ajv only", z.string().regex(/^x+$/), INEXACT],
    ["the request schema (it strips unknown keys)", statsRequest, NOT_IDENTITY],
    ["the legacy stats answer", legacyStatsResponse, NOT_IDENTITY],
    ["a lenient reference reader (it normalises)", countriesResponse, /Transforms cannot be represented/],
  ])("refuses %s, so that zod handles it", (_name, schema, reason) => {
    expect(() => exactJsonSchema(schema, "test schema")).toThrow(reason);
  });
});
