import { performance } from "node:perf_hooks";
import {
  isReportingError,
  LegacyClient,
  ReportingClient,
  type ErrorKind,
  type TransportOptions,
} from "../../../../src/client";
import { startHostileServer, type Behaviour, type Exchange, type HostileServer } from "./hostile-server";

/**
 * The fault table: every way the hostile server misbehaves, what the typed clients must make
 * of it, and the runner that checks it. The jest suite (test/integration/faults) and the
 * reliability report (scripts/reliability/faults.ts) both run this table, so the report prints
 * exactly what the tests assert.
 */

export const TOKEN = `${"7c".repeat(32)}_3b1f2a9e-8d4c-4e6f-9a2b-1c3d5e7f9a0b`;
export const API_KEY = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
export const API_SECRET = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
const CREDENTIAL_HEADERS = ["authorization", "x-auth-apikey", "x-auth-secret"];

const FROM = "2026-06-01";
const TO = "2026-06-04";
const ROWS = [1, 2, 3, 4].map((day) => ({
  group: { date: `2026-06-0${day}` },
  metrics: { revenues: 1.25 * day, impressions: 100 * day, ecpm: 12.5, requests: 200 * day },
}));
const LEGACY_ANSWER = {
  fromDate: FROM,
  toDate: TO,
  applications: [4242],
  applicationInfos: [{ apiKey: 4242, platform: "iOS" }],
  aggregationDescription: "day",
  aggregation: Object.fromEntries(
    ROWS.map((row) => [
      row.group.date,
      {
        stats: {
          impressions: row.metrics.impressions,
          revenue: row.metrics.revenues,
          requests: row.metrics.requests,
          ecpm: 12.5,
        },
      },
    ]),
  ),
};

function sendJson({ response }: Exchange, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

/** What the service answers when it behaves: the page of /stats asked for, or the legacy statistics. */
export const answerWell: Behaviour = (exchange) => {
  if (exchange.route.endsWith("/reporting/v1/stats")) return sendJson(exchange, 200, LEGACY_ANSWER);
  if (exchange.route.endsWith("/stats")) {
    const asked = JSON.parse(exchange.body || "{}") as { offset?: number; limit?: number };
    const offset = asked.offset ?? 0;
    return sendJson(exchange, 200, {
      stats: ROWS.slice(offset, offset + (asked.limit ?? ROWS.length)),
      total: ROWS.length,
    });
  }
  return sendJson(exchange, 404, { error: { code: "not_found", message: `No route ${exchange.route}` } });
};

export const status =
  (
    code: number,
    body: unknown = { error: { code: "failure", message: `Failed with ${code}` } },
    headers: Record<string, string> = {},
  ): Behaviour =>
  (exchange) =>
    sendJson(exchange, code, body, headers);

/** 429, with a Retry-After computed when the answer is sent (dates are relative to now). */
export const tooManyRequests =
  (retryAfter?: () => string): Behaviour =>
  (exchange) =>
    sendJson(
      exchange,
      429,
      { error: { code: "rate_limited", message: "Slow down" } },
      retryAfter ? { "retry-after": retryAfter() } : {},
    );

export const htmlPage =
  (code: number): Behaviour =>
  ({ response }) => {
    response.writeHead(code, { "content-type": "text/html" });
    response.end(
      `<!doctype html><html><head><title>${code}</title></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>`,
    );
  };

export const hang: Behaviour = () => undefined;

/** Headers and the start of a body, then the socket is destroyed: a connection reset mid-body. */
export const resetMidBody: Behaviour = ({ response }) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": "5000" });
  response.write('{"stats":[{"group":{"date":"2026-06-01"},');
  setTimeout(() => response.socket?.destroy(), 10);
};

/** A complete HTTP answer whose JSON stops in the middle (a proxy cut it, or the service crashed while writing). */
export const truncatedJson: Behaviour = (exchange) =>
  sendJson(exchange, 200, JSON.stringify({ stats: ROWS, total: 4 }).slice(0, 60));
export const malformedJson: Behaviour = (exchange) => sendJson(exchange, 200, '{"stats": [,], "total": 4,}');
export const emptyBody: Behaviour = (exchange) => sendJson(exchange, 200, "");
export const wrongShape: Behaviour = (exchange) => sendJson(exchange, 200, { stats: { rows: 4 }, total: "four" });

