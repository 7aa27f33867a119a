import { LEGACY_ROUTES, REFERENCE_ROUTES, SERVICE_LIMITS, STATS_ROUTES } from "../../../src/api";
import type { RunningEmulator } from "../../../src/emulator";
import {
  START_TIMEOUT_MS,
  bearerHeaders,
  errorOf,
  legacyHeaders,
  postStats,
  startConformanceEmulator,
  widestBearer,
} from "./support/emulator";

let emulator: RunningEmulator;
let token: string;
const validBody = { filters: { from: "2026-06-01", to: "2026-06-07" } };

beforeAll(async () => {
  emulator = await startConformanceEmulator();
  token = widestBearer(emulator).token;
}, START_TIMEOUT_MS);

afterAll(() => emulator?.close());

type RouteCall = { name: string; call: (headers: Record<string, string>) => Promise<Response> };

const bearerRoutes = (): RouteCall[] => [
  ...Object.values(STATS_ROUTES).map((path) => ({
    name: `POST ${path}`,
    call: (headers: Record<string, string>) =>
      fetch(emulator.baseUrl + path, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(validBody),
      }),
  })),
  ...Object.values(REFERENCE_ROUTES).map(({ path }) => ({
    name: `GET ${path}`,
    call: (headers: Record<string, string>) => fetch(emulator.baseUrl + path, { headers }),
  })),
];

const legacyRoutes = (): RouteCall[] =>
  Object.values(LEGACY_ROUTES).map((path) => ({
    name: `GET ${path}`,
    call: (headers: Record<string, string>) => fetch(emulator.legacyBaseUrl + path, { headers }),
  }));

describe("401 on every route without a valid credential", () => {
  test("bearer routes: no header, a wrong token, a malformed header, a legacy key instead", async () => {
    const legacy = emulator.credentials.legacy[0]!;
    for (const route of bearerRoutes()) {
      expect((await route.call(bearerHeaders(token))).status).toBe(200);
      for (const headers of [
        {},
        { Authorization: `Bearer ${token}x` },
        { Authorization: token },
        legacyHeaders(legacy),
      ]) {
        const response = await route.call(headers);
        expect([route.name, response.status]).toEqual([route.name, 401]);
        expect(response.headers.get("www-authenticate")).toBe('Bearer realm="reporting"');
        expect((await errorOf(response)).code).toBe("unauthorized");
      }
    }
  });

  test("legacy routes: no headers, a wrong secret, only the key, a bearer token instead", async () => {
    const legacy = emulator.credentials.legacy[0]!;
    for (const route of legacyRoutes()) {
      expect((await route.call(legacyHeaders(legacy))).status).toBe(200);
      for (const headers of [
        {},
        legacyHeaders({ apiKey: legacy.apiKey, apiSecret: `${legacy.apiSecret}x` }),
        { "x-auth-apikey": legacy.apiKey },
        bearerHeaders(token),
      ]) {
        const response = await route.call(headers);
        expect([route.name, response.status]).toEqual([route.name, 401]);
        const text = await response.text();
        expect(text).not.toContain(legacy.apiSecret);
      }
    }
  });
});

test("400 lists every problem of the request with its path", async () => {
  const response = await postStats(emulator, token, {
    filters: { from: "2026-02-30", to: "2026-06-07", countries: ["France"] },
    groups: ["date", "planet"],
    orders: ["revenue:desc"],
    limit: -1,
  });
  expect(response.status).toBe(400);
  const error = await errorOf(response);
  const paths = (error.details as { problems: { path: string; message: string }[] }).problems.map(
    (problem) => problem.path,
  );
  expect(paths.sort()).toEqual(["filters.countries[0]", "filters.from", "groups[1]", "limit", "orders[0]"]);
  expect(error.message).toContain("5 problems");
});

test("400 names the documented limit when limit or the period goes past it", async () => {
  const response = await postStats(emulator, token, {
    filters: { from: "2020-01-01", to: "2026-06-07" },
    limit: SERVICE_LIMITS.maxLimit + 1,
  });
  expect(response.status).toBe(400);
  const error = await errorOf(response);
  expect(error.code).toBe("limit_exceeded");
  expect(error.message).toContain(String(SERVICE_LIMITS.maxLimit));
  expect(error.message).toContain(String(SERVICE_LIMITS.maxPeriodDays));
  const limits = (error.details as { problems: { limit: string }[] }).problems.map((problem) => problem.limit);
  expect(limits.sort()).toEqual(["maxLimit", "maxPeriodDays"]);

  const legacy = await fetch(
    `${emulator.legacyBaseUrl}${LEGACY_ROUTES.stats}?from_date=2020-01-01&to_date=2026-06-07`,
    {
      headers: legacyHeaders(emulator.credentials.legacy[0]!),
    },
  );
  expect(legacy.status).toBe(400);
  expect((await errorOf(legacy)).message).toContain(String(SERVICE_LIMITS.maxPeriodDays));
});

