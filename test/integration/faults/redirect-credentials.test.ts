/**
 * Credentials and redirects over real sockets: a service address that redirects to another
 * origin (another port of 127.0.0.1) must never make the clients send their key, secret or
 * token there, whatever the redirect status; within the origin they follow, a few hops at most.
 */
import { LegacyClient, RedirectError, ReportingClient } from "../../../src/client";
import { startHostileServer, type HostileServer } from "./support/hostile-server";
import { answerWell, API_KEY, API_SECRET, redirectTo, TOKEN } from "./support/scenarios";

let server: HostileServer;
const noWaiting = { sleep: async () => undefined, timeoutMs: 5_000 };

beforeAll(async () => {
  server = await startHostileServer(answerWell);
});

afterAll(() => server?.close());

function credentialHeadersCollected(): string[] {
  return server.collected.flatMap((request) =>
    ["authorization", "x-auth-apikey", "x-auth-secret"].filter((name) => request.headers[name] !== undefined),
  );
}

it("the collector records what fetch itself would send it: custom credential headers follow a redirect to another origin", async () => {
  // The threat is real: plain fetch drops Authorization across origins but not x-auth-*.
  const mount = server.mount("plain fetch follows", [
    redirectTo(({ collectorOrigin, route }) => `${collectorOrigin}${route}`),
  ]);
  const before = server.collected.length;
  await fetch(`${mount.baseUrl}/reporting/v1/stats`, {
    headers: { "x-auth-apikey": API_KEY, "x-auth-secret": API_SECRET, authorization: `Bearer ${TOKEN}` },
  });
  const reached = server.collected.slice(before);
  expect(reached).toHaveLength(1);
  expect(reached[0]!.headers).toMatchObject({ "x-auth-apikey": API_KEY, "x-auth-secret": API_SECRET });
  server.collected.length = before;
});

describe.each([301, 302, 303, 307, 308])("a %i to another origin", (status) => {
  it(`point 8: the legacy client never sends its key and secret there`, async () => {
    const mount = server.mount(`legacy ${status}`, [
      redirectTo(({ collectorOrigin, route }) => `${collectorOrigin}${route}`, status),
    ]);
    const legacy = new LegacyClient({
      baseUrl: mount.baseUrl,
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      transport: noWaiting,
    });
    const error = await legacy
      .stats({ from: "2026-06-01", to: "2026-06-04", groupBy: ["day"] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ code: "redirected_elsewhere", retryable: false, target: server.collectorOrigin });
    expect(mount.requests).toBe(1);
    expect(credentialHeadersCollected()).toEqual([]);
    expect(server.collected).toEqual([]);
  });

  it(`point 8: the bearer client never sends its token there`, async () => {
    const mount = server.mount(`bearer ${status}`, [
      redirectTo(({ collectorOrigin, route }) => `${collectorOrigin}${route}`, status),
    ]);
    const reporting = new ReportingClient({ baseUrl: mount.baseUrl, token: TOKEN, transport: noWaiting });
    const error = await reporting
      .stats({ filters: { from: "2026-06-01", to: "2026-06-04" } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(mount.requests).toBe(1);
    expect(server.collected).toEqual([]);
  });
});

it("point 8: within the origin, both clients follow with their credentials, and a loop is one error after a few hops", async () => {
  const moved = server.mount("moved within the origin", [
    redirectTo(({ baseUrl, route }) => `${baseUrl}/v2${route}`, 308),
    answerWell,
  ]);
  const legacy = new LegacyClient({
    baseUrl: moved.baseUrl,
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    transport: noWaiting,
  });
  await expect(legacy.stats({ from: "2026-06-01", to: "2026-06-04", groupBy: ["day"] })).resolves.toMatchObject({
    fromDate: "2026-06-01",
  });
  expect(moved.requests).toBe(2);

  const loop = server.mount("loop within the origin", [redirectTo(({ baseUrl, route }) => `${baseUrl}${route}`, 302)]);
  const reporting = new ReportingClient({ baseUrl: loop.baseUrl, token: TOKEN, transport: noWaiting });
  await expect(reporting.countries()).rejects.toMatchObject({ code: "redirect_loop", retryable: false });
  expect(loop.requests).toBe(6);
  expect(server.collected).toEqual([]);
});
