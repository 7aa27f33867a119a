/**
 * The emulator's request handling, fuzzed over real HTTP: any body or query string gets 200 or a
 * documented 4xx carrying the error body, never a 500, never silence. Shared by
 * test/unit/property/emulator-requests.test.ts and scripts/reliability/fuzz.ts.
 */
import fc from "fast-check";
import {
  ASSET_TYPES,
  DATE_GROUPS,
  DEVICE_TYPES,
  errorBody,
  FILTER_NAMES,
  GROUPS,
  INTEGRATION_TYPES,
  KNOWN_FORMATS,
  LEGACY_GROUP_BY,
  LEGACY_ROUTES,
  legacyStatsResponse,
  MAX_ROW_COUNT,
  METRICS,
  SERVICE_LIMITS,
  STATS_ROUTES,
  statsResponse,
} from "../../../../src/api";
import { startEmulator, type RunningEmulator } from "../../../../src/emulator";
import { BOUNDARY_DATES, isoDate, PROTOTYPE_WORDS, word } from "./arbitraries";
import { describeThrown, type FuzzTarget, type Judgement } from "./judge";

/** A small data set (about 17,000 fact rows): every query stays cheap, so hundreds fit in seconds. */
export const FUZZ_EMULATOR_OPTIONS = { seed: 7, days: 14, scale: 0.2, today: "2026-06-30" } as const;
/** Far above any answer of the small data set: a request still waiting is a hang. */
const ANSWER_TIMEOUT_MS = 15_000;
/** The statuses docs/emulator.md documents for these routes, each with the error body. */
const DOCUMENTED_REFUSALS = new Map<number, readonly string[]>([
  [400, ["invalid_request", "invalid_json", "limit_exceeded"]],
  [403, ["forbidden"]],
  [413, ["body_too_large"]],
  [415, ["unsupported_media_type"]],
]);

export interface FuzzEmulator {
  emulator: RunningEmulator;
  /** Errors the emulator met that were not refusals: each would have been a 500. */
  unexpected: unknown[];
  close(): Promise<void>;
}

export async function startFuzzEmulator(): Promise<FuzzEmulator> {
  const unexpected: unknown[] = [];
  const emulator = await startEmulator({ ...FUZZ_EMULATOR_OPTIONS, onError: (error) => unexpected.push(error) });
  return { emulator, unexpected, close: () => emulator.close() };
}

const dataDay = fc.integer({ min: 1, max: 30 }).map((day) => `2026-06-${String(day).padStart(2, "0")}`);
const dayText = fc.oneof(dataDay, isoDate, fc.constantFrom(...BOUNDARY_DATES));
const anyJson = fc.jsonValue({ maxDepth: 2 });
const count = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 50 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      -1,
      1.5,
      1e20,
      MAX_ROW_COUNT,
      MAX_ROW_COUNT + 1,
      SERVICE_LIMITS.maxLimit + 1,
      "10",
      null,
      true,
    ),
  },
);

/** Filters the schema accepts, over days of the data set, so that requests reach the store. */
function plausibleFilters(organizations: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(dataDay, dataDay).chain(([first, second]) =>
    fc.record(
      {
        from: fc.constant(first <= second ? first : second),
        to: fc.constant(first <= second ? second : first),
        organizations,
        countries: fc.uniqueArray(fc.constantFrom("FR", "DE", "US", "GB", "JP", "ZZ"), { maxLength: 3 }),
        formats: fc.uniqueArray(fc.constantFrom(...KNOWN_FORMATS, "unknown_format"), { maxLength: 2 }),
        device_types: fc.uniqueArray(fc.constantFrom(...DEVICE_TYPES), { maxLength: 2 }),
        asset_types: fc.uniqueArray(fc.constantFrom(...ASSET_TYPES), { maxLength: 2 }),
        integration_types: fc.uniqueArray(fc.constantFrom(...INTEGRATION_TYPES), { maxLength: 2 }),
        ad_units: fc.array(fc.uuid(), { maxLength: 1 }),
      },
      { requiredKeys: ["from", "to"] },
    ),
  );
}

/** A /stats body the schema accepts: groups, metrics and orders that agree, counts in range. */
function plausibleBody(
  limit: fc.Arbitrary<unknown>,
  organizations: fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record(
      {
        filters: plausibleFilters(organizations),
        metrics: fc.uniqueArray(fc.constantFrom(...METRICS), { minLength: 1 }),
        groups: fc.uniqueArray(fc.constantFrom(...GROUPS), { maxLength: 4 }),
        date_group: fc.constantFrom(...DATE_GROUPS),
        date_group_limit: fc.integer({ min: 0, max: 20 }),
        offset: fc.integer({ min: 0, max: 100 }),
        limit,
      },
      { requiredKeys: ["filters"] },
    )
    .chain((body) =>
      fc
        .uniqueArray(fc.tuple(fc.constantFrom<string>(...(body.groups ?? []), ...METRICS), fc.boolean()), {
          selector: ([name]) => name,
          maxLength: 2,
        })
        .map((orders) =>
          orders.length === 0
            ? body
            : { ...body, orders: orders.map(([name, descending]) => (descending ? `${name}:desc` : name)) },
        ),
    );
}