export const redirectTo =
  (where: (exchange: Exchange) => string, code = 302): Behaviour =>
  ({ response, ...exchange }) => {
    response.writeHead(code, { location: where({ response, ...exchange }) });
    response.end();
  };

export const brokenGzip: Behaviour = ({ response }) => {
  response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
  response.end("this is not gzip at all, whatever the header says");
};

/**
 * A valid /stats answer of `totalBytes`, streamed with backpressure: the server writes only as
 * fast as the client reads, so `bytesWritten` shows how much the client took before cutting it off.
 */
export const hugeBody =
  (totalBytes: number, announceLength: boolean): Behaviour =>
  ({ response }) => {
    const head = '{"stats":[';
    const tail = '{"group":{},"metrics":{}}],"total":1}';
    const row = '{"group":{"date":"2026-06-01"},"metrics":{"revenues":1.5,"impressions":100}},';
    const chunk = row.repeat(Math.floor((64 * 1024) / row.length));
    const chunks = Math.max(1, Math.floor((totalBytes - head.length - tail.length) / chunk.length));
    response.writeHead(200, {
      "content-type": "application/json",
      ...(announceLength ? { "content-length": String(head.length + chunks * chunk.length + tail.length) } : {}),
    });
    response.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < chunks) {
        if (response.destroyed) return;
        sent += 1;
        if (!response.write(chunk)) {
          response.once("drain", pump);
          return;
        }
      }
      response.end(tail);
    };
    pump();
  };

export interface Clients {
  reporting: ReportingClient;
  legacy: LegacyClient;
}

/** The call a scenario makes; resolves to the rows it read. */
type Call = (clients: Clients) => Promise<number>;

const stats: Call = async ({ reporting }) =>
  (await reporting.stats({ filters: { from: FROM, to: TO }, groups: ["date"] })).stats.length;
const statsAll: Call = async ({ reporting }) =>
  (await reporting.statsAll({ filters: { from: FROM, to: TO }, groups: ["date"] })).stats.length;
const statsAllInPagesOfTwo: Call = async ({ reporting }) =>
  (await reporting.statsAll({ filters: { from: FROM, to: TO }, groups: ["date"] }, { pageSize: 2, concurrency: 1 }))
    .stats.length;
const legacyStats: Call = async ({ legacy }) =>
  Object.keys((await legacy.stats({ from: FROM, to: TO, groupBy: ["day"] })).aggregation ?? {}).length;

export interface Expected {
  /** `ok`, or the error's class name. */
  outcome: string;
  kind?: ErrorKind;
  code?: string;
  message?: RegExp;
  requests: number;
  /** Checks the waits the transport asked for (fake sleep: none really happen). */
  waits?: (waits: number[]) => boolean;
  /** Real time within which the call must settle. */
  maxSettledMs?: number;
  /** The most body bytes the server may have written before the client stopped reading. */
  maxBytesWritten?: number;
  /** True when nothing may reach the collector (the other origin). */
  nothingCollected?: boolean;
}

export interface FaultScenario {
  scenario: string;
  call: Call;
  /** Answers in order, the last repeating until the scenario is healed. */
  faults: Behaviour[];
  transport?: Partial<TransportOptions>;
  expected: Expected;
}

const MB = 1024 * 1024;
const inSeconds = (seconds: number) => () => new Date(Date.now() + seconds * 1_000).toUTCString();