test("a result longer than one JSON page is refused by /stats without limit, yet exported whole as CSV", async () => {
  const body = {
    filters: { from: "2026-05-01", to: "2026-06-29" },
    groups: ["date", "country", "ad_unit"],
    metrics: ["impressions"],
  };
  const page = await postStats(emulator, token, body);
  expect(page.status).toBe(400);
  const error = await errorOf(page);
  expect(error.code).toBe("limit_exceeded");
  const matched = (error.details as { problems: { received: number }[] }).problems[0]!.received;
  expect(matched).toBeGreaterThan(SERVICE_LIMITS.maxLimit);

  const csv = await postStats(emulator, token, body, STATS_ROUTES.csv);
  expect(csv.status).toBe(200);
  const lines = (await csv.text()).split("\r\n").filter((line) => line !== "");
  expect(lines.length - 1).toBe(matched);
  // Over 10,000 rows queried twice and written as CSV: about 2 s on a quiet machine, past Jest's
  // default 5 s when CI shares its two cores (it timed out once so).
}, 30_000);

test("400 when orders sorts by a group that is not among the groups", async () => {
  const response = await postStats(emulator, token, { ...validBody, groups: ["date"], orders: ["country:desc"] });
  expect(response.status).toBe(400);
  const error = await errorOf(response);
  expect(error.code).toBe("invalid_request");
  const problems = (error.details as { problems: { path: string; message: string }[] }).problems;
  expect(problems).toEqual([
    { path: "orders[0]", message: expect.stringContaining("country, which is not among the groups") },
  ]);
});

