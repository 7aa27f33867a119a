import { closedPort } from "../../support/loopback";
import type { RunningEmulator } from "../../../src/emulator";
import {
  bearerHeaders,
  legacyHeaders,
  START_TIMEOUT_MS,
  startConformanceEmulator,
  widestBearer,
} from "../emulator/support/emulator";
import { makeCertificate, type TestCertificate } from "./support/certificate";
import { send } from "./support/https-client";
import { startRecordingUpstream, type RecordingUpstream } from "./support/recording-upstream";
import { minimalBuild, startTestHost, type TestHost } from "./support/running-host";

jest.setTimeout(START_TIMEOUT_MS);

const OFFICE_ORIGIN = "https://excel.officeapps.live.com";
const STATS_REQUEST = {
  filters: { from: "2026-06-01", to: "2026-06-07" },
  groups: ["date", "country"],
  metrics: ["revenues", "impressions"],
};

let certificate: TestCertificate;
beforeAll(() => {
  certificate = makeCertificate();
});

describe("the proxy to the emulator, whose own CORS is off", () => {
  let emulator: RunningEmulator;
  let host: TestHost;

  beforeAll(async () => {
    // No origin allowed: only a same-origin proxy lets a page reach it, as with the real service.
    emulator = await startConformanceEmulator({ allowedOrigins: [] });
    host = await startTestHost(certificate, [
      "--static-dir",
      minimalBuild(),
      "--service-url",
      emulator.baseUrl,
      "--legacy-service-url",
      emulator.legacyBaseUrl,
    ]);
  });

  afterAll(async () => {
    await host?.stop();
    await emulator?.close();
  });

  it("the emulator grants no origin a read, so a page could not call it directly", async () => {
    const direct = await send(`${emulator.baseUrl}/dates`, {
      headers: { ...bearerHeaders(widestBearer(emulator).token), origin: host.url },
    });
    expect(direct.status).toBe(200);
    expect(direct.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("POST /service/bearer/stats answers exactly what the emulator answers at /api/stats, never cached", async () => {
    const { token } = widestBearer(emulator);
    const body = JSON.stringify(STATS_REQUEST);
    const direct = await send(`${emulator.baseUrl}/stats`, { method: "POST", headers: bearerHeaders(token), body });
    const proxied = await host.send("/service/bearer/stats", {
      method: "POST",
      headers: { ...bearerHeaders(token), origin: host.url },
      body,
    });
    expect(direct.status).toBe(200);
    expect(proxied.status).toBe(200);
    expect(proxied.json()).toEqual(direct.json());
    expect((proxied.json() as { stats: unknown[] }).stats.length).toBeGreaterThan(0);
    expect(proxied.headers["cache-control"]).toBe("no-store");
  });

  it("GET /service/legacy/reporting/v1/stats answers what the legacy interface answers, query included", async () => {
    const credential = emulator.credentials.legacy[0]!;
    const query = `?from_date=2026-06-01&to_date=2026-06-03&group_by=${encodeURIComponent("day,country")}`;
    const direct = await send(`${emulator.legacyBaseUrl}/reporting/v1/stats${query}`, {
      headers: legacyHeaders(credential),
    });
    const proxied = await host.send(`/service/legacy/reporting/v1/stats${query}`, {
      headers: legacyHeaders(credential),
    });
    expect(direct.status).toBe(200);
    expect([proxied.status, proxied.json()]).toEqual([200, direct.json()]);
  });

  it("a request without credentials is refused by the emulator, its 401 answer passed on untouched", async () => {
    const direct = await send(`${emulator.baseUrl}/dates`);
    const proxied = await host.send("/service/bearer/dates");
    expect(direct.status).toBe(401);
    expect([proxied.status, proxied.json()]).toEqual([401, direct.json()]);
    expect(proxied.headers["www-authenticate"]).toBe(direct.headers["www-authenticate"]);
    const legacyDirect = await send(`${emulator.legacyBaseUrl}/reporting/v1/applications`);
    const legacyProxied = await host.send("/service/legacy/reporting/v1/applications");
    expect([legacyProxied.status, legacyProxied.json()]).toEqual([401, legacyDirect.json()]);
  });

  it("opens the proxy to no other origin, even Office's", async () => {
    const proxied = await host.send("/service/bearer/dates", {
      headers: { ...bearerHeaders(widestBearer(emulator).token), origin: OFFICE_ORIGIN },
    });
    expect(proxied.status).toBe(200);
    expect(proxied.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("logs one line per request (method, path without query, status, duration, bytes, request id) and never a token, key or secret", async () => {
    const { token } = widestBearer(emulator);
    const legacy = emulator.credentials.legacy[0]!;
    // One request carrying all three credentials, one in the query string as well.
    const bearerAnswer = await host.send(`/service/bearer/dates?access_token=${token}`, {
      headers: { ...bearerHeaders(token), ...legacyHeaders(legacy) },
    });
    const legacyAnswer = await host.send("/service/legacy/reporting/v1/applications", {
      headers: legacyHeaders(legacy),
    });
    expect([bearerAnswer.status, legacyAnswer.status]).toEqual([200, 200]);
    // The log line is written once the answer has gone: wait for it.
    const deadline = Date.now() + 5_000;
    const requestIds = [bearerAnswer.headers["x-request-id"], legacyAnswer.headers["x-request-id"]];
    while (
      host.accessLog().filter((record) => requestIds.includes(record.requestId as string)).length < 2 &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const records = host.accessLog().filter((record) => requestIds.includes(record.requestId as string));
    expect(records.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: "GET", path: "/service/bearer/dates", status: 200 },
      { method: "GET", path: "/service/legacy/reporting/v1/applications", status: 200 },
    ]);
    for (const record of records) {
      expect(Object.keys(record).sort()).toEqual([
        "bytes",
        "durationMs",
        "hostname",
        "level",
        "method",
        "msg",
        "path",
        "pid",
        "requestId",
        "status",
        "time",
      ]);
      expect(record.bytes).toBeGreaterThan(0);
    }
    const everything = host.output.join("\n");
    for (const secret of [token, legacy.apiKey, legacy.apiSecret]) expect(everything).not.toContain(secret);
  });
});

describe("what the proxy forwards and answers, seen from a recording service", () => {
  let upstream: RecordingUpstream;
  let host: TestHost;

  beforeAll(async () => {
    upstream = await startRecordingUpstream((request, response) => {
      response.writeHead(200, {
        "content-type": "application/json",
        "set-cookie": "session=service-cookie; Path=/",
        "access-control-allow-origin": "*",
        "cache-control": "public, max-age=3600",
      });
      response.end(JSON.stringify({ path: request.url }));
    });
    host = await startTestHost(certificate, [
      "--static-dir",
      minimalBuild(),
      "--service-url",
      upstream.baseUrl,
      "--legacy-service-url",
      `${upstream.baseUrl}/legacy`,
      "--body-limit",
      "1000",
    ]);
  });

  afterAll(async () => {
    await host?.stop();
    await upstream?.close();
  });

  it("passes the credential headers untouched, drops origin, referer and cookie, and rewrites the path", async () => {
    const headers = {
      authorization: "Bearer token-value-1",
      "x-auth-apikey": "key-value-2",
      "x-auth-secret": "secret-value-3",
      origin: OFFICE_ORIGIN,
      referer: "https://excel.officeapps.live.com/x",
      cookie: "addin=1",
      "content-type": "application/json",
      "accept-encoding": "gzip",
    };
    const answer = await host.send("/service/bearer/stats/csv?a=1&b=2", {
      method: "POST",
      headers,
      body: '{"filters":{}}',
    });
    expect(answer.status).toBe(200);
    const received = upstream.received.at(-1)!;
    expect(received.url).toBe("/base/stats/csv?a=1&b=2");
    expect(received.body).toBe('{"filters":{}}');
    expect(received.headers).toMatchObject({
      authorization: "Bearer token-value-1",
      "x-auth-apikey": "key-value-2",
      "x-auth-secret": "secret-value-3",
    });
    for (const name of ["origin", "referer", "cookie"]) expect(received.headers[name]).toBeUndefined();
    // Compression is the service's to choose: asked for, and the answer passed as it came.
    expect(received.headers["accept-encoding"]).toBe("gzip");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.json()).toEqual({ path: "/base/stats/csv?a=1&b=2" });
    await host.send("/service/legacy/reporting/v1/stats", { headers: { "x-auth-apikey": "k", "x-auth-secret": "s" } });
    expect(upstream.received.at(-1)!.url).toBe("/base/legacy/reporting/v1/stats");
  });

  it("answers no-store, without the service's cookies or CORS headers", async () => {
    const answer = await host.send("/service/bearer/dates", { headers: { authorization: "Bearer t" } });
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("refuses a body over the limit with 413 in the service's error shape, before calling the service", async () => {
    const before = upstream.received.length;
    const answer = await host.send("/service/bearer/stats", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ filler: "x".repeat(2_000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.json()).toEqual({
      error: {
        code: "body_too_large",
        message: "The request body is larger than the 1000 bytes this add-in server accepts.",
      },
    });
    expect(upstream.received.length).toBe(before);
  });
});

describe("a service that fails", () => {
  it("answers 504 in the service's error shape when the service does not answer in time", async () => {
    const silent = await startRecordingUpstream(() => undefined);
    const host = await startTestHost(certificate, [
      "--static-dir",
      minimalBuild(),
      "--service-url",
      silent.baseUrl,
      "--upstream-timeout",
      "0.5",
    ]);
    try {
      const started = Date.now();
      const answer = await host.send("/service/bearer/dates", { headers: { authorization: "Bearer t" } });
      expect(answer.status).toBe(504);
      expect(answer.json()).toEqual({
        error: {
          code: "upstream_timeout",
          message: "The Reporting service did not answer within 0.5 seconds. Try again, or ask for less data.",
        },
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await host.stop();
      await silent.close();
    }
  });

  it("answers 502 in the service's error shape when the service cannot be reached", async () => {
    const port = await closedPort();
    const host = await startTestHost(certificate, [
      "--static-dir",
      minimalBuild(),
      "--service-url",
      `http://127.0.0.1:${port}/api`,
    ]);
    try {
      const answer = await host.send("/service/bearer/dates", { headers: { authorization: "Bearer t" } });
      expect(answer.status).toBe(502);
      expect(answer.json()).toEqual({
        error: {
          code: "upstream_refused",
          message:
            "The Reporting service refused the add-in server's connection (ECONNREFUSED). Try again later; if it persists, tell the server's administrator.",
        },
      });
    } finally {
      await host.stop();
    }
  });

  it("answers 502 with a code of its own when the service's host name is unknown, so the pane can say which", async () => {
    // .invalid never resolves (RFC 2606): the lookup fails whether or not this machine has a network.
    const host = await startTestHost(certificate, [
      "--static-dir",
      minimalBuild(),
      "--service-url",
      "https://reporting.invalid/api",
    ]);
    try {
      const answer = await host.send("/service/bearer/dates", { headers: { authorization: "Bearer t" } });
      expect(answer.status).toBe(502);
      expect((answer.json() as { error: { code: string } }).error.code).toBe("upstream_unknown_host");
    } finally {
      await host.stop();
    }
  });
});