export const FAULT_SCENARIOS: FaultScenario[] = [
  {
    scenario: "hang past the timeout",
    call: stats,
    faults: [hang],
    transport: { timeoutMs: 300 },
    expected: {
      outcome: "TimeoutError",
      kind: "timeout",
      message: /did not answer within 300 milliseconds/,
      requests: 1,
      maxSettledMs: 2_000,
    },
  },
  {
    scenario: "429 without Retry-After, persisting",
    call: stats,
    faults: [tooManyRequests()],
    expected: {
      outcome: "RateLimitError",
      kind: "rate_limited",
      message: /Wait a minute and refresh/,
      requests: 4,
      waits: (waits) => waits.length === 3 && waits.every((wait) => wait > 0),
    },
  },
  {
    scenario: "429 Retry-After: 2 (seconds), then success",
    call: stats,
    faults: [tooManyRequests(() => "2"), answerWell],
    expected: { outcome: "ok", requests: 2, waits: (waits) => waits.join() === "2000" },
  },
  {
    scenario: "429 Retry-After as an HTTP date 5 s ahead, then success",
    call: stats,
    faults: [tooManyRequests(inSeconds(5)), answerWell],
    expected: {
      outcome: "ok",
      requests: 2,
      waits: (waits) => waits.length === 1 && waits[0]! >= 3_000 && waits[0]! <= 5_000,
    },
  },
  {
    scenario: "429 Retry-After as an HTTP date in the past, persisting",
    call: stats,
    faults: [tooManyRequests(inSeconds(-3_600))],
    expected: {
      outcome: "RateLimitError",
      kind: "rate_limited",
      message: /Wait a minute/,
      requests: 4,
      waits: (waits) => waits.join() === "250,500,1000",
    },
  },
  {
    scenario: "429 Retry-After: 60 (past the longest wait)",
    call: stats,
    faults: [tooManyRequests(() => "60")],
    expected: {
      outcome: "RateLimitError",
      message: /Wait 60 seconds and refresh/,
      requests: 1,
      waits: (waits) => waits.length === 0,
    },
  },
  {
    scenario: "429 Retry-After: 3600",
    call: stats,
    faults: [tooManyRequests(() => "3600")],
    expected: { outcome: "RateLimitError", message: /Wait 60 minutes and refresh/, requests: 1 },
  },
  {
    scenario: "429 Retry-After: 99999999999 (huge)",
    call: stats,
    faults: [tooManyRequests(() => "99999999999")],
    expected: { outcome: "RateLimitError", message: /Wait a day or more and refresh/, requests: 1 },
  },
  {
    scenario: "500 burst of 2, then success",
    call: stats,
    faults: [status(500), status(500), answerWell],
    expected: { outcome: "ok", requests: 3 },
  },
  {
    scenario: "503 burst of 3, then success",
    call: statsAll,
    faults: [status(503), status(503), status(503), answerWell],
    expected: { outcome: "ok", requests: 4 },
  },
  {
    scenario: "503 persisting",
    call: stats,
    faults: [status(503)],
    expected: {
      outcome: "ServerError",
      kind: "unavailable",
      message: /unavailable right now \(HTTP 503\)/,
      requests: 4,
    },
  },
  {
    scenario: "HTML 502 page, persisting",
    call: stats,
    faults: [htmlPage(502)],
    expected: { outcome: "ServerError", kind: "unavailable", message: /HTTP 502/, requests: 4 },
  },
  {
    scenario: "HTML 200 page",
    call: stats,
    faults: [htmlPage(200)],
    expected: { outcome: "ResponseValidationError", kind: "bad_answer", message: /not JSON/, requests: 1 },
  },
  {
    scenario: "connection reset mid-body, once",
    call: stats,
    faults: [resetMidBody, answerWell],
    expected: { outcome: "ok", requests: 2 },
  },
  {
    scenario: "connection reset mid-body, persisting",
    call: stats,
    faults: [resetMidBody],
    expected: {
      outcome: "ConnectionError",
      kind: "unavailable",
      message: /broke while the answer was arriving/,
      requests: 4,
    },
  },
  {
    scenario: "truncated JSON",
    call: stats,
    faults: [truncatedJson],
    expected: {
      outcome: "ResponseValidationError",
      kind: "bad_answer",
      message: /cut off before its end/,
      requests: 1,
    },
  },
  {
    scenario: "malformed JSON",
    call: stats,
    faults: [malformedJson],
    expected: { outcome: "ResponseValidationError", kind: "bad_answer", message: /broken JSON/, requests: 1 },
  },
  {
    scenario: "empty body",
    call: stats,
    faults: [emptyBody],
    expected: { outcome: "ResponseValidationError", kind: "bad_answer", message: /empty answer/, requests: 1 },
  },
  {
    scenario: "wrong-shape JSON",
    call: stats,
    faults: [wrongShape],
    expected: {
      outcome: "ResponseValidationError",
      kind: "bad_answer",
      message: /unexpected value at stats/,
      requests: 1,
    },
  },
  {
    scenario: "statsAll: page 2 truncated",
    call: statsAllInPagesOfTwo,
    faults: [answerWell, truncatedJson],
    expected: { outcome: "ResponseValidationError", kind: "bad_answer", message: /cut off/, requests: 2 },
  },
  {
    scenario: "statsAll: page 2 answers 500 twice, then success",
    call: statsAllInPagesOfTwo,
    faults: [answerWell, status(500), status(500), answerWell],
    expected: { outcome: "ok", requests: 4 },
  },
  {
    scenario: "same-origin redirect (307), followed",
    call: stats,
    faults: [redirectTo(({ baseUrl }) => `${baseUrl}/moved/stats`, 307), answerWell],
    expected: { outcome: "ok", requests: 2 },
  },
  {
    scenario: "redirect loop",
    call: stats,
    faults: [redirectTo(({ baseUrl, route }) => `${baseUrl}${route}`)],
    expected: {
      outcome: "RedirectError",
      kind: "unavailable",
      code: "redirect_loop",
      message: /keeps redirecting/,
      requests: 6,
    },
  },
  {
    scenario: "cross-origin redirect (bearer)",
    call: stats,
    faults: [redirectTo(({ collectorOrigin, route }) => `${collectorOrigin}${route}`, 307)],
    expected: {
      outcome: "RedirectError",
      kind: "unavailable",
      code: "redirected_elsewhere",
      message: /another site \(http:\/\/127\.0\.0\.1:\d+\)/,
      requests: 1,
      nothingCollected: true,
    },
  },
  {
    scenario: "cross-origin redirect (legacy)",
    call: legacyStats,
    faults: [redirectTo(({ collectorOrigin, route }) => `${collectorOrigin}${route}`)],
    expected: {
      outcome: "RedirectError",
      code: "redirected_elsewhere",
      message: /To keep your credentials safe/,
      requests: 1,
      nothingCollected: true,
    },
  },
  {
    scenario: "legacy: HTML 401 page",
    call: legacyStats,
    faults: [htmlPage(401)],
    expected: { outcome: "AuthenticationError", kind: "sign_in", message: /API key and secret/, requests: 1 },
  },
  {
    scenario: "legacy: 503 burst of 2, then success",
    call: legacyStats,
    faults: [status(503), status(503), answerWell],
    expected: { outcome: "ok", requests: 3 },
  },
  {
    scenario: "broken gzip (content-encoding: gzip over garbage)",
    call: stats,
    faults: [brokenGzip],
    expected: { outcome: "ResponseValidationError", kind: "bad_answer", message: /arrived damaged/, requests: 1 },
  },
  {
    scenario: "huge body: 80 MB announced by content-length",
    call: stats,
    faults: [hugeBody(80 * MB, true)],
    transport: { timeoutMs: 20_000 },
    expected: {
      outcome: "AnswerTooLargeError",
      kind: "too_large",
      message: /larger than 64 MB/,
      requests: 1,
      maxBytesWritten: 16 * MB,
    },
  },
  {
    scenario: "huge body: 80 MB streamed without a length",
    call: stats,
    faults: [hugeBody(80 * MB, false)],
    transport: { timeoutMs: 20_000 },
    expected: {
      outcome: "AnswerTooLargeError",
      kind: "too_large",
      message: /larger than 64 MB/,
      requests: 1,
      maxBytesWritten: 72 * MB,
    },
  },
];