test("400 on malformed JSON and on an empty body", async () => {
  for (const body of ['{"filters": {"from": "2026-06-01",}', "", "[1, 2"]) {
    const response = await fetch(emulator.baseUrl + STATS_ROUTES.json, {
      method: "POST",
      headers: bearerHeaders(token),
      body,
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_json");
  }
  const notAnObject = await postStats(emulator, token, [validBody]);
  expect(notAnObject.status).toBe(400);
});

test("415 when the body is not sent as JSON", async () => {
  const response = await fetch(emulator.baseUrl + STATS_ROUTES.json, {
    method: "POST",
    headers: { ...bearerHeaders(token), "Content-Type": "text/plain" },
    body: JSON.stringify(validBody),
  });
  expect(response.status).toBe(415);
  expect((await errorOf(response)).code).toBe("unsupported_media_type");
});

test("413 when the body is larger than the service accepts, and the server keeps answering", async () => {
  const padding = "x".repeat(SERVICE_LIMITS.maxBodyBytes);
  const response = await postStats(emulator, token, { ...validBody, padding });
  expect(response.status).toBe(413);
  expect((await errorOf(response)).code).toBe("body_too_large");
  expect((await postStats(emulator, token, validBody)).status).toBe(200);
});

test("404 on an unknown route, 405 with Allow on a known route with the wrong method", async () => {
  const unknown = await fetch(`${emulator.baseUrl}/statistics`, { headers: bearerHeaders(token) });
  expect(unknown.status).toBe(404);
  expect((await errorOf(unknown)).code).toBe("not_found");

  const wrongMethod = await fetch(emulator.baseUrl + STATS_ROUTES.json, { headers: bearerHeaders(token) });
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.headers.get("allow")).toBe("POST");
  const postToReference = await fetch(emulator.baseUrl + REFERENCE_ROUTES.countries.path, {
    method: "POST",
    headers: bearerHeaders(token),
    body: "{}",
  });
  expect(postToReference.status).toBe(405);
  expect(postToReference.headers.get("allow")).toBe("GET");
  expect((await errorOf(postToReference)).code).toBe("method_not_allowed");
});

test("429 with Retry-After past the rate limit, counted per credential", async () => {
  const limited = await startConformanceEmulator({ store: emulator.store, rateLimitPerMinute: 3 });
  try {
    const [first, second] = limited.credentials.bearer;
    const call = (credential: typeof first) =>
      fetch(limited.baseUrl + REFERENCE_ROUTES.formats.path, { headers: bearerHeaders(credential!.token) });
    for (let index = 0; index < 3; index++) expect((await call(first)).status).toBe(200);
    const refused = await call(first);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect((await errorOf(refused)).code).toBe("rate_limited");
    // Another credential has its own allowance.
    expect((await call(second)).status).toBe(200);
  } finally {
    await limited.close();
  }
});

test("Retry-After says when the oldest counted request leaves the minute; after it, requests pass again", async () => {
  let now = 1_000_000;
  const limited = await startConformanceEmulator({ store: emulator.store, rateLimitPerMinute: 2, now: () => now });
  try {
    const call = () => fetch(limited.baseUrl + REFERENCE_ROUTES.formats.path, { headers: bearerHeaders(token) });
    expect((await call()).status).toBe(200);
    now += 20_000;
    expect((await call()).status).toBe(200);
    now += 10_000;
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    now += 30_000;
    expect((await call()).status).toBe(200);
  } finally {
    await limited.close();
  }
});

test("fail-rate failures follow the seed: the same seed fails the same requests", async () => {
  const statuses = async (seed: number) => {
    const failing = await startConformanceEmulator({ store: emulator.store, failRate: 0.5, seed });
    try {
      const list: number[] = [];
      for (let index = 0; index < 16; index++) {
        list.push(
          (await fetch(failing.baseUrl + REFERENCE_ROUTES.formats.path, { headers: bearerHeaders(token) })).status,
        );
      }
      return list;
    } finally {
      await failing.close();
    }
  };
  const first = await statuses(11);
  expect(new Set(first)).toEqual(new Set([200, 500]));
  expect(await statuses(11)).toEqual(first);
});

test("500 with fail-rate, as a JSON error with no stack trace or secret in it", async () => {
  const failing = await startConformanceEmulator({ store: emulator.store, failRate: 1 });
  try {
    const legacy = failing.credentials.legacy[0]!;
    for (const response of [
      await postStats(failing, token, validBody),
      await fetch(failing.legacyBaseUrl + LEGACY_ROUTES.applications, { headers: legacyHeaders(legacy) }),
    ]) {
      expect(response.status).toBe(500);
      const text = await response.text();
      const error = await errorOf(new Response(text));
      expect(error.code).toBe("internal_error");
      expect(text).not.toMatch(/\bat .+:\d+:\d+/);
      expect(text).not.toContain(token);
      expect(text).not.toContain(legacy.apiSecret);
    }
  } finally {
    await failing.close();
  }
});

test("an unexpected error in the store answers 500 without detail, and the server keeps answering", async () => {
  const reported: unknown[] = [];
  const broken = Object.create(emulator.store, {
    countries: { value: () => Promise.reject(new Error(`database file /secret/path is locked (token ${token})`)) },
  });
  const failing = await startConformanceEmulator({ store: broken, onError: (error) => reported.push(error) });
  try {
    const response = await fetch(failing.baseUrl + REFERENCE_ROUTES.countries.path, { headers: bearerHeaders(token) });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("/secret/path");
    expect(text).not.toContain(token);
    expect(reported).toHaveLength(1);
    expect(
      (await fetch(failing.baseUrl + REFERENCE_ROUTES.formats.path, { headers: bearerHeaders(token) })).status,
    ).toBe(200);
  } finally {
    await failing.close();
  }
});

describe("CORS", () => {
  const origin = "https://localhost:3000";

  test("a preflight from the add-in's origin is answered without a credential", async () => {
    for (const [url, method, headers] of [
      [emulator.baseUrl + STATS_ROUTES.json, "POST", "authorization,content-type"],
      [emulator.legacyBaseUrl + LEGACY_ROUTES.stats, "GET", "x-auth-apikey,x-auth-secret,content-type"],
    ] as const) {
      const response = await fetch(url, {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe(origin);
      expect(response.headers.get("access-control-allow-methods")).toContain(method);
      const allowed = response.headers.get("access-control-allow-headers")!.toLowerCase().split(/,\s*/);
      for (const header of headers.split(",")) expect(allowed).toContain(header);
    }
  });

  test("answers, errors included, carry the origin and expose Content-Disposition and Retry-After", async () => {
    for (const response of [
      await fetch(emulator.baseUrl + STATS_ROUTES.csv, {
        method: "POST",
        headers: { ...bearerHeaders(token), Origin: origin },
        body: JSON.stringify(validBody),
      }),
      await fetch(emulator.baseUrl + REFERENCE_ROUTES.formats.path, { headers: { Origin: origin } }),
    ]) {
      expect(response.headers.get("access-control-allow-origin")).toBe(origin);
      expect(response.headers.get("access-control-expose-headers")).toBe("Content-Disposition, Retry-After");
    }
  });

  test("origins outside the allowed list get no CORS permission; the list is configurable", async () => {
    const stranger = "https://evil.example";
    const preflight = await fetch(emulator.baseUrl + STATS_ROUTES.json, {
      method: "OPTIONS",
      headers: { Origin: stranger, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const configured = await startConformanceEmulator({ store: emulator.store, allowedOrigins: [stranger] });
    try {
      const allowed = await fetch(configured.baseUrl + STATS_ROUTES.json, {
        method: "OPTIONS",
        headers: { Origin: stranger, "Access-Control-Request-Method": "POST" },
      });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get("access-control-allow-origin")).toBe(stranger);
      const localhost = await fetch(configured.baseUrl + REFERENCE_ROUTES.formats.path, {
        headers: { ...bearerHeaders(token), Origin: origin },
      });
      expect(localhost.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await configured.close();
    }
  });
});
