/**
 * The feed's connections to the service (src/host/odata/upstream-fetch.ts, upstream-limits.ts),
 * over real HTTP: idle connections are closed before a server would close them, a connection the
 * service dropped while idle costs no failure and no retry, the connections to the service stay
 * within the cap whatever the number of feed requests, and a request that waits too long for one
 * hears the plain "busy" message instead of hanging.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { ReportingClient } from "../../../src/client";
import { registerFeed } from "../../../src/host/odata/feed-routes";
import { createUpstreamFetch, UPSTREAM_IDLE_MS, type UpstreamFetch } from "../../../src/host/odata/upstream-fetch";
import { FEED_UPSTREAM_LIMITS, type FeedUpstreamLimits } from "../../../src/host/odata/upstream-limits";
import { makeCertificate } from "../host/support/certificate";
import { minimalBuild, startTestHost } from "../host/support/running-host";

jest.setTimeout(20_000);

const PERIOD = { from: "2026-06-01", to: "2026-06-01" };
const STATS = [{ group: { date: "2026-06-01" }, metrics: { revenues: 1.5, impressions: 1000 } }];

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Service {
  url: string;
  server: Server;
  /** Connections open now, and the most open at once. */
  open: number;
  mostOpen: number;
  close(): Promise<void>;
}

/** Answers /stats with one row and a reference list with one value, after `delayMs`. */
function answerWell(delayMs = 0): Handler {
  return (request, response) => {
    request.resume();
    request.on("end", () =>
      setTimeout(() => {
        const body = request.url?.endsWith("/stats")
          ? { stats: STATS, total: 1 }
          : { countries: [{ value: "FR", label: "France" }] };
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      }, delayMs),
    );
  };
}