/** Values of each field that the schema refuses, or that go past a limit. */
const hostileFields: Record<string, fc.Arbitrary<unknown>> = {
  filters: fc.oneof(
    fc.record({ from: fc.oneof(dayText, anyJson), to: fc.oneof(dayText, anyJson) }),
    fc.record({
      from: dayText,
      to: dayText,
      countries: fc.array(word(["FR", "fr", "FRA"]), { maxLength: 2 }),
      device_types: fc.array(word(["mobile", "tablet"]), { maxLength: 2 }),
    }),
    anyJson,
  ),
  metrics: fc.oneof(fc.array(word(METRICS), { maxLength: 3 }), anyJson),
  groups: fc.oneof(fc.array(word(GROUPS), { maxLength: 3 }), anyJson),
  orders: fc.array(
    fc
      .tuple(word([...METRICS, ...GROUPS]), fc.constantFrom("", ":desc", ":asc"))
      .map(([name, direction]) => name + direction),
    { maxLength: 2 },
  ),
  date_group: fc.oneof(word(DATE_GROUPS), anyJson),
  date_group_limit: count,
  offset: count,
  limit: count,
};

/** Plausible bodies, plausible ones with one field gone wrong, and bodies of anything at all. */
function statsBody(
  limit: fc.Arbitrary<unknown>,
  organizations: fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const plausible = plausibleBody(limit, organizations);
  return fc.oneof(
    { weight: 3, arbitrary: plausible },
    {
      weight: 2,
      arbitrary: fc
        .tuple(plausible, fc.constantFrom(...Object.keys(hostileFields)))
        .chain(([body, field]) => hostileFields[field]!.map((value) => ({ ...body, [field]: value }))),
    },
    { weight: 1, arbitrary: fc.record(hostileFields, { requiredKeys: [] }) },
  );
}

/** JSON text whose keys include names of Object.prototype, written as keys (JSON.stringify of an object could drop __proto__). */
const prototypeKeyedText = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom<string>(...PROTOTYPE_WORDS, "filters", "groups", "limit"), anyJson), {
      maxLength: 3,
    }),
    fc.tuple(dataDay, dataDay),
    fc.array(fc.tuple(fc.constantFrom<string>(...PROTOTYPE_WORDS, ...FILTER_NAMES), anyJson), { maxLength: 3 }),
  )
  .map(([top, [from, to], inFilters]) => {
    const members = (pairs: readonly (readonly [string, unknown])[]) =>
      pairs.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
    const filters = `{${[...members(inFilters), `"from":"${from}"`, `"to":"${to}"`].join(",")}}`;
    return `{${[...members(top), `"filters":${filters}`].join(",")}}`;
  });

function statsBodyText(limit: fc.Arbitrary<unknown>, organizations: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: statsBody(limit, organizations).map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: prototypeKeyedText },
    { weight: 1, arbitrary: anyJson.map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.string(), fc.constantFrom("", "{", '{"filters":', "null", "[]", '{"filters":{}}')),
    },
  );
}

/** What a refusal must carry: a documented status, the shared error body, and each problem's path. */
async function judgeRefusal(response: Response, text: string): Promise<Judgement> {
  const codes = DOCUMENTED_REFUSALS.get(response.status);
  if (codes === undefined)
    return { outcome: "uncaught", problem: `answered ${response.status}: ${text.slice(0, 300)}` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      outcome: "refused",
      problem: `answered ${response.status} without a JSON error body: ${text.slice(0, 200)}`,
    };
  }
  const body = errorBody.safeParse(json);
  if (!body.success)
    return {
      outcome: "refused",
      problem: `answered ${response.status} with a body that is not the error body: ${text.slice(0, 200)}`,
    };
  const { code, message, details } = body.data.error;
  if (!codes.includes(code))
    return { outcome: "refused", problem: `answered ${response.status} with the undocumented code ${code}` };
  if (message.trim() === "") return { outcome: "refused", problem: `answered ${response.status} without a message` };
  if (code === "invalid_request" || code === "limit_exceeded") {
    const problems = (details as { problems?: unknown } | undefined)?.problems;
    const named =
      Array.isArray(problems) &&
      problems.length > 0 &&
      problems.every(
        (problem: { path?: unknown; message?: unknown }) =>
          typeof problem.path === "string" &&
          problem.path !== "" &&
          typeof problem.message === "string" &&
          problem.message !== "",
      );
    if (!named)
      return {
        outcome: "refused",
        problem: `${code} without a path and message for each problem: ${text.slice(0, 300)}`,
      };
  }
  return { outcome: "refused" };
}

type Answer = "json" | "csv" | "xlsx" | "legacy";

