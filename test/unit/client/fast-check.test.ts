import { z } from "zod";
import { legacyStatsResponse } from "../../../src/api/legacy";
import { countriesResponse, datesResponse } from "../../../src/api/reference";
import { statsRequest } from "../../../src/api/stats-request";
import { statsEntry, statsResponse } from "../../../src/api/stats-response";
import { compileFastCheck, type FastCheck } from "../../../src/client/fast-check";

/** Values of every JSON type and a few JavaScript-only ones zod must also refuse. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  -0,
  1.5,
  -1,
  1.2e-7,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  "",
  "text",
  [],
  [1],
  {},
  { nested: 1 },
  new Date(0),
];

const VALID = {
  params: { filters: { from: "2024-01-01", to: "2024-01-02" } },
  stats: [
    { group: { date: "2024-01-01", asset: "ABC-1A2B3C4D", country: null }, metrics: { impressions: 10, revenues: 1.2e-7, requests: 12, ecpm: 0.01 } },
    { group: {}, metrics: {} },
  ],
  total: 2,
};

/** Every value reachable by replacing or deleting one field of `value` at any depth. */
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

/** A seeded generator of random JSON-like values biased towards the /stats shape. */
function randomValues(count: number, seed: number): unknown[] {
  let state = seed;
  const random = () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const leaf = () => pick(ODD_VALUES);
  const metrics = () => Object.fromEntries(["impressions", "revenues", "ecpm", "requests", "other"].filter(() => random() < 0.7).map((key) => [key, random() < 0.8 ? random() * 100 : leaf()]));
  const group = () => Object.fromEntries(["date", "asset", "country", "ad_unit", "foo"].filter(() => random() < 0.6).map((key) => [key, random() < 0.7 ? "v" : leaf()]));
  const entry = () => (random() < 0.9 ? { group: random() < 0.95 ? group() : leaf(), metrics: random() < 0.95 ? metrics() : leaf() } : leaf());
  return Array.from({ length: count }, () => {
    const answer: Record<string, unknown> = { stats: random() < 0.95 ? Array.from({ length: Math.floor(random() * 4) }, entry) : leaf() };
    if (random() < 0.5) answer.total = random() < 0.7 ? Math.floor(random() * 10) : leaf();
    if (random() < 0.3) answer.params = leaf();
    return random() < 0.97 ? answer : leaf();
  });
}

function expectSameVerdict(schema: z.ZodType, check: FastCheck, input: unknown): boolean {
  const zod = schema.safeParse(input);
  if (check(input) !== zod.success) throw new Error(`fast check and zod disagree on ${JSON.stringify(input)}: zod says ${zod.success}`);
  return zod.success;
}

/**
 * Same verdict as zod on every input; and on what JSON.parse makes of it (the only input the
 * client gives the check), an accepted value must already be exactly zod's output, since the
 * client then returns it as is.
 */
function expectSameVerdictAsZod(schema: z.ZodType, check: FastCheck, inputs: Iterable<unknown>): number {
  let compared = 0;
  for (const input of inputs) {
    expectSameVerdict(schema, check, input);
    const text = JSON.stringify(input);
    if (text !== undefined) {
      const parsed: unknown = JSON.parse(text);
      if (expectSameVerdict(schema, check, parsed)) expect(schema.parse(parsed)).toStrictEqual(parsed);
    }
    compared += 1;
  }
  return compared;
}

const FORMS = [
  ["generated code", { generateCode: true }],
  ["closures (no code generation allowed)", { generateCode: false }],
] as const;

describe.each(FORMS)("compileFastCheck on statsResponse, as %s", (_form, options) => {
  const check = compileFastCheck(statsResponse, options)!;

  it("compiles: the /stats schemas are identity schemas", () => {
    expect(check).toBeDefined();
    expect(compileFastCheck(statsEntry, options)).toBeDefined();
  });

  it("accepts the valid answer", () => {
    expect(check(VALID)).toBe(true);
  });

  it("agrees with zod on every single-field change of a valid answer", () => {
    expect(expectSameVerdictAsZod(statsResponse, check, mutations(VALID))).toBeGreaterThan(500);
  });

  it("agrees with zod on thousands of random answers", () => {
    const inputs = randomValues(5_000, 7);
    const accepted = inputs.filter((input) => statsResponse.safeParse(input).success).length;
    // Both verdicts must occur often, or the comparison proves little.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(4_800);
    expectSameVerdictAsZod(statsResponse, check, inputs);
  });

  it("delegates checks to zod: a fractional or negative total is refused", () => {
    expect(check({ stats: [], total: 2.5 })).toBe(false);
    expect(check({ stats: [], total: -1 })).toBe(false);
    expect(check({ stats: [], total: 0 })).toBe(true);
  });
});

describe.each(FORMS)("compileFastCheck on other schemas, as %s", (_form, options) => {
  it("compiles identity building blocks and agrees with zod on them", () => {
    const schema = z.looseObject({
      a: z.union([z.string(), z.number().int()]),
      b: z.array(z.boolean().nullable()).optional(),
      c: z.string().regex(/^x+$/).optional(),
      d: z.looseObject({ e: z.unknown() }).refine((value) => value.e !== 3),
    });
    const check = compileFastCheck(schema, options)!;
    expect(check).toBeDefined();
    const valid = { a: "s", b: [true, null], c: "xx", d: { e: 1 } };
    expect(check(valid)).toBe(true);
    expectSameVerdictAsZod(schema, check, mutations(valid));
  });

  it.each([
    ["an object that strips unknown keys", z.object({ a: z.string() })],
    ["a strict object", z.strictObject({ a: z.string() })],
    ["a transform", z.string().transform((text) => text.length)],
    ["a default", z.looseObject({ a: z.string().default("x") })],
    ["a coercion", z.coerce.number()],
    ["a record", z.record(z.string(), z.number())],
    ["an enum (not compiled yet)", z.enum(["a", "b"])],
    ["a lazy schema", z.lazy(() => z.string())],
    ["the request schema (it strips unknown keys)", statsRequest],
    ["the legacy stats answer (records, lazy nodes)", legacyStatsResponse],
    ["a lenient reference reader (it normalises)", countriesResponse],
    ["the /dates reader", datesResponse],
  ])("refuses to compile %s, so that zod handles it", (_name, schema) => {
    expect(compileFastCheck(schema, options)).toBeUndefined();
  });

  it("compiles each schema once", () => {
    expect(compileFastCheck(statsResponse, options)).toBe(compileFastCheck(statsResponse, options));
  });

  it("checks every element of a sparse array, as zod does", () => {
    const sparse: unknown[] = [];
    sparse[2] = { group: {}, metrics: {} };
    expect(compileFastCheck(statsResponse, options)!({ stats: sparse })).toBe(false);
    expect(statsResponse.safeParse({ stats: sparse }).success).toBe(false);
  });
});

describe("compileFastCheck and zod's jitless setting", () => {
  afterEach(() => z.config({ jitless: false }));

  it("uses the closure form when zod is told not to generate code", () => {
    const generated = compileFastCheck(statsResponse);
    z.config({ jitless: true });
    const closures = compileFastCheck(statsResponse);
    expect(closures).toBeDefined();
    expect(closures).not.toBe(generated);
    expect(closures).toBe(compileFastCheck(statsResponse, { generateCode: false }));
  });
});
