/**
 * The fault table (support/scenarios.ts) again, with the feed's own way of calling the service
 * (src/host/odata/upstream-fetch.ts, Node's HTTP client) in place of fetch: every hostile answer
 * must end in the same error of the contract, within the same size guards and time, and a
 * compressed or kept-alive answer must read as fetch reads it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { ReportingClient } from "../../../src/client";
import { createUpstreamFetch, type UpstreamFetch } from "../../../src/host/odata/upstream-fetch";
import { startHostileServer, type HostileServer } from "./support/hostile-server";
import { answerWell, FAULT_SCENARIOS, runScenario, TOKEN } from "./support/scenarios";

let server: HostileServer;
let upstream: UpstreamFetch;
const uncaught: unknown[] = [];
const onUncaught = (reason: unknown) => void uncaught.push(reason);

beforeAll(async () => {
  process.on("unhandledRejection", onUncaught);
  process.on("uncaughtException", onUncaught);
  server = await startHostileServer(answerWell);
  upstream = createUpstreamFetch();
});

afterAll(async () => {
  process.off("unhandledRejection", onUncaught);
  process.off("uncaughtException", onUncaught);
  upstream?.close();
  await server?.close();
});

it.each(FAULT_SCENARIOS.map((scenario) => [scenario.scenario, scenario] as const))(
  "%s",
  async (_name, scenario) => {
    const result = await runScenario(server, {
      ...scenario,
      transport: { ...scenario.transport, fetch: upstream.fetch },
    });
    expect(result.problems).toEqual([]);
  },
  30_000,
);

it("reads a compressed answer and keeps one connection for calls one after another", async () => {
  const stats = [{ group: { date: "2026-06-01" }, metrics: { revenues: 1.5, impressions: 1000 } }];
  let connections = 0;
  const plain: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
      const body = JSON.stringify({ stats });
      response.writeHead(200, { "content-type": "application/json", ...(gzip ? { "content-encoding": "gzip" } : {}) });
      response.end(gzip ? gzipSync(body) : body);
    });
  });
  plain.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
  try {
    const client = new ReportingClient({
      baseUrl: `http://127.0.0.1:${(plain.address() as AddressInfo).port}`,
      token: TOKEN,
      transport: { fetch: upstream.fetch },
    });
    for (let call = 0; call < 3; call++) {
      const answer = await client.stats({
        filters: { from: "2026-06-01", to: "2026-06-01" },
        groups: ["date"],
        metrics: ["revenues", "impressions"],
      });
      expect(answer.stats).toEqual(stats);
    }
    expect(connections).toBe(1);
  } finally {
    plain.closeAllConnections();
    await new Promise((resolve) => plain.close(resolve));
  }
});

it("nothing was left uncaught", async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(uncaught).toEqual([]);
});
