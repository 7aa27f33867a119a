/**
 * Makes every error class through the real code paths, with a fake service that echoes the
 * credentials everywhere it can (bodies, headers, URLs, failure messages, JSON keys), and
 * checks that no credential survives in anything an error or a log line exposes.
 */
import type { StatsRequest } from "../../../src/api/stats-request";
import {
  AbortedError,
  AnswerTooLargeError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  ReportingError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from "../../../src/client/errors";
import { LegacyClient } from "../../../src/client/legacy-client";
import { ReportingClient } from "../../../src/client/reporting-client";
import { createTransport, type TransportOptions } from "../../../src/client/transport";
import { flushPromises, recordingSleep, scriptedFetch, type Answer, type RecordedCall } from "./fakes";

const TOKENS = {
  "an arbitrary token (redacted because registered)": "Zq9-arbitrary.token~value",
  "a 64-hex_uuid token": `${"9f".repeat(32)}_0f8fad5b-d9cb-469f-a165-70867728950e`,
};
const API_KEY = "KEY-77331";
const API_SECRET = "SEC/abc+def=991";
const REQUEST: StatsRequest = { filters: { from: "2025-01-01", to: "2025-01-31" } };

/** Everything an error exposes to a log, a cell or a support ticket. */
function everythingIn(error: unknown): string {
  if (!(error instanceof Error)) throw new Error(`expected an Error, got ${String(error)}`);
  const own = Object.getOwnPropertyNames(error).map((name) => {
    const value = (error as unknown as Record<string, unknown>)[name];
    return typeof value === "string" ? value : JSON.stringify(value);
  });
  const contract = error as ReportingError;
  return [
    error.message,
    contract.userMessage,
    contract.cellMessage,
    contract.paneMessage,
    error.stack,
    String(error),
    JSON.stringify(error),
    ...own,
    ...causesOf(error),
  ].join("\n");
}

/** The chain of causes, as a support log would print it. */
function causesOf(error: Error): string[] {
  const texts: string[] = [];
  for (let cause = (error as { cause?: unknown }).cause, depth = 0; cause !== undefined && depth < 5; depth += 1) {
    texts.push(cause instanceof Error ? `${cause.name}: ${cause.message}\n${cause.stack ?? ""}` : String(cause));
    cause = cause instanceof Error ? (cause as { cause?: unknown }).cause : undefined;
  }
  return texts;
}

function echo(call: RecordedCall): string {
  return `You sent ${call.method} ${call.url} with ${JSON.stringify(call.headers)} — Authorization: ${call.headers.authorization ?? ""}; x-auth-secret: ${call.headers["x-auth-secret"] ?? ""}`;
}

/** Response headers that also echo the credentials. */
function echoHeaders(call: RecordedCall, extra: Record<string, string> = {}): Record<string, string> {
  return { "x-echo": Object.values(call.headers).join(" "), ...extra };
}

type Scenario = [
  expected: new (...args: never[]) => ReportingError,
  answers: Answer[],
  options?: Partial<TransportOptions>,
];

function scenarios(secret: string): Record<string, Scenario> {
  return {
    "400 with our error body quoting the credential": [
      BadRequestError,
      [
        (call) =>
          new Response(
            JSON.stringify({ error: { code: `bad_${secret}`, message: `Refused ${secret}: ${echo(call)}` } }),
            { status: 400, headers: echoHeaders(call) },
          ),
      ],
    ],
    "401 echoing the request headers": [
      AuthenticationError,
      [(call) => new Response(echo(call), { status: 401, headers: echoHeaders(call) })],
    ],
    "403 as an HTML page": [
      PermissionDeniedError,
      [(call) => new Response(`<html><pre>${echo(call)}</pre></html>`, { status: 403 })],
    ],
    "404 with a message naming the URL": [
      NotFoundError,
      [(call) => new Response(JSON.stringify({ message: `No route ${call.url} for ${secret}` }), { status: 404 })],
    ],
    "429 with a long Retry-After": [
      RateLimitError,
      [(call) => new Response(echo(call), { status: 429, headers: echoHeaders(call, { "retry-after": "3600" }) })],
    ],
    "500 after every retry": [
      ServerError,
      [(call) => new Response(JSON.stringify({ error: { code: "e", message: echo(call) } }), { status: 500 })],
    ],
    "503 whose request id header echoes the credential": [
      ServerError,
      [
        (call) =>
          new Response("unavailable", {
            status: 503,
            headers: { "x-request-id": `req-${secret}-${call.headers.authorization ?? ""}` },
          }),
      ],
    ],
    "418 (no class of its own)": [ApiError, [(call) => new Response(echo(call), { status: 418 })]],
    "415 whose JSON message quotes the credential": [
      ApiError,
      [
        (call) =>
          new Response(
            JSON.stringify({
              error: { code: "unsupported_media_type", message: `Not JSON from ${secret}: ${echo(call)}` },
            }),
            { status: 415 },
          ),
      ],
    ],
    "a network failure whose message holds the URL and headers": [
      ConnectionError,
      [(call) => Promise.reject(new TypeError(`fetch failed for ${call.url}`, { cause: new Error(echo(call)) }))],
    ],
    "a fetch that never answers": [TimeoutError, ["hang"], { timeoutMs: 20 }],
    "a redirect to another site whose address holds the credential": [
      RedirectError,
      [
        () =>
          new Response(null, {
            status: 302,
            headers: {
              location: `https://collector.test/${encodeURIComponent(secret)}?k=${encodeURIComponent(secret)}`,
            },
          }),
      ],
    ],
    "an answer past the size limit, echoing the credential": [
      AnswerTooLargeError,
      [(call) => new Response(echo(call).repeat(10), { status: 200 })],
      { maxJsonBytes: 100 },
    ],
    "an answer that is not JSON": [
      ResponseValidationError,
      [(call) => new Response(`<html>${echo(call)}</html>`, { status: 200 })],
    ],
    "an answer with a wrong type under a key named after the credential": [
      ResponseValidationError,
      [
        () =>
          new Response(
            JSON.stringify({
              stats: [{ group: {}, metrics: { revenues: secret } }],
              fromDate: secret,
              aggregation: { [secret]: { stats: secret } },
              applications: { [secret]: secret },
            }),
            { status: 200 },
          ),
      ],
    ],
  };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe.each(Object.entries(TOKENS))("no bearer token in any error or log: %s", (_kind, token) => {
  const made = new Set<string>();

  function client(answers: Answer[], options: Partial<TransportOptions>, lines: string[]) {
    const fetch = scriptedFetch(...answers);
    const transport: TransportOptions = {
      fetch,
      sleep: recordingSleep(),
      random: () => 0.5,
      log: (line) => lines.push(line),
      onRetry: (event) => lines.push(JSON.stringify(event)),
      ...options,
    };
    return {
      client: new ReportingClient({ baseUrl: `https://proxy.test/${encodeURIComponent(token)}/api`, token, transport }),
      fetch,
    };
  }

  it.each(Object.entries(scenarios(token)))("%s", async (_name, [expected, answers, options = {}]) => {
    const lines: string[] = [];
    const { client: reporting, fetch } = client(answers, options, lines);
    const error = await failureOf(reporting.stats(REQUEST));
    expect(error).toBeInstanceOf(expected);
    made.add((error as Error).name);
    // The fake really did send and echo the token: the redaction, not luck, kept it out.
    expect(fetch.calls[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(everythingIn(error)).not.toContain(token);
    expect(lines.join("\n")).not.toContain(token);
  });

  it("an echoed credential is replaced by a marker, not dropped silently with the rest of the text", async () => {
    const lines: string[] = [];
    const [, answers] = scenarios(token)["400 with our error body quoting the credential"]!;
    const error = (await failureOf(client(answers, {}, lines).client.stats(REQUEST))) as BadRequestError;
    expect(error.serviceMessage).toMatch(/^Refused \[REDACTED\]: You sent POST/);
  });

  it("an aborted request", async () => {
    const lines: string[] = [];
    const { client: reporting } = client(["hang-until-aborted"], {}, lines);
    const controller = new AbortController();
    const pending = failureOf(reporting.stats(REQUEST, { signal: controller.signal }));
    await flushPromises();
    controller.abort(new Error(`stop ${token}`));
    const error = await pending;
    expect(error).toBeInstanceOf(AbortedError);
    made.add((error as Error).name);
    expect(everythingIn(error)).not.toContain(token);
  });

  it("an invalid request and an unusable answer of the binary route", async () => {
    const lines: string[] = [];
    const invalid = await failureOf(client([], {}, lines).client.stats({ filters: { from: token, to: token } }));
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    const notExcel = await failureOf(
      client([() => new Response(`PK? ${token}`, { status: 200 })], {}, lines).client.statsXlsx(REQUEST),
    );
    expect(notExcel).toBeInstanceOf(ResponseValidationError);
    const tooLong = await failureOf(
      client(
        [() => new Response(JSON.stringify({ stats: [{ group: {}, metrics: {} }] }), { status: 200 })],
        {},
        lines,
      ).client.statsAll(REQUEST, {
        pageSize: 1,
        maxPages: 2,
      }),
    );
    expect(tooLong).toMatchObject({ code: "too_many_pages" });
    for (const error of [invalid, notExcel, tooLong]) {
      made.add((error as Error).name);
      expect(everythingIn(error)).not.toContain(token);
    }
  });

  afterAll(() => {
    // Every class of the hierarchy was made (the root through too_many_pages).
    expect([...made].sort()).toEqual(
      [
        "AbortedError",
        "AnswerTooLargeError",
        "ApiError",
        "AuthenticationError",
        "BadRequestError",
        "ConnectionError",
        "InvalidRequestError",
        "NotFoundError",
        "PermissionDeniedError",
        "RateLimitError",
        "RedirectError",
        "ReportingError",
        "ResponseValidationError",
        "ServerError",
        "TimeoutError",
      ].sort(),
    );
  });
});

describe("no API key or secret in any legacy error or log", () => {
  it.each(Object.entries({ ...scenarios(API_KEY), ...scenarios(API_SECRET) }))(
    "%s",
    async (_name, [expected, answers, options = {}]) => {
      const lines: string[] = [];
      const fetch = scriptedFetch(...answers);
      const legacy = new LegacyClient({
        baseUrl: "https://legacy.test",
        apiKey: API_KEY,
        apiSecret: API_SECRET,
        transport: { fetch, sleep: recordingSleep(), random: () => 0.5, log: (line) => lines.push(line), ...options },
      });
      const error = await failureOf(
        expected === ResponseValidationError ? legacy.stats({ groupBy: ["day"] }) : legacy.applications(),
      );
      expect(error).toBeInstanceOf(expected);
      expect(fetch.calls[0]?.headers).toMatchObject({ "x-auth-apikey": API_KEY, "x-auth-secret": API_SECRET });
      for (const secret of [API_KEY, API_SECRET, encodeURIComponent(API_SECRET)]) {
        expect(everythingIn(error)).not.toContain(secret);
        expect(lines.join("\n")).not.toContain(secret);
      }
    },
  );

  it("an invalid legacy query", async () => {
    const legacy = new LegacyClient({
      baseUrl: "https://legacy.test",
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      transport: { fetch: scriptedFetch() },
    });
    const error = await failureOf(legacy.stats({ from: API_SECRET, groupBy: [API_KEY as never] }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(everythingIn(error)).not.toContain(API_SECRET);
    expect(everythingIn(error)).not.toContain(API_KEY);
  });
});

/** Forms a leaked credential takes once a proxy or a service has transformed it. */
function variantsOf(secret: string): Record<string, string> {
  const half = Math.floor(secret.length / 2);
  return {
    "in upper case": secret.toUpperCase(),
    "base64-encoded": Buffer.from(secret).toString("base64"),
    "base64url-encoded": Buffer.from(secret).toString("base64url"),
    "base64-encoded as the password of Basic auth": Buffer.from(`user:${secret}`).toString("base64"),
    "its first half": secret.slice(0, half),
    "its second half": secret.slice(half),
  };
}

/** Where a fake service puts the leaked text. */
const CARRIERS: Record<
  string,
  [expected: new (...args: never[]) => ReportingError, answer: (leaked: string) => Answer]
> = {
  "a 401 body": [AuthenticationError, (leaked) => () => new Response(`Denied for ${leaked}.`, { status: 401 })],
  "a 500 body": [
    ServerError,
    (leaked) => () =>
      new Response(JSON.stringify({ error: { code: "e", message: `Broke on ${leaked}` } }), { status: 500 }),
  ],
  "a network failure message": [
    ConnectionError,
    (leaked) => () =>
      Promise.reject(new TypeError(`fetch failed: ${leaked}`, { cause: new Error(`socket said ${leaked}`) })),
  ],
};

function variantCases(credentials: Record<string, string>): [string, string, string, string][] {
  return Object.entries(credentials).flatMap(([credential, value]) =>
    Object.entries(variantsOf(value)).flatMap(([form, leaked]) =>
      Object.keys(CARRIERS).map((carrier): [string, string, string, string] => [credential, form, carrier, leaked]),
    ),
  );
}

describe("point 13: a credential echoed in another form never reaches an error or a log", () => {
  it.each(variantCases(TOKENS))("point 13: bearer, %s, %s, in %s", async (_credential, _form, carrier, leaked) => {
    const [expected, answer] = CARRIERS[carrier]!;
    const token = Object.values(TOKENS).find((value) => Object.values(variantsOf(value)).includes(leaked))!;
    const lines: string[] = [];
    const reporting = new ReportingClient({
      baseUrl: "https://proxy.test/api",
      token,
      transport: {
        fetch: scriptedFetch(answer(leaked)),
        sleep: recordingSleep(),
        random: () => 0.5,
        log: (line) => lines.push(line),
      },
    });
    const error = await failureOf(reporting.stats(REQUEST));
    expect(error).toBeInstanceOf(expected);
    expect(everythingIn(error)).not.toContain(leaked);
    expect(lines.join("\n")).not.toContain(leaked);
  });

  const LEGACY = {
    apiKey: "0123456789abcdef0123456789abcdef",
    apiSecret: "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210",
  };
  const legacyCredentials = { "the API key": LEGACY.apiKey, "the API secret": LEGACY.apiSecret };

  it.each(variantCases(legacyCredentials))(
    "point 13: legacy, %s, %s, in %s",
    async (_credential, _form, carrier, leaked) => {
      const [expected, answer] = CARRIERS[carrier]!;
      const lines: string[] = [];
      const legacy = new LegacyClient({
        baseUrl: "https://legacy.test",
        ...LEGACY,
        transport: {
          fetch: scriptedFetch(answer(leaked)),
          sleep: recordingSleep(),
          random: () => 0.5,
          log: (line) => lines.push(line),
        },
      });
      const error = await failureOf(legacy.applications());
      expect(error).toBeInstanceOf(expected);
      expect(everythingIn(error)).not.toContain(leaked);
      expect(lines.join("\n")).not.toContain(leaked);
    },
  );

  it.each(Object.keys(CARRIERS))(
    "point 13: legacy, the key and secret as Basic auth (base64 of key:secret), in %s",
    async (carrier) => {
      const [expected, answer] = CARRIERS[carrier]!;
      const basic = Buffer.from(`${LEGACY.apiKey}:${LEGACY.apiSecret}`).toString("base64");
      const legacy = new LegacyClient({
        baseUrl: "https://legacy.test",
        ...LEGACY,
        transport: { fetch: scriptedFetch(answer(`Basic ${basic}`)), sleep: recordingSleep() },
      });
      const error = await failureOf(legacy.applications());
      expect(error).toBeInstanceOf(expected);
      expect(everythingIn(error)).not.toContain(basic);
      expect(everythingIn(error)).not.toContain(basic.slice(0, 12));
    },
  );

  it("point 13: a base URL with user:password@ never shows the password: the client refuses the address before sending", async () => {
    const password = "pr0xy-Pa55word";
    const fetch = scriptedFetch((call) =>
      Promise.reject(new TypeError(`Request cannot be constructed from a URL that includes credentials: ${call.url}`)),
    );
    const reporting = new ReportingClient({
      baseUrl: `https://alice:${password}@proxy.test/api`,
      token: "some-token-value",
      transport: { fetch, sleep: recordingSleep() },
    });
    const error = await failureOf(reporting.stats(REQUEST));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as Error).message).toMatch(/user name or password/);
    expect(fetch.calls).toHaveLength(0);
    expect(everythingIn(error)).not.toContain(password);
  });

  it("point 13: a network failure echoing a URL with user:password@ keeps neither in the connection error", async () => {
    const fetch = scriptedFetch((call) =>
      Promise.reject(new TypeError(`Request cannot be constructed from a URL that includes credentials: ${call.url}`)),
    );
    const transport = createTransport({ fetch, sleep: recordingSleep(), maxRetries: 0 });
    const error = await failureOf(
      transport.request({ method: "GET", url: "https://alice:pr0xy-Pa55word@proxy.test/api/dates", route: "/dates" }),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).detail).toContain("https://[REDACTED]@proxy.test/api/dates");
    expect(everythingIn(error)).not.toContain("pr0xy-Pa55word");
    expect(everythingIn(error)).not.toContain("alice");
  });
});