async function startService(handler: Handler, configure: (server: Server) => void = () => undefined): Promise<Service> {
  const server = createServer(handler);
  configure(server);
  const service: Service = {
    url: "",
    server,
    open: 0,
    mostOpen: 0,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  server.on("connection", (socket: Socket) => {
    service.open += 1;
    service.mostOpen = Math.max(service.mostOpen, service.open);
    socket.once("close", () => (service.open -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A service that holds every request until the test answers the first one it got. */
async function holdingService(): Promise<{ service: Service; waiting: ServerResponse[]; answerFirst(): void }> {
  const waiting: ServerResponse[] = [];
  const service = await startService((request, response) => {
    request.resume();
    waiting.push(response);
  });
  return {
    service,
    waiting,
    answerFirst() {
      const response = waiting[0]!;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ stats: STATS, total: 1 }));
    },
  };
}

describe("kept-alive connections", () => {
  let upstream: UpstreamFetch;
  afterEach(() => upstream?.close());

  it("closes an idle connection itself before a Node server (keepAliveTimeout 5 s) would", async () => {
    let closedByUs: number | undefined;
    const service = await startService(answerWell(), (server) => {
      server.on("connection", (socket: Socket) => {
        // The client's FIN: a close of the server's own would not end the stream from the other side first.
        socket.once("end", () => (closedByUs = Date.now()));
      });
    });
    upstream = createUpstreamFetch();
    try {
      const client = new ReportingClient({
        baseUrl: service.url,
        token: "t0ken",
        transport: { fetch: upstream.fetch },
      });
      await client.stats({ filters: PERIOD, groups: ["date"] });
      const answered = Date.now();
      while (closedByUs === undefined && Date.now() - answered < 6_000) await idle(50);
      expect(service.server.keepAliveTimeout).toBe(5_000);
      expect(closedByUs).toBeDefined();
      expect(closedByUs! - answered).toBeLessThan(service.server.keepAliveTimeout);
      expect(closedByUs! - answered).toBeGreaterThanOrEqual(UPSTREAM_IDLE_MS - 100);
    } finally {
      await service.close();
    }
  });

  it("waits for an answer slower than the idle time: only an idle connection is closed", async () => {
    const service = await startService(answerWell(1_000));
    upstream = createUpstreamFetch({ idleMs: 300 });
    const retries: string[] = [];
    try {
      const client = new ReportingClient({
        baseUrl: service.url,
        token: "t0ken",
        transport: { fetch: upstream.fetch, onRetry: (event) => retries.push(event.reason) },
      });
      expect((await client.stats({ filters: PERIOD, groups: ["date"] })).stats).toEqual(STATS);
      expect(retries).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it("sends again on a new connection, without a failure or a retry, a request the service's dropped connection refused", async () => {
    // A balancer that forgets a connection idle for 1 s without a word (no FIN), then resets it
    // when the next request arrives on it: the request is written before anything says the
    // connection is gone. The feed's own idle limit (4 s) does not help here; the replay does.
    let reset = 0;
    const idleSince = new WeakMap<Socket, number>();
    const service = await startService(
      (request, response) => {
        const since = idleSince.get(request.socket);
        if (since !== undefined && Date.now() - since > 1_000) {
          reset += 1;
          request.socket.resetAndDestroy();
          return;
        }
        response.once("finish", () => idleSince.set(request.socket, Date.now()));
        answerWell()(request, response);
      },
      (server) => {
        // No Keep-Alive hint and no close of its own: the balancer's timeout is not announced.
        server.keepAliveTimeout = 0;
      },
    );
    upstream = createUpstreamFetch();
    const retries: string[] = [];
    try {
      const client = new ReportingClient({
        baseUrl: service.url,
        token: "t0ken",
        transport: { fetch: upstream.fetch, onRetry: (event) => retries.push(event.reason) },
      });
      const statsCall = () => client.stats({ filters: PERIOD, groups: ["date"] });
      // Three connections in the pool; two requests take two of them, and the third, as stale, must not be taken for a replay.
      await Promise.all([statsCall(), client.countries(), statsCall()]);
      expect(service.open).toBe(3);
      await idle(2_000);
      const [stats, countries] = await Promise.all([statsCall(), client.countries()]);
      expect(stats.stats).toEqual(STATS);
      expect(countries).toEqual([{ value: "FR", label: "France" }]);
      // The dropped connections were met (the case happened), and no attempt was counted as a retry.
      expect(reset).toBe(2);
      expect(retries).toEqual([]);
    } finally {
      await service.close();
    }
  });
});

describe("the feed's connections to the service", () => {
  let feed: FastifyInstance | undefined;
  afterEach(async () => {
    await feed?.close();
    feed = undefined;
  });

  async function startFeed(serviceUrl: string, upstreamLimits?: FeedUpstreamLimits): Promise<string> {
    feed = Fastify();
    registerFeed(feed, { serviceUrl, upstreamTimeoutMs: 10_000, ...(upstreamLimits ? { upstreamLimits } : {}) });
    await feed.listen({ host: "127.0.0.1", port: 0 });
    return `http://127.0.0.1:${(feed.server.address() as AddressInfo).port}/odata/Stats?$select=date,revenues&$filter=${encodeURIComponent("date ge 2026-06-01 and date le 2026-06-01")}`;
  }

  it("opens no more connections than the cap for 50 feed requests at once", async () => {
    const service = await startService(answerWell(40));
    try {
      const address = await startFeed(service.url);
      // Five users, so that the cap, not one user's share, is what holds.
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          fetch(address, { headers: { authorization: `Bearer user-${index % 5}` } }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
      expect(service.mostOpen).toBeLessThanOrEqual(FEED_UPSTREAM_LIMITS.connections);
      expect(service.mostOpen).toBeGreaterThan(FEED_UPSTREAM_LIMITS.perClient);
    } finally {
      await service.close();
    }
  });

  it("answers 503 with the plain busy message when no connection comes in time", async () => {
    const { service, waiting, answerFirst } = await holdingService();
    try {
      const address = await startFeed(service.url, { connections: 1, perClient: 1, waitMs: 300 });
      const headers = { authorization: "Bearer t0ken" };
      const first = fetch(address, { headers });
      while (waiting.length === 0) await idle(10);
      const started = Date.now();
      const second = await fetch(address, { headers, signal: AbortSignal.timeout(5_000) });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(second.status).toBe(503);
      expect(second.headers.get("retry-after")).toBe("1");
      const body = (await second.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({
        code: "upstream_busy",
        message:
          "The add-in's server is busy with many other requests to the reporting service. Try again in 1 second.",
      });
      expect(waiting).toHaveLength(1);
      // The first still gets its answer once the service gives it.
      answerFirst();
      expect((await first).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});

describe("the production host's feed", () => {
  it("takes its connections and wait from --feed-connections, --feed-per-client and --feed-wait", async () => {
    const { service, waiting, answerFirst } = await holdingService();
    const host = await startTestHost(makeCertificate(), [
      ...["--static-dir", minimalBuild(), "--service-url", service.url],
      ...["--feed-connections", "1", "--feed-per-client", "1", "--feed-wait", "1"],
    ]);
    try {
      const path = `/odata/Stats?$select=date,revenues&$filter=${encodeURIComponent("date ge 2026-06-01 and date le 2026-06-01")}`;
      const headers = { authorization: "Bearer t0ken" };
      const first = host.send(path, { headers });
      while (waiting.length === 0) await idle(10);
      // The one connection is held: the next request waits its second, then hears the host is busy.
      const second = await host.send(path, { headers });
      expect(second.status).toBe(503);
      expect(second.headers["retry-after"]).toBe("1");
      expect((second.json() as { error: { code: string } }).error.code).toBe("upstream_busy");
      expect(waiting).toHaveLength(1);
      answerFirst();
      expect((await first).status).toBe(200);
    } finally {
      await host.stop();
      await service.close();
    }
  });
});