export interface ScenarioResult {
  scenario: string;
  requests: number;
  settledMs: number;
  outcome: string;
  message: string;
  /** Every way the result differs from the scenario's expectations; empty when it passed. */
  problems: string[];
}

/** Settles after `ms` with a marker, so that a hung call is reported rather than awaited forever. */
function watchdog(ms: number): { promise: Promise<"hung">; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), ms)));
  return { promise, cancel: () => clearTimeout(timer) };
}

const HUNG_AFTER_MS = 25_000;

async function settle(call: Promise<number>): Promise<{ rows: number } | { error: unknown } | "hung"> {
  const guard = watchdog(HUNG_AFTER_MS);
  try {
    return await Promise.race([
      call.then(
        (rows) => ({ rows }),
        (error: unknown) => ({ error }),
      ),
      guard.promise,
    ]);
  } finally {
    guard.cancel();
  }
}

function describeOutcome(settled: Awaited<ReturnType<typeof settle>>): {
  outcome: string;
  message: string;
  error?: unknown;
} {
  if (settled === "hung") return { outcome: "hung", message: `no answer after ${HUNG_AFTER_MS} ms` };
  if ("rows" in settled) return { outcome: "ok", message: `${settled.rows} rows` };
  const error = settled.error;
  if (!isReportingError(error))
    return { outcome: `outside the contract: ${String(error)}`, message: String(error), error };
  return { outcome: `${error.name} (${error.kind})`, message: error.message, error };
}

