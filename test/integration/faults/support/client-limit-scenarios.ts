import type { Socket } from "node:net";
import type { Behaviour, Exchange } from "./hostile-server";
import { answerWell, type Clients, type FaultScenario } from "./scenarios";

/**
 * Issue 17, section 4, the client's part: answers that attack the reader rather than the
 * connection: a `total` that would have the client plan millions of pages (C1); answers nested
 * deeper than any schema goes (C2, for each reader: /stats, a reference list, legacy); a
 * redirect to a scheme that is no web address (C4); a head the HTTP client cannot parse (C5: too
 * many headers, or no HTTP at all). Each is a fault scenario run by the same runner as the main
 * table (scenarios.ts), so each is also checked to leave its client able to read the next good
 * answer.
 */

const FROM = "2026-06-01";
const TO = "2026-06-04";
const ONE_ROW = { group: { date: FROM }, metrics: { revenues: 1.25, impressions: 100, ecpm: 12.5, requests: 200 } };

function sendText({ response }: Exchange, text: string): void {
  response.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
  response.end(text);
}

/** One row a page, whatever the page size asked, and a `total` the service cannot have. */
export const claimsTotal =
  (total: number): Behaviour =>
  (exchange) =>
    sendText(exchange, JSON.stringify({ stats: [ONE_ROW], total }));

/** `{"a":{"a":…}}` `depth` levels deep, built as text (building it as objects would overflow JSON.stringify). */
export function nestedText(depth: number, open: (level: number) => string, close: string, leaf = "{}"): string {
  const parts: string[] = [];
  for (let level = 0; level < depth; level += 1) parts.push(open(level));
  return parts.join("") + leaf + close.repeat(depth);
}

/** A legacy answer whose aggregation goes `depth` levels deep: the schema is recursive there. */
export const deepLegacy =
  (depth: number): Behaviour =>
  (exchange) =>
    sendText(
      exchange,
      `{"fromDate":"${FROM}","toDate":"${TO}","applications":[4242],"applicationInfos":[],"aggregationDescription":"day","aggregation":${nestedText(depth, () => '{"x":{"aggregation":', "}}")}}`,
    );

/** A /stats answer with a group value `depth` arrays deep (a field no schema recurses into, yet named in the error). */
export const deepStats =
  (depth: number): Behaviour =>
  (exchange) =>
    sendText(
      exchange,
      `{"stats":[{"group":{"date":${nestedText(depth, () => "[", "]", "1")}},"metrics":{}}],"total":1}`,
    );

/** A reference list whose first entry is `depth` objects deep. */
export const deepReference =
  (depth: number): Behaviour =>
  (exchange) =>
    sendText(exchange, `[${nestedText(depth, () => '{"a":', "}")}]`);

/**
 * An answer whose head carries `count` headers, written on the raw socket: Node's HTTP server
 * would refuse none, and the client's parser (undici) refuses a head over 16 KiB.
 */
export const manyHeaders =
  (count: number): Behaviour =>
  ({ response }) => {
    const socket = response.socket as Socket;
    const headers = Array.from({ length: count }, (_, index) => `x-padding-${index}: ${"v".repeat(20)}\r\n`).join("");
    const body = '{"stats":[],"total":0}';
    socket.write(
      `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n${headers}\r\n${body}`,
    );
    socket.end();
  };

/** Not HTTP at all: what a port of another protocol, or a broken proxy, sends back. */
export const notHttp: Behaviour = ({ response }) => {
  (response.socket as Socket).end("SSH-2.0-OpenSSH_9.2\r\n");
};

/** answerWell, and a reference list too, so that a reference scenario can check the next good answer. */
export const answerWellWithLists: Behaviour = (exchange) =>
  exchange.route.endsWith("/countries") ? sendText(exchange, '[{"code":"FR","name":"France"}]') : answerWell(exchange);

type Call = (clients: Clients) => Promise<number>;
const statsAll: Call = async ({ reporting }) =>
  (await reporting.statsAll({ filters: { from: FROM, to: TO }, groups: ["date"] })).stats.length;
const stats: Call = async ({ reporting }) =>
  (await reporting.stats({ filters: { from: FROM, to: TO }, groups: ["date"] })).stats.length;
const countries: Call = async ({ reporting }) => (await reporting.countries()).length;
const legacyStats: Call = async ({ legacy }) =>
  Object.keys((await legacy.stats({ from: FROM, to: TO, groupBy: ["day"] })).aggregation ?? {}).length;

export const CLIENT_LIMIT_SCENARIOS: FaultScenario[] = [
  {
    scenario: "C1: statsAll, total=1e7 in pages of 1 row",
    call: statsAll,
    faults: [claimsTotal(1e7)],
    expected: {
      outcome: "ReportingError",
      kind: "too_large",
      code: "too_many_pages",
      message: /more than 1000 pages/,
      requests: 1,
      maxSettledMs: 3_000,
    },
  },
  {
    scenario: "C1: statsAll, total=1e8 in pages of 1 row",
    call: statsAll,
    faults: [claimsTotal(1e8)],
    expected: {
      outcome: "ReportingError",
      kind: "too_large",
      code: "too_many_pages",
      message: /more than 1000 pages/,
      requests: 1,
      maxSettledMs: 3_000,
    },
  },
  {
    scenario: "C2: legacy answer nested 5,000 levels",
    call: legacyStats,
    faults: [deepLegacy(5_000)],
    expected: { outcome: "ResponseValidationError", kind: "bad_answer", message: /nested far deeper/, requests: 1 },
  },
  {
    scenario: "C2: stats answer nested 100,000 levels",
    call: stats,
    faults: [deepStats(100_000)],
    expected: { outcome: "ResponseValidationError", kind: "bad_answer", message: /nested far deeper/, requests: 1 },
  },
  {
    scenario: "C2: reference list nested 100,000 levels",
    call: countries,
    faults: [deepReference(100_000)],
    expected: { outcome: "ResponseValidationError", kind: "bad_answer", message: /nested far deeper/, requests: 1 },
  },
  {
    scenario: "C4: redirect to javascript:",
    call: stats,
    faults: [
      ({ response }) => {
        response.writeHead(302, { location: "javascript:alert(document.cookie)" });
        response.end();
      },
    ],
    expected: {
      outcome: "RedirectError",
      kind: "unavailable",
      code: "redirected_elsewhere",
      message: /a javascript: address, which is not a web address/,
      requests: 1,
      nothingCollected: true,
    },
  },
  {
    scenario: "C4: redirect to data: (legacy)",
    call: legacyStats,
    faults: [
      ({ response }) => {
        response.writeHead(307, { location: "data:application/json,{}" });
        response.end();
      },
    ],
    expected: {
      outcome: "RedirectError",
      code: "redirected_elsewhere",
      message: /a data: address, which is not a web address/,
      requests: 1,
      nothingCollected: true,
    },
  },
  {
    scenario: "C5: 2,000 response headers",
    call: stats,
    faults: [manyHeaders(2_000)],
    expected: {
      outcome: "ResponseValidationError",
      kind: "bad_answer",
      message: /more headers than the add-in accepts.*proxy/,
      requests: 1,
    },
  },
  {
    scenario: "C5: an answer that is not HTTP (legacy)",
    call: legacyStats,
    faults: [notHttp],
    expected: {
      outcome: "ResponseValidationError",
      kind: "bad_answer",
      message: /not a web \(HTTP\) answer/,
      requests: 1,
    },
  },
];
