/**
 * The built functions bundle (dist/functions.js as webpack makes it), registered through a
 * stand-in CustomFunctions.associate and called with the arguments Excel passes (serial numbers
 * for dates, ranges as rows of cells, null for an omitted argument) against the emulator over
 * real HTTP; results are compared with the service's own answers fetched directly.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { countriesResponse, legacyStatsResponse, type StatsEntry, type StatsRequest } from "../../../src/api";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import type { BearerCredential, LegacyCredential } from "../../../src/emulator/store/types";
import {
  CONFORMANCE_OPTIONS,
  START_TIMEOUT_MS,
  bearerHeaders,
  expectSameAmount,
  getJson,
  legacyHeaders,
  stats as statsDirectly,
  widestBearer,
} from "../emulator/support/emulator";
import {
  buildFunctionsBundle,
  cellErrorOf,
  loadFunctionsBundle,
  type BuiltBundle,
  type LoadedBundle,
} from "./support/functions-bundle";

const PROFILES_KEY = "reporting.profiles.v1";
const TODAY = { year: 2026, month: 6, day: 30 };
const FROM = "2026-06-01";
const TO = "2026-06-14";

/** Excel's serial number of a calendar date (1900 date system), computed independently of the add-in. */
function serialOf(isoDate: string): number {
  const [year, month, day] = isoDate.slice(0, 10).split("-").map(Number) as [number, number, number];
  return (Date.UTC(year, month - 1, day) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

function profile(name: string, emulator: RunningEmulator, token: string, legacy?: LegacyCredential) {
  return {
    name,
    kind: legacy ? "both" : "bearer",
    baseUrl: emulator.baseUrl,
    legacyBaseUrl: emulator.legacyBaseUrl,
    token,
    ...(legacy ? { apiKey: legacy.apiKey, apiSecret: legacy.apiSecret } : {}),
  };
}

function storageWith(profiles: unknown[], active: string | null): Record<string, string> {
  return { [PROFILES_KEY]: JSON.stringify({ profiles, active }) };
}

function requestsTo(bundle: LoadedBundle, emulator: RunningEmulator, route: string) {
  return bundle.fetches.filter(
    (fetched) =>
      fetched.url.startsWith(emulator.baseUrl + route) || fetched.url.startsWith(emulator.legacyBaseUrl + route),
  );
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
}

let built: BuiltBundle;
let main: RunningEmulator;
let revocable: RunningEmulator;
let limited: RunningEmulator;
let slow: RunningEmulator;
let bundle: LoadedBundle;
let token: string;
let legacyCredential: LegacyCredential;
let revocableCredentials: { bearer: BearerCredential[]; legacy: LegacyCredential[] };

beforeAll(async () => {
  const [bundleBuilt, emulator] = await Promise.all([buildFunctionsBundle(), startEmulator(CONFORMANCE_OPTIONS)]);
  built = bundleBuilt;
  main = emulator;
  token = widestBearer(main).token;
  legacyCredential = main.credentials.legacy.at(-1)!;
  // The same data behind other doors: a service whose tokens can be revoked, one that limits
  // the rate, one that answers slowly. They share the store, so they start at once.
  revocableCredentials = {
    bearer: main.credentials.bearer.map((credential) => ({ ...credential })),
    legacy: [...main.credentials.legacy],
  };
  revocable = await startEmulator({
    ...CONFORMANCE_OPTIONS,
    store: { ...main.store, credentials: revocableCredentials },
  });
  const start = Date.now();
  let limiterReads = 0;
  // The limiter sees its second request 59 s after the first: it refuses with Retry-After: 1,
  // every time, so the client's retries run out within seconds.
  limited = await startEmulator({
    ...CONFORMANCE_OPTIONS,
    store: main.store,
    rateLimitPerMinute: 1,
    now: () => (limiterReads++ === 0 ? start : start + 59_000),
  });
  slow = await startEmulator({ ...CONFORMANCE_OPTIONS, store: main.store, latencyMs: 3_000 });
  bundle = loadFunctionsBundle(built, {
    localNow: TODAY,
    storage: storageWith(
      [
        profile("Demo", main, token, legacyCredential),
        profile("Revocable", revocable, revocableCredentials.bearer[0]!.token),
        profile("Limited", limited, main.credentials.bearer[0]!.token),
        profile("Slow", slow, token),
      ],
      "Demo",
    ),
  });
}, START_TIMEOUT_MS + 120_000);

afterAll(async () => {
  await Promise.all([revocable?.close(), limited?.close(), slow?.close()]);
  await main?.close();
});

describe("registration", () => {
  it("associates every function of functions.json, and only those", () => {
    const ids = built.metadata.functions.map((fn) => fn.id).sort();
    expect([...bundle.associated.keys()].sort()).toEqual(ids);
    expect(ids).toEqual(
      expect.arrayContaining([
        "STATS",
        "VALUE",
        "LEGACY.STATS",
        "APPLICATIONS",
        "COUNTRIES",
        "FORMATS",
        "INTEGRATION_TYPES",
        "DEVICE_TYPES",
        "ASSET_TYPES",
        "ASSETS",
        "DATES",
        "DETAILS",
        "VERSION",
      ]),
    );
  });

  it("describes every function and parameter with an example for autocomplete", () => {
    for (const fn of built.metadata.functions) {
      expect(fn.description).toMatch(/Example: =REPORTING\./);
      for (const parameter of fn.parameters) expect(parameter.description).toMatch(/Example: /);
    }
    const legacy = built.metadata.functions.find((fn) => fn.id === "LEGACY.STATS");
    expect(legacy?.name).toBe("LEGACY.STATS");
  });

  it("has an example in the functions reference for every function", () => {
    const reference = readFileSync(join(__dirname, "..", "..", "..", "docs", "functions.md"), "utf8");
    const missing = built.metadata.functions
      .map((fn) => fn.id)
      .filter((id) => !reference.includes(`=REPORTING.${id}(`));
    expect(missing).toEqual([]);
  });

  it("declares ranges as matrices and the network functions as cancelable", () => {
    const statsFn = built.metadata.functions.find((fn) => fn.id === "STATS")!;
    const dimensionality = Object.fromEntries(
      statsFn.parameters.map((parameter) => [parameter.name, parameter.dimensionality ?? "scalar"]),
    );
    expect(dimensionality).toEqual({
      from: "scalar",
      to: "scalar",
      groups: "matrix",
      metrics: "matrix",
      filters: "matrix",
      orders: "matrix",
      options: "matrix",
    });
    expect(statsFn.result.dimensionality).toBe("matrix");
    for (const fn of built.metadata.functions.filter((each) => each.id !== "VERSION"))
      expect(fn.options?.cancelable).toBe(true);
  });
});

describe("REPORTING.STATS", () => {
  it("spills the /stats answer with readable headers, dated date cells and numbers", async () => {
    const request: StatsRequest = {
      filters: { from: FROM, to: TO, countries: ["FR", "DE"] },
      groups: ["date", "country"],
      metrics: ["revenues", "impressions"],
      orders: ["date", "country"],
      limit: 10_000,
    };
    const direct = await statsDirectly(main, token, request);
    expect(direct.stats.length).toBeGreaterThan(10);

    const result = (await bundle.call("STATS", [
      serialOf(FROM),
      serialOf(TO),
      [["date"], ["country"]],
      [["revenues, impressions"]],
      [["countries", "fr, de"]],
      [["date;country"]],
      null,
    ])) as unknown[][];

    expect(result[0]).toEqual(["Date", "Country", "Revenues", "Impressions"]);
    const expected = direct.stats.map((entry) => [
      { type: "Double", basicValue: serialOf(entry.group.date!), numberFormat: "yyyy-mm-dd" },
      entry.group.country,
      entry.metrics.revenues,
      entry.metrics.impressions,
    ]);
    expect(result.slice(1)).toEqual(expected);
  });

  it("reads a period word against the user's local day, and takes texts and options", async () => {
    const direct = await statsDirectly(main, token, {
      filters: { from: "2026-06-23", to: "2026-06-29" },
      groups: ["country"],
      metrics: ["revenues"],
      orders: ["revenues:desc"],
      limit: 5,
    });
    const result = (await bundle.call("STATS", [
      "LAST_7_DAYS",
      null,
      [["country"]],
      [["revenue"]],
      null,
      [["Revenues desc"]],
      [["headers=api; limit=5"]],
    ])) as unknown[][];
    expect(result).toEqual([
      ["country", "revenues"],
      ...direct.stats.map((entry) => [entry.group.country, entry.metrics.revenues]),
    ]);
  });

  it("writes plain serial numbers where Excel has no formatted number values", async () => {
    bundle.supportedSets.delete("CustomFunctionsRuntime 1.4");
    try {
      const result = (await bundle.call("STATS", [
        serialOf(FROM),
        serialOf(FROM),
        [["date"]],
        [["impressions"]],
        null,
        null,
        [["headers=none"]],
      ])) as unknown[][];
      const direct = await statsDirectly(main, token, {
        filters: { from: FROM, to: FROM },
        groups: ["date"],
        metrics: ["impressions"],
      });
      expect(result).toEqual(
        direct.stats.map((entry: StatsEntry) => [serialOf(entry.group.date!), entry.metrics.impressions]),
      );
    } finally {
      bundle.supportedSets.add("CustomFunctionsRuntime 1.4");
    }
  });

  it("takes a date spilled by another REPORTING formula as an argument", async () => {
    const spilledDate = { type: "Double", basicValue: serialOf(FROM), numberFormat: "yyyy-mm-dd" };
    const result = (await bundle.call("STATS", [
      spilledDate,
      spilledDate,
      null,
      [["requests"]],
      null,
      null,
      [["headers=none"]],
    ])) as unknown[][];
    const direct = await statsDirectly(main, token, { filters: { from: FROM, to: FROM }, metrics: ["requests"] });
    expect(result).toEqual([[direct.stats[0]!.metrics.requests]]);
  });

  it("shares one request between identical calls", async () => {
    const args = [serialOf("2026-05-10"), serialOf("2026-05-20"), [["format"]], null, null, null, null];
    const before = requestsTo(bundle, main, "/stats").length;
    const cells = await Promise.all(Array.from({ length: 20 }, () => bundle.call("STATS", args)));
    expect(requestsTo(bundle, main, "/stats").length - before).toBe(1);
    for (const cell of cells) expect(cell).toEqual(cells[0]);
    // That the task pane previews through this same cache is shown in the browser, where the
    // real pane runs beside the functions (test/e2e/taskpane.test.ts, "shares one runtime").
  });

  it("keeps one runtime and one cache when the bundle is evaluated twice in the page", async () => {
    const page = loadFunctionsBundle(built, { storage: storageWith([profile("Demo", main, token)], "Demo") });
    const args = [serialOf("2026-05-05"), serialOf("2026-05-06"), [["asset_type"]], null, null, null, null];
    await page.call("STATS", args);
    const first = page.associated.get("STATS");
    page.evaluateAgain();
    // The page's one module registry runs the entry once: the same function, on the same cache.
    expect(page.associated.get("STATS")).toBe(first);
    await page.call("STATS", args);
    expect(requestsTo(page, main, "/stats")).toHaveLength(1);
  });
});

describe("REPORTING.VALUE", () => {
  it("answers cells that vary by country from one shared request, each matching /stats", async () => {
    const direct = await statsDirectly(main, token, {
      filters: { from: FROM, to: TO },
      groups: ["country"],
      metrics: ["revenues"],
      limit: 10_000,
    });
    const countries = direct.stats.map((entry) => entry.group.country!).slice(0, 12);
    expect(countries.length).toBeGreaterThan(5);
    const before = requestsTo(bundle, main, "/stats").length;

    const values = await Promise.all(
      countries.map((country) =>
        bundle.call("VALUE", ["revenues", FROM, serialOf(TO), [[`countries=${country}`]], null]),
      ),
    );

    expect(requestsTo(bundle, main, "/stats").length - before).toBe(1);
    countries.forEach((country, index) => {
      const expected = direct.stats.find((entry) => entry.group.country === country)!.metrics.revenues!;
      expect(typeof values[index]).toBe("number");
      expectSameAmount(values[index] as number, expected);
    });
  });
});

describe("REPORTING.LEGACY.STATS", () => {
  it("flattens the legacy route's aggregation to rows", async () => {
    const url = `${main.legacyBaseUrl}/reporting/v1/stats?from_date=${FROM}&to_date=${TO}&group_by=country`;
    const { status, body } = await getJson(url, legacyHeaders(legacyCredential));
    expect(status).toBe(200);
    const direct = legacyStatsResponse.parse(body);
    const expected = Object.entries(direct.aggregation ?? {}).map(([country, node]) => [
      country,
      node.stats!.impressions,
      node.stats!.revenue,
      node.stats!.ecpm,
      node.stats!.requests,
    ]);

    const result = (await bundle.call("LEGACY.STATS", [
      serialOf(FROM),
      serialOf(TO),
      [["country"]],
      [["headers=api"]],
    ])) as unknown[][];

    expect(result[0]).toEqual(["country", "impressions", "revenue", "ecpm", "requests"]);
    expect(new Set(result.slice(1).map((row) => JSON.stringify(row)))).toEqual(
      new Set(expected.map((row) => JSON.stringify(row))),
    );
  });
});

describe("reference functions", () => {
  it("COUNTRIES spills the /countries list", async () => {
    const { body } = await getJson(`${main.baseUrl}/countries`, bearerHeaders(token));
    const direct = countriesResponse.parse(body);
    const result = (await bundle.call("COUNTRIES", [null])) as unknown[][];
    expect(result).toEqual([["Value", "Label"], ...direct.map((country) => [country.value, country.label])]);
  });

  it("DATES spills the first and last day with data as dated values", async () => {
    const result = (await bundle.call("DATES", [[["headers=none"]]])) as unknown[][];
    const dated = (iso: string) => ({ type: "Double", basicValue: serialOf(iso), numberFormat: "yyyy-mm-dd" });
    expect(result).toEqual([[dated(main.store.period.from), dated(main.store.period.to)]]);
  });
});

describe("errors in cells", () => {
  it("#VALUE! names the argument and what it accepts", async () => {
    const badDate = await cellErrorOf(bundle.call("STATS", ["last fortnight", null]));
    expect(badDate.code).toBe("#VALUE!");
    expect(badDate.message).toMatch(/^from: "last fortnight" is not a date/);
    expect(badDate.message).toContain("LAST_MONTH");

    const badGroup = await cellErrorOf(bundle.call("STATS", [FROM, TO, [["colour"]]]));
    expect(badGroup).toEqual({ code: "#VALUE!", message: expect.stringMatching(/^groups: "colour" is not a group/) });

    const badMetric = await cellErrorOf(bundle.call("VALUE", ["profit", FROM, TO]));
    expect(badMetric.code).toBe("#VALUE!");
    expect(badMetric.message).toMatch(/^metric/);
  });

  it("#N/A asks to sign in when no profile is active", async () => {
    const signedOut = loadFunctionsBundle(built, { storage: storageWith([profile("Demo", main, token)], null) });
    const error = await cellErrorOf(signedOut.call("STATS", [FROM, TO]));
    expect(error.code).toBe("#N/A");
    expect(error.message).toContain("Sign in from the Reporting task pane");
    expect(signedOut.fetches).toHaveLength(0);

    const unknown = await cellErrorOf(bundle.call("COUNTRIES", [[["profile=Nobody"]]]));
    expect(unknown).toEqual({ code: "#N/A", message: expect.stringContaining('no profile named "Nobody"') });
  });

  it("#N/A gives the service's reason once a token is revoked", async () => {
    const first = (await bundle.call("STATS", [
      FROM,
      TO,
      null,
      null,
      null,
      null,
      [["profile=Revocable"]],
    ])) as unknown[][];
    expect(first.length).toBe(2);
    revocableCredentials.bearer.splice(0, 1);

    const error = await cellErrorOf(
      bundle.call("STATS", [FROM, TO, null, null, null, null, [["profile=Revocable; cache=0"]]]),
    );
    expect(error.code).toBe("#N/A");
    expect(error.message).toContain("refused the access token");
    expect(error.message).toContain("The access token was not recognised");
    expect(error.message).not.toContain(main.credentials.bearer[0]!.token);
  });

  it("#N/A says to wait when the rate limit outlasts the retries", async () => {
    await bundle.call("COUNTRIES", [[["profile=Limited"]]]);
    const before = requestsTo(bundle, limited, "/stats").length;
    const error = await cellErrorOf(bundle.call("STATS", [FROM, TO, null, null, null, null, [["profile=Limited"]]]));
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(/too many requests/i);
    expect(error.message).toMatch(/Wait \d+ seconds? and refresh/);
    // The first attempt and three retries.
    expect(requestsTo(bundle, limited, "/stats").length - before).toBe(4);
  }, 30_000);
});

describe("cancellation", () => {
  it("aborts the request once every cell waiting on it is cancelled, not before", async () => {
    const args = [FROM, TO, [["asset"]], null, null, null, [["profile=Slow"]]];
    const first: { onCanceled?: () => void } = {};
    const second: { onCanceled?: () => void } = {};
    const firstCell = bundle.call("STATS", args, first);
    const secondCell = bundle.call("STATS", args, second);
    await waitFor(() => requestsTo(bundle, slow, "/stats").length > 0, "the request to start");
    const [request] = requestsTo(bundle, slow, "/stats");

    first.onCanceled?.();
    await expect(cellErrorOf(firstCell)).resolves.toEqual({
      code: "#N/A",
      message: expect.stringContaining("cancelled"),
    });
    expect(request!.signal?.aborted).toBe(false);

    second.onCanceled?.();
    await expect(cellErrorOf(secondCell)).resolves.toMatchObject({ code: "#N/A" });
    expect(request!.signal?.aborted).toBe(true);
    expect(requestsTo(bundle, slow, "/stats")).toHaveLength(1);
  });
});