/** Runs one scenario on its own mount and client, then the same call once more after healing. */
export async function runScenario(server: HostileServer, scenario: FaultScenario): Promise<ScenarioResult> {
  const mount = server.mount(scenario.scenario, scenario.faults);
  const waits: number[] = [];
  const transport: TransportOptions = {
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
    timeoutMs: 5_000,
    ...scenario.transport,
  };
  const clients: Clients = {
    reporting: new ReportingClient({ baseUrl: mount.baseUrl, token: TOKEN, transport }),
    legacy: new LegacyClient({ baseUrl: mount.baseUrl, apiKey: API_KEY, apiSecret: API_SECRET, transport }),
  };
  const collectedBefore = server.collected.length;

  const started = performance.now();
  const settled = await settle(scenario.call(clients));
  const settledMs = Math.round(performance.now() - started);
  const { outcome, message, error } = describeOutcome(settled);
  const requests = mount.requests;
  const bytesWritten = mount.bytesWritten;

  const expected = scenario.expected;
  const problems: string[] = [];
  const name = outcome === "ok" ? "ok" : isReportingError(error) ? error.name : outcome;
  if (name !== expected.outcome) problems.push(`outcome ${outcome}, expected ${expected.outcome}`);
  if (expected.kind && isReportingError(error) && error.kind !== expected.kind)
    problems.push(`kind ${error.kind}, expected ${expected.kind}`);
  if (expected.code && isReportingError(error) && error.code !== expected.code)
    problems.push(`code ${error.code}, expected ${expected.code}`);
  if (expected.message && !expected.message.test(message))
    problems.push(`message "${message}" does not match ${expected.message}`);
  if (requests !== expected.requests) problems.push(`${requests} requests, expected ${expected.requests}`);
  if (expected.waits && !expected.waits(waits)) problems.push(`waits [${waits.join(", ")}] are not the expected ones`);
  if (expected.maxSettledMs !== undefined && settledMs > expected.maxSettledMs)
    problems.push(`settled after ${settledMs} ms, expected at most ${expected.maxSettledMs}`);
  if (expected.maxBytesWritten !== undefined && bytesWritten > expected.maxBytesWritten) {
    problems.push(
      `the server wrote ${bytesWritten} bytes before the client stopped reading, expected at most ${expected.maxBytesWritten}`,
    );
  }
  if (expected.nothingCollected) {
    const reached = server.collected.slice(collectedBefore);
    const leaked = reached.filter((request) =>
      CREDENTIAL_HEADERS.some((header) => request.headers[header] !== undefined),
    );
    if (reached.length > 0)
      problems.push(`${reached.length} requests reached the other origin, ${leaked.length} of them with credentials`);
  }
  const texts =
    error instanceof Error
      ? [
          error.message,
          (error as { cellMessage?: string }).cellMessage,
          (error as { paneMessage?: string }).paneMessage,
          JSON.stringify(error),
        ]
      : [];
  if (texts.some((text) => text?.includes(API_SECRET) || text?.includes(TOKEN)))
    problems.push("a credential reached the error");

  // The same client must work again once the service does: no poisoned state, no stuck socket.
  mount.heal();
  const again = describeOutcome(await settle(scenario.call(clients)));
  if (again.outcome !== "ok") problems.push(`the next good answer failed: ${again.outcome}: ${again.message}`);

  return { scenario: scenario.scenario, requests, settledMs, outcome, message, problems };
}

/** Starts the hostile server, runs every scenario in turn, and closes it. */
export async function runFaultScenarios(scenarios: FaultScenario[] = FAULT_SCENARIOS): Promise<ScenarioResult[]> {
  const uncaught: unknown[] = [];
  const onUncaught = (reason: unknown) => void uncaught.push(reason);
  process.on("unhandledRejection", onUncaught);
  process.on("uncaughtException", onUncaught);
  const server = await startHostileServer(answerWell);
  try {
    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      const before = uncaught.length;
      const result = await runScenario(server, scenario);
      // Rejections are reported on a later turn: give them one before blaming the next scenario.
      await new Promise((resolve) => setImmediate(resolve));
      if (uncaught.length > before) result.problems.push(`uncaught: ${uncaught.slice(before).map(String).join("; ")}`);
      results.push(result);
    }
    return results;
  } finally {
    process.off("unhandledRejection", onUncaught);
    process.off("uncaughtException", onUncaught);
    await server.close();
  }
}
