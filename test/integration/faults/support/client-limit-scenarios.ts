import type { Behaviour, Exchange } from "./hostile-server";
import type { Clients, FaultScenario } from "./scenarios";

/**
 * Issue 17, section 4, the client's part: answers that attack the reader rather than the
 * connection. A `total` that would have the client plan millions of pages (C1). Each is a fault
 * scenario run by the same runner as the main table (scenarios.ts), so each is also checked to
 * leave its client able to read the next good answer.
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

type Call = (clients: Clients) => Promise<number>;
const statsAll: Call = async ({ reporting }) => (await reporting.statsAll({ filters: { from: FROM, to: TO }, groups: ["date"] })).stats.length;

export const CLIENT_LIMIT_SCENARIOS: FaultScenario[] = [
  {
    scenario: "C1: statsAll, total=1e7 in pages of 1 row",
    call: statsAll,
    faults: [claimsTotal(1e7)],
    expected: { outcome: "ReportingError", kind: "too_large", code: "too_many_pages", message: /more than 1000 pages/, requests: 1, maxSettledMs: 1_000 },
  },
  {
    scenario: "C1: statsAll, total=1e8 in pages of 1 row",
    call: statsAll,
    faults: [claimsTotal(1e8)],
    expected: { outcome: "ReportingError", kind: "too_large", code: "too_many_pages", message: /more than 1000 pages/, requests: 1, maxSettledMs: 1_000 },
  },
];
