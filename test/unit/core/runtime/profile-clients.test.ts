import type { FetchLike } from "../../../../src/client";
import { parseProfile } from "../../../../src/core/profiles/profile";
import { buildClients } from "../../../../src/core/runtime/profile-clients";
import { bearer, legacy, TOKEN } from "../profiles/fixtures";

describe("buildClients", () => {
  function recordingFetch() {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fetch: FetchLike = async (url, init) => {
      calls.push({ url, headers: init.headers });
      const body = url.endsWith("/applications") ? JSON.stringify({ applications: [] }) : JSON.stringify([]);
      return {
        status: 200,
        headers: { get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : null) },
        text: async () => body,
        arrayBuffer: async () => new TextEncoder().encode(body).buffer,
      };
    };
    return { calls, fetch };
  }

  it("builds only the clients whose credentials the profile holds", () => {
    const both = parseProfile({ ...legacy("Both"), kind: "both", token: TOKEN });
    expect(Object.keys(buildClients(both)).sort()).toEqual(["legacy", "reporting"]);
    expect(Object.keys(buildClients(parseProfile(bearer("B"))))).toEqual(["reporting"]);
    const { apiSecret: _secret, ...noSecret } = legacy("L");
    expect(buildClients(parseProfile(noSecret))).toEqual({});
  });

  it("sends each interface's credentials to that interface's address", async () => {
    const { calls, fetch } = recordingFetch();
    const clients = buildClients(parseProfile({ ...legacy("Both"), kind: "both", token: TOKEN }), {
      fetch,
      maxRetries: 0,
    });
    await clients.reporting?.countries();
    await clients.legacy?.applications();
    expect(calls[0]?.url).toBe("https://reporting.example.com/countries");
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[1]?.url).toBe("https://legacy.example.com/reporting/v1/applications");
    expect(calls[1]?.headers["x-auth-apikey"]).toBe("key-123");
    expect(calls[1]?.headers["x-auth-secret"]).toBe("secret-456");
  });
});
