import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HostConfigError, readHostConfig, SETTINGS, type HostConfig } from "../../../src/host/config";
import { DEFAULT_OFFICE_ORIGINS } from "../../../src/host/office-origins";
import { REPO_ROOT } from "../../support/fresh-dist";
import { HOST_FROM_SOURCE, minimalBuild, spawnHost } from "../../support/host-process";
import { send } from "./support/https-client";

jest.setTimeout(60_000);

const TLS = ["--tls-cert", "cert.pem", "--tls-key", "key.pem"];

function configOf(args: string[], env: NodeJS.ProcessEnv = {}): HostConfig {
  const read = readHostConfig(args, env, "/srv/addin");
  if (read.kind !== "start") throw new Error("asked for help");
  return read.config;
}

function problemsOf(args: string[], env: NodeJS.ProcessEnv = {}): string[] {
  try {
    configOf(args, env);
  } catch (error) {
    if (error instanceof HostConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("the host's settings", () => {
  it("serves HTTPS from the given files, with defaults for the rest", () => {
    const config = configOf(TLS);
    expect(config).toMatchObject({
      listenHost: "0.0.0.0",
      port: 8443,
      tls: { certFile: "/srv/addin/cert.pem", keyFile: "/srv/addin/key.pem" },
      plainHttp: false,
      trustProxy: false,
      staticDir: "/srv/addin/dist",
      bodyLimitBytes: 1_000_000,
      upstreamTimeoutMs: 60_000,
      shutdownTimeoutMs: 30_000,
      connections: {
        requestTimeoutMs: 30_000,
        connectionTimeoutMs: 120_000,
        keepAliveTimeoutMs: 72_000,
        maxRequestsPerSocket: 1000,
        maxConnections: 512,
      },
      exports: { ttlMs: 60_000, maxBytes: 256 * 1024 * 1024, maxCount: 100, maxPerOwner: 10 },
      upstream: { connections: 128, perClient: 32 },
      feed: { connections: 16, perClient: 8, waitMs: 30_000 },
      allowedOrigins: [...DEFAULT_OFFICE_ORIGINS],
      connectSources: [],
    });
  });

  it("refuses a connection timeout that would cut a connection waiting for the service's answer", () => {
    expect(problemsOf([...TLS, "--upstream-timeout", "150"])).toEqual([
      "--connection-timeout (REPORTING_HOST_CONNECTION_TIMEOUT) must be above --upstream-timeout (REPORTING_HOST_UPSTREAM_TIMEOUT) (150 s), or a slow answer is cut before it arrives.",
    ]);
    expect(
      configOf([...TLS, "--upstream-timeout", "150", "--connection-timeout", "160"]).connections.connectionTimeoutMs,
    ).toBe(160_000);
  });

  it("refuses plain HTTP unless asked for it, and then only with the load balancer it trusts", () => {
    expect(problemsOf([])).toEqual([
      "Office loads add-ins over HTTPS only: give --tls-cert (REPORTING_HOST_TLS_CERT) and --tls-key (REPORTING_HOST_TLS_KEY), " +
        "or --plain-http (REPORTING_HOST_PLAIN_HTTP) with --trust-proxy (REPORTING_HOST_TRUST_PROXY) behind a load balancer that terminates TLS.",
    ]);
    expect(problemsOf(["--plain-http"])).toEqual([
      "--plain-http (REPORTING_HOST_PLAIN_HTTP) needs --trust-proxy (REPORTING_HOST_TRUST_PROXY): the address of the load balancer that terminates TLS (or true).",
    ]);
    expect(configOf(["--plain-http", "--trust-proxy", "10.0.0.0/8, 192.168.1.4"])).toMatchObject({
      plainHttp: true,
      tls: undefined,
      trustProxy: ["10.0.0.0/8", "192.168.1.4"],
    });
    expect(problemsOf([...TLS, "--plain-http", "--trust-proxy", "true"])).toHaveLength(1);
    expect(problemsOf(["--tls-cert", "cert.pem"])).toEqual([
      "HTTPS needs both --tls-cert (REPORTING_HOST_TLS_CERT) and --tls-key (REPORTING_HOST_TLS_KEY).",
    ]);
  });

  it("takes service URLs over https only (http for localhost), never with credentials, and never repeats them", () => {
    expect(
      configOf([
        ...TLS,
        "--service-url",
        "https://reporting.example.com/api/",
        "--legacy-service-url",
        "http://127.0.0.1:3001",
      ]),
    ).toMatchObject({
      serviceUrl: "https://reporting.example.com/api",
      legacyServiceUrl: "http://127.0.0.1:3001",
    });
    expect(problemsOf([...TLS, "--service-url", "http://reporting.example.com/api"])).toEqual([
      "--service-url (REPORTING_PROXY_TARGET) must start with https:// (http:// only for localhost).",
    ]);
    const problems = problemsOf([...TLS, "--legacy-service-url", "https://user:hunter2@reporting.example.com"]);
    expect(problems).toEqual([
      "--legacy-service-url (REPORTING_LEGACY_PROXY_TARGET) must not hold a user name or password: credentials travel in headers.",
    ]);
    expect(problems.join(" ")).not.toContain("hunter2");
  });

  it("reads every setting from its environment variable, and a flag wins over it", () => {
    const env = {
      REPORTING_HOST_PORT: "9443",
      REPORTING_PROXY_TARGET: "https://a.example/api",
      REPORTING_HOST_BODY_LIMIT: "2048",
    };
    expect(configOf(TLS, env)).toMatchObject({ port: 9443, serviceUrl: "https://a.example/api", bodyLimitBytes: 2048 });
    expect(configOf([...TLS, "--port", "7443"], env).port).toBe(7443);
  });

  it("sets the OData feed's own connections to the service apart from the proxy's, and refuses what is not a count", () => {
    const env = { REPORTING_HOST_FEED_CONNECTIONS: "40", REPORTING_HOST_FEED_WAIT: "2.5" };
    expect(configOf([...TLS, "--feed-per-client", "10"], env)).toMatchObject({
      feed: { connections: 40, perClient: 10, waitMs: 2_500 },
      upstream: { connections: 128, perClient: 32 },
    });
    expect(problemsOf([...TLS, "--feed-connections", "0", "--feed-per-client", "1.5", "--feed-wait", "-1"])).toEqual([
      '--feed-connections (REPORTING_HOST_FEED_CONNECTIONS) must be a whole number above 0, not "0".',
      '--feed-per-client (REPORTING_HOST_FEED_PER_CLIENT) must be a whole number above 0, not "1.5".',
      '--feed-wait (REPORTING_HOST_FEED_WAIT) must be a number of seconds above 0, not "-1".',
    ]);
  });

  it("replaces or extends the Office origins, and refuses what is not an origin", () => {
    expect(configOf([...TLS, "--allowed-origins", "https://excel.contoso.com"]).allowedOrigins).toEqual([
      "https://excel.contoso.com",
    ]);
    expect(configOf([...TLS, "--allowed-origins", "default,https://*.contoso.com"]).allowedOrigins).toEqual([
      ...DEFAULT_OFFICE_ORIGINS,
      "https://*.contoso.com",
    ]);
    expect(problemsOf([...TLS, "--allowed-origins", "https://contoso.com/path,*"])).toEqual([
      "https://contoso.com/path is not an origin: write https://host (or https://*.domain for its subdomains), without a path.",
      "* is not an origin: write https://host (or https://*.domain for its subdomains), without a path.",
    ]);
  });

  it("lists every problem at once, and refuses an unknown option", () => {
    expect(problemsOf([...TLS, "--port", "99999", "--body-limit", "0", "--log-level", "loud"])).toHaveLength(3);
    expect(problemsOf([...TLS, "--prot", "1"])).toEqual(["Unknown option --prot. Run with --help to see the options."]);
  });

  it("takes a scheduled refresh only whole and with a cron expression it can read", () => {
    expect(
      configOf([
        ...TLS,
        "--refresh-schedule",
        "0 6 * * *",
        "--refresh-dir",
        "books",
        "--refresh-credentials",
        "refresh.json",
      ]).refresh,
    ).toEqual({
      schedule: "0 6 * * *",
      dir: "/srv/addin/books",
      credentials: "/srv/addin/refresh.json",
      timeLimitMs: 30 * 60 * 1000,
    });
    const scheduled = [
      ...TLS,
      "--refresh-schedule",
      "0 6 * * *",
      "--refresh-dir",
      "b",
      "--refresh-credentials",
      "r.json",
    ];
    expect(configOf([...scheduled, "--refresh-timeout", "90"]).refresh?.timeLimitMs).toBe(90_000);
    expect(problemsOf([...scheduled, "--refresh-timeout", "0"])).toEqual([
      '--refresh-timeout (REPORTING_HOST_REFRESH_TIMEOUT) must be a number of seconds above 0, not "0".',
    ]);
    expect(configOf(TLS).refresh).toBeUndefined();
    expect(problemsOf([...TLS, "--refresh-schedule", "0 6 * * *"])).toEqual([
      "The scheduled refresh needs --refresh-schedule (REPORTING_HOST_REFRESH_SCHEDULE), --refresh-dir (REPORTING_HOST_REFRESH_DIR), --refresh-credentials (REPORTING_HOST_REFRESH_CREDENTIALS): --refresh-dir (REPORTING_HOST_REFRESH_DIR) and --refresh-credentials (REPORTING_HOST_REFRESH_CREDENTIALS) missing.",
    ]);
    expect(
      problemsOf([
        ...TLS,
        "--refresh-schedule",
        "at six",
        "--refresh-dir",
        "books",
        "--refresh-credentials",
        "refresh.json",
      ]),
    ).toEqual([
      expect.stringMatching(
        /^--refresh-schedule \(REPORTING_HOST_REFRESH_SCHEDULE\) must be a cron expression such as "0 6 \* \* \*" \(6:00 every day\): /,
      ),
    ]);
  });

  it("every flag and environment variable is documented in the deploy guide", () => {
    const guide = readFileSync(join(REPO_ROOT, "docs", "deploy.md"), "utf8");
    for (const setting of Object.values(SETTINGS)) {
      expect([setting.flag, guide.includes(`\`${setting.flag}`)]).toEqual([setting.flag, true]);
      expect([setting.env, guide.includes(`\`${setting.env}\``)]).toEqual([setting.env, true]);
    }
  });
});

describe("plain HTTP behind a load balancer", () => {
  it("serves over http when asked with --plain-http and --trust-proxy, still sending HSTS for the balancer's https", async () => {
    const host = await spawnHost([
      ...HOST_FROM_SOURCE,
      "--plain-http",
      "--trust-proxy",
      "127.0.0.1",
      "--listen-host",
      "127.0.0.1",
      "--port",
      "0",
      "--static-dir",
      minimalBuild(),
    ]);
    try {
      expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await send(`${host.url}/taskpane.html`, { headers: { "x-forwarded-proto": "https" } });
      expect(answer.status).toBe(200);
      expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    } finally {
      host.child.kill("SIGTERM");
      await host.exited;
    }
  });
});