async function judgeAnswer(fuzz: FuzzEmulator, send: () => Promise<Response>, answer: Answer): Promise<Judgement> {
  let response: Response;
  let text: string;
  try {
    response = await send();
    // ignoreBOM keeps the byte order mark a CSV file must start with, which text() would drop.
    text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  } catch (error) {
    return { outcome: "uncaught", problem: `no answer within ${ANSWER_TIMEOUT_MS} ms: ${describeThrown(error)}` };
  }
  const unexpected = fuzz.unexpected.splice(0);
  if (unexpected.length > 0)
    return { outcome: "uncaught", problem: `the emulator met ${unexpected.map(describeThrown).join("; ")}` };
  if (response.status !== 200) return judgeRefusal(response, text);
  const type = response.headers.get("content-type") ?? "";
  if (answer === "csv")
    return type.startsWith("text/csv") && text.startsWith("\uFEFF")
      ? { outcome: "accepted" }
      : { outcome: "accepted", problem: `a CSV answer typed ${type}` };
  if (answer === "xlsx")
    return type.includes("spreadsheetml")
      ? { outcome: "accepted" }
      : { outcome: "accepted", problem: `an Excel answer typed ${type}` };
  const schema = answer === "json" ? statsResponse : legacyStatsResponse;
  let parsed;
  try {
    parsed = schema.safeParse(JSON.parse(text));
  } catch {
    return { outcome: "accepted", problem: `a 200 that is not JSON: ${text.slice(0, 200)}` };
  }
  return parsed.success
    ? { outcome: "accepted" }
    : { outcome: "accepted", problem: `a 200 the client's schema refuses: ${parsed.error.message.slice(0, 300)}` };
}

function statsTarget(
  fuzz: FuzzEmulator,
  route: string,
  answer: Answer,
  numRuns: number,
  limit: fc.Arbitrary<unknown>,
): FuzzTarget<string> {
  const credential = fuzz.emulator.credentials.bearer.reduce((widest, candidate) =>
    candidate.organizations.length > widest.organizations.length ? candidate : widest,
  );
  // Mostly the caller's own organizations (the request goes through), sometimes any id (403).
  const organizations = fc.oneof(
    { weight: 3, arbitrary: fc.subarray([...credential.organizations]) },
    { weight: 1, arbitrary: fc.array(fc.oneof(fc.uuid(), anyJson), { maxLength: 2 }) },
  );
  return {
    name: `emulator: POST ${route}`,
    numRuns,
    arbitrary: statsBodyText(limit, organizations),
    judge: (body) =>
      judgeAnswer(
        fuzz,
        () =>
          fetch(fuzz.emulator.baseUrl + route, {
            method: "POST",
            headers: { Authorization: `Bearer ${credential.token}`, "Content-Type": "application/json" },
            body,
            signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
          }),
        answer,
      ),
  };
}

const legacyKey = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("from_date", "to_date", "group_by") },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_WORDS) },
  { weight: 1, arbitrary: fc.string() },
);
const legacyValue = fc.oneof(
  { weight: 4, arbitrary: dayText },
  {
    weight: 3,
    arbitrary: fc
      .array(word([...LEGACY_GROUP_BY, "week"]), { minLength: 1, maxLength: 3 })
      .map((names) => names.join(",")),
  },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_WORDS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary" }) },
);

function legacyTarget(fuzz: FuzzEmulator, numRuns: number): FuzzTarget<string> {
  const credential = fuzz.emulator.credentials.legacy[0]!;
  return {
    name: `emulator: GET ${LEGACY_ROUTES.stats}`,
    numRuns,
    arbitrary: fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .array(fc.tuple(legacyKey, legacyValue), { maxLength: 5 })
          .map((pairs) => new URLSearchParams(pairs).toString()),
      },
      // Written by hand: stray percent signs, repeated keys, keys without values.
      {
        weight: 1,
        arbitrary: fc
          .array(
            fc.constantFrom(
              "from_date=%",
              "group_by",
              "to_date=%E0%A4%A",
              "&&",
              "group_by=month&group_by=day",
              "from_date=2026-06-01&from_date=x",
              "__proto__[x]=1",
            ),
            { maxLength: 3 },
          )
          .map((parts) => parts.join("&")),
      },
    ),
    judge: (query) =>
      judgeAnswer(
        fuzz,
        () =>
          fetch(`${fuzz.emulator.legacyBaseUrl}${LEGACY_ROUTES.stats}?${query}`, {
            headers: { "x-auth-apikey": credential.apiKey, "x-auth-secret": credential.apiSecret },
            signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
          }),
        "legacy",
      ),
  };
}

/**
 * One target per route. Export bodies always carry a small limit: an Excel file of every fact
 * row takes seconds to write, and which rows it holds is the stats route's business.
 */
export function emulatorTargets(fuzz: FuzzEmulator): FuzzTarget<unknown>[] {
  const pageLimit = fc.oneof(count, fc.constant(undefined));
  const fileLimit = fc.integer({ min: 0, max: 200 });
  return [
    statsTarget(fuzz, STATS_ROUTES.json, "json", 300, pageLimit),
    statsTarget(fuzz, STATS_ROUTES.csv, "csv", 150, fileLimit),
    statsTarget(fuzz, STATS_ROUTES.xlsx, "xlsx", 100, fileLimit),
    legacyTarget(fuzz, 300),
  ] as FuzzTarget<unknown>[];
}
