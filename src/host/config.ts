import { resolve } from "node:path";
import { cronProblem, DEFAULT_TIME_LIMIT_MS } from "../headless/refresh-schedule";
import { FEED_UPSTREAM_LIMITS, type FeedUpstreamLimits } from "./odata/upstream-limits";
import { DEFAULT_OFFICE_ORIGINS, originProblem } from "./office-origins";
import type { GateLimits } from "./upstream-gate";

export interface ExportLimits {
  /** How long a prepared export waits for its download. */
  ttlMs: number;
  /** Bytes held for every export together. */
  maxBytes: number;
  /** Exports held at once. */
  maxCount: number;
  /** Of them, one user's (one credential's). */
  maxPerOwner: number;
}

/** How long and how many connections a client may hold: fastify's and Node's own limits. */
export interface ConnectionLimits {
  /** The whole request, headers and body, must arrive within this (fastify requestTimeout); else 408. */
  requestTimeoutMs: number;
  /** A connection silent both ways this long is closed (fastify connectionTimeout). */
  connectionTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (fastify keepAliveTimeout). */
  keepAliveTimeoutMs: number;
  /** Requests one connection may carry before it is closed (fastify maxRequestsPerSocket). */
  maxRequestsPerSocket: number;
  /** Connections held at once; past it a new one is closed at once (Node's server.maxConnections). */
  maxConnections: number;
}

export interface HostConfig {
  listenHost: string;
  port: number;
  /** PEM files; undefined only with `plainHttp`. */
  tls: { certFile: string; keyFile: string } | undefined;
  /** Plain HTTP, for a load balancer that terminates TLS in front of this server. */
  plainHttp: boolean;
  /** Fastify's trustProxy: which peers may set X-Forwarded-For and X-Forwarded-Proto. */
  trustProxy: boolean | string[];
  /** Base URL of the bearer interface, behind /service/bearer. */
  serviceUrl: string | undefined;
  /** Base URL of the legacy interface, behind /service/legacy. */
  legacyServiceUrl: string | undefined;
  /** Origins that may read functions.json, manifest.xml and the icons, and frame the pane. */
  allowedOrigins: string[];
  /** Origins the pane may call besides its own (CSP connect-src). */
  connectSources: string[];
  staticDir: string;
  bodyLimitBytes: number;
  upstreamTimeoutMs: number;
  /** Connections to each service at once, and of them one client's (one credential's). */
  upstream: GateLimits;
  /** The OData feed's own connections to each service, one credential's share, and how long a request waits for one. */
  feed: FeedUpstreamLimits;
  shutdownTimeoutMs: number;
  connections: ConnectionLimits;
  exports: ExportLimits;
  logLevel: string;
  /** The scheduled refresh of a folder of workbooks (docs/headless-refresh.md); absent when not asked for. */
  refresh?: { schedule: string; dir: string; credentials: string; timeLimitMs: number };
}

export const DEFAULT_PORT = 8443;
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 30_000,
  connectionTimeoutMs: 120_000,
  // fastify's default: longer than the 60 s idle timeout of common load balancers, so that the
  // balancer, not this server, closes an idle connection (a race that would cost a 502).
  keepAliveTimeoutMs: 72_000,
  maxRequestsPerSocket: 1000,
  maxConnections: 512,
};
export const DEFAULT_UPSTREAM_LIMITS: GateLimits = { connections: 128, perClient: 32 };
export const DEFAULT_EXPORT_LIMITS: ExportLimits = {
  ttlMs: 60_000,
  maxBytes: 256 * 1024 * 1024,
  maxCount: 100,
  maxPerOwner: 10,
};

interface Setting {
  flag: string;
  env: string;
  /** Placeholder of the value in the help text; absent for a switch. */
  value?: string;
  describe: string;
}

/** Every setting, by the key its raw text is read under; the help text is printed from this. */
export const SETTINGS = {
  listenHost: {
    flag: "--listen-host",
    env: "REPORTING_HOST_LISTEN_HOST",
    value: "HOST",
    describe: "interface to listen on (default 0.0.0.0: every interface)",
  },
  port: {
    flag: "--port",
    env: "REPORTING_HOST_PORT",
    value: "N",
    describe: `port (default ${DEFAULT_PORT}; 0 picks a free one)`,
  },
  tlsCert: {
    flag: "--tls-cert",
    env: "REPORTING_HOST_TLS_CERT",
    value: "FILE",
    describe: "PEM certificate chain for HTTPS",
  },
  tlsKey: { flag: "--tls-key", env: "REPORTING_HOST_TLS_KEY", value: "FILE", describe: "PEM private key for HTTPS" },
  plainHttp: {
    flag: "--plain-http",
    env: "REPORTING_HOST_PLAIN_HTTP",
    describe: "serve plain HTTP behind a load balancer that terminates TLS (needs --trust-proxy)",
  },
  trustProxy: {
    flag: "--trust-proxy",
    env: "REPORTING_HOST_TRUST_PROXY",
    value: "WHO",
    describe:
      "peers trusted for X-Forwarded-*: addresses or CIDRs separated by commas (or loopback, uniquelocal), or true",
  },
  serviceUrl: {
    flag: "--service-url",
    env: "REPORTING_PROXY_TARGET",
    value: "URL",
    describe: "base URL of the bearer interface, served at /service/bearer",
  },
  legacyServiceUrl: {
    flag: "--legacy-service-url",
    env: "REPORTING_LEGACY_PROXY_TARGET",
    value: "URL",
    describe: "base URL of the legacy interface, served at /service/legacy",
  },
  allowedOrigins: {
    flag: "--allowed-origins",
    env: "REPORTING_HOST_ALLOWED_ORIGINS",
    value: "LIST",
    describe: "Office origins separated by commas (`default` stands for the built-in list)",
  },
  connectSources: {
    flag: "--csp-connect-src",
    env: "REPORTING_HOST_CSP_CONNECT_SRC",
    value: "LIST",
    describe: "other origins the pane may call, separated by commas (default none)",
  },
  staticDir: {
    flag: "--static-dir",
    env: "REPORTING_HOST_STATIC_DIR",
    value: "DIR",
    describe: "the production build to serve (default dist)",
  },
  bodyLimit: {
    flag: "--body-limit",
    env: "REPORTING_HOST_BODY_LIMIT",
    value: "BYTES",
    describe: "largest request body (default 1000000, the service's own limit)",
  },
  upstreamTimeout: {
    flag: "--upstream-timeout",
    env: "REPORTING_HOST_UPSTREAM_TIMEOUT",
    value: "SECONDS",
    describe: "wait for the service's answer, then 504 (default 60)",
  },
  upstreamConnections: {
    flag: "--upstream-connections",
    env: "REPORTING_HOST_UPSTREAM_CONNECTIONS",
    value: "N",
    describe: "connections to each service at once (default 128)",
  },
  upstreamPerClient: {
    flag: "--upstream-per-client",
    env: "REPORTING_HOST_UPSTREAM_PER_CLIENT",
    value: "N",
    describe: "of them, one user's (one credential's) at once; the rest wait (default 32)",
  },
  feedConnections: {
    flag: "--feed-connections",
    env: "REPORTING_HOST_FEED_CONNECTIONS",
    value: "N",
    describe: "the OData feed's connections to each service at once (default 16)",
  },
  feedPerClient: {
    flag: "--feed-per-client",
    env: "REPORTING_HOST_FEED_PER_CLIENT",
    value: "N",
    describe: "of them, one credential's at once; the rest wait (default 8)",
  },
  feedWait: {
    flag: "--feed-wait",
    env: "REPORTING_HOST_FEED_WAIT",
    value: "SECONDS",
    describe: "a feed request waiting this long for a connection gets 503 upstream_busy (default 30)",
  },
  shutdownTimeout: {
    flag: "--shutdown-timeout",
    env: "REPORTING_HOST_SHUTDOWN_TIMEOUT",
    value: "SECONDS",
    describe: "on SIGTERM, wait this long for requests in flight (default 30)",
  },
  requestTimeout: {
    flag: "--request-timeout",
    env: "REPORTING_HOST_REQUEST_TIMEOUT",
    value: "SECONDS",
    describe: "a request's headers and body must arrive within this, else 408 (default 30)",
  },
  connectionTimeout: {
    flag: "--connection-timeout",
    env: "REPORTING_HOST_CONNECTION_TIMEOUT",
    value: "SECONDS",
    describe: "close a connection silent this long; above --upstream-timeout (default 120)",
  },
  keepAliveTimeout: {
    flag: "--keep-alive-timeout",
    env: "REPORTING_HOST_KEEP_ALIVE_TIMEOUT",
    value: "SECONDS",
    describe: "close an idle kept-alive connection after this (default 72)",
  },
  maxRequestsPerSocket: {
    flag: "--max-requests-per-socket",
    env: "REPORTING_HOST_MAX_REQUESTS_PER_SOCKET",
    value: "N",
    describe: "requests one connection may carry, then it is closed (default 1000)",
  },
  maxConnections: {
    flag: "--max-connections",
    env: "REPORTING_HOST_MAX_CONNECTIONS",
    value: "N",
    describe: "connections held at once; more are closed at once (default 512)",
  },
  exportTtl: {
    flag: "--export-ttl",
    env: "REPORTING_HOST_EXPORT_TTL",
    value: "SECONDS",
    describe: "how long a prepared Mac export waits for its download (default 60)",
  },
  exportMemory: {
    flag: "--export-memory",
    env: "REPORTING_HOST_EXPORT_MEMORY_MB",
    value: "MB",
    describe: "memory held by prepared Mac exports at once (default 256)",
  },
  exportPerUser: {
    flag: "--export-per-user",
    env: "REPORTING_HOST_EXPORT_PER_USER",
    value: "N",
    describe: "prepared Mac exports one user (one token) may hold at once (default 10)",
  },
  refreshSchedule: {
    flag: "--refresh-schedule",
    env: "REPORTING_HOST_REFRESH_SCHEDULE",
    value: "CRON",
    describe: 'refresh the workbooks of --refresh-dir on this cron schedule, e.g. "0 6 * * *" (default none)',
  },
  refreshDir: {
    flag: "--refresh-dir",
    env: "REPORTING_HOST_REFRESH_DIR",
    value: "DIR",
    describe: "the folder of workbooks the schedule refreshes in place",
  },
  refreshCredentials: {
    flag: "--refresh-credentials",
    env: "REPORTING_HOST_REFRESH_CREDENTIALS",
    value: "FILE",
    describe: "the credentials file of the scheduled refresh (private: chmod 600)",
  },
  refreshTimeout: {
    flag: "--refresh-timeout",
    env: "REPORTING_HOST_REFRESH_TIMEOUT",
    value: "SECONDS",
    describe: "a workbook's scheduled refresh still running after this is stopped (default 1800: 30 minutes)",
  },
  logLevel: {
    flag: "--log-level",
    env: "REPORTING_HOST_LOG_LEVEL",
    value: "LEVEL",
    describe: "fatal, error, warn, info (default) or debug",
  },
} as const satisfies Record<string, Setting>;

type SettingKey = keyof typeof SETTINGS;

export class HostConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "HostConfigError";
  }
}

export const USAGE = [
  "Usage: npm run serve -- [options]",
  "",
  "Serves the production build of the add-in over HTTPS, with the same-origin proxy to the",
  "Reporting service. Every option can also be set by its environment variable; a flag wins.",
  "",
  ...Object.values(SETTINGS).map((setting: Setting) => {
    const flag = setting.value ? `${setting.flag} ${setting.value}` : setting.flag;
    return `  ${flag.padEnd(28)} ${setting.env}\n  ${"".padEnd(28)} ${setting.describe}`;
  }),
  "  --help",
  "",
].join("\n");

const LOG_LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Raw texts by setting key: flags over environment variables. */
function rawSettings(args: readonly string[], env: NodeJS.ProcessEnv): Partial<Record<SettingKey, string>> {
  const byFlag = new Map<string, SettingKey>(
    Object.entries(SETTINGS).map(([key, setting]) => [setting.flag, key as SettingKey]),
  );
  const raw: Partial<Record<SettingKey, string>> = {};
  for (const [key, setting] of Object.entries(SETTINGS) as [SettingKey, Setting][]) {
    const value = env[setting.env]?.trim();
    if (value) raw[key] = value;
  }
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const equals = arg.indexOf("=");
    const flag = equals === -1 ? arg : arg.slice(0, equals);
    const key = byFlag.get(flag);
    if (key === undefined) throw new HostConfigError([`Unknown option ${flag}. Run with --help to see the options.`]);
    if (!("value" in SETTINGS[key])) {
      raw[key] = equals === -1 ? "true" : arg.slice(equals + 1);
      continue;
    }
    const value = equals === -1 ? args[++index] : arg.slice(equals + 1);
    if (value === undefined || value.trim() === "") throw new HostConfigError([`${flag} needs a value.`]);
    raw[key] = value.trim();
  }
  return raw;
}

function listOf(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** Reads the settings, and lists every problem at once rather than one per attempt. */
export function readHostConfig(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
): { kind: "help" } | { kind: "start"; config: HostConfig } {
  if (args.includes("--help") || args.includes("-h")) return { kind: "help" };
  const raw = rawSettings(args, env);
  const problems: string[] = [];
  const name = (key: SettingKey) => `${SETTINGS[key].flag} (${SETTINGS[key].env})`;

  const number = (key: SettingKey, fallback: number, check: (value: number) => boolean, rule: string): number => {
    const text = raw[key];
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!check(value)) problems.push(`${name(key)} must be ${rule}, not "${text}".`);
    return value;
  };
  const wholeAbove = (minimum: number) => (value: number) => Number.isSafeInteger(value) && value >= minimum;
  const flag = (key: SettingKey): boolean => {
    const text = raw[key]?.toLowerCase();
    if (text === undefined || text === "false" || text === "0") return false;
    if (text === "true" || text === "1") return true;
    problems.push(`${name(key)} is a switch: true or false, not "${raw[key]}".`);
    return false;
  };
  const serviceUrl = (key: "serviceUrl" | "legacyServiceUrl"): string | undefined => {
    const text = raw[key];
    if (text === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      problems.push(`${name(key)} must be a URL such as https://reporting.example.com/api.`);
      return undefined;
    }
    const loopback = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
    if (url.protocol !== "https:" && !loopback)
      problems.push(`${name(key)} must start with https:// (http:// only for localhost).`);
    // Said without the URL itself: one carrying credentials would print them.
    if (url.username || url.password)
      problems.push(`${name(key)} must not hold a user name or password: credentials travel in headers.`);
    if (url.search || url.hash) problems.push(`${name(key)} must be a base URL, without ? or #.`);
    return url.href.replace(/\/+$/, "");
  };

  const port = number(
    "port",
    DEFAULT_PORT,
    (value) => Number.isInteger(value) && value >= 0 && value <= 65_535,
    "a port number from 0 to 65535",
  );
  const plainHttp = flag("plainHttp");
  const certFile = raw.tlsCert;
  const keyFile = raw.tlsKey;
  let tls: HostConfig["tls"];
  if (certFile && keyFile) tls = { certFile: resolve(cwd, certFile), keyFile: resolve(cwd, keyFile) };
  else if (certFile || keyFile) problems.push(`HTTPS needs both ${name("tlsCert")} and ${name("tlsKey")}.`);

  let trustProxy: HostConfig["trustProxy"] = false;
  const trustText = raw.trustProxy;
  if (trustText !== undefined) {
    if (trustText === "true") trustProxy = true;
    else if (trustText === "false") trustProxy = false;
    else trustProxy = listOf(trustText);
  }
  if (tls && plainHttp)
    problems.push(`Choose HTTPS (${name("tlsCert")} and ${name("tlsKey")}) or ${name("plainHttp")}, not both.`);
  if (!tls && !plainHttp && !certFile && !keyFile) {
    problems.push(
      `Office loads add-ins over HTTPS only: give ${name("tlsCert")} and ${name("tlsKey")}, ` +
        `or ${name("plainHttp")} with ${name("trustProxy")} behind a load balancer that terminates TLS.`,
    );
  }
  // Behind a TLS-terminating load balancer every request arrives as plain HTTP from the balancer:
  // serving that without naming the balancer would mean not knowing who sent what.
  if (plainHttp && (trustProxy === false || (Array.isArray(trustProxy) && trustProxy.length === 0))) {
    problems.push(
      `${name("plainHttp")} needs ${name("trustProxy")}: the address of the load balancer that terminates TLS (or true).`,
    );
  }

  const originTexts = listOf(raw.allowedOrigins);
  const allowedOrigins =
    originTexts.length === 0
      ? [...DEFAULT_OFFICE_ORIGINS]
      : originTexts.flatMap((text) => (text === "default" ? DEFAULT_OFFICE_ORIGINS : [text.toLowerCase()]));
  const connectSources = listOf(raw.connectSources).map((text) => text.toLowerCase());
  for (const origin of [...allowedOrigins, ...connectSources]) {
    const problem = originProblem(origin);
    if (problem) problems.push(`${problem}.`);
  }

  const logLevel = raw.logLevel ?? "info";
  if (!LOG_LEVELS.has(logLevel))
    problems.push(`${name("logLevel")} must be one of ${[...LOG_LEVELS].join(", ")}, not "${logLevel}".`);

  const seconds = (key: SettingKey, fallbackMs: number) =>
    number(key, fallbackMs / 1000, (value) => Number.isFinite(value) && value > 0, "a number of seconds above 0") *
    1000;
  const upstreamTimeoutMs = seconds("upstreamTimeout", 60_000);
  const connections: ConnectionLimits = {
    requestTimeoutMs: seconds("requestTimeout", DEFAULT_CONNECTION_LIMITS.requestTimeoutMs),
    connectionTimeoutMs: seconds("connectionTimeout", DEFAULT_CONNECTION_LIMITS.connectionTimeoutMs),
    keepAliveTimeoutMs: seconds("keepAliveTimeout", DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs),
    maxRequestsPerSocket: number(
      "maxRequestsPerSocket",
      DEFAULT_CONNECTION_LIMITS.maxRequestsPerSocket,
      wholeAbove(1),
      "a whole number above 0",
    ),
    maxConnections: number(
      "maxConnections",
      DEFAULT_CONNECTION_LIMITS.maxConnections,
      wholeAbove(1),
      "a whole number above 0",
    ),
  };
  const upstream: GateLimits = {
    connections: number(
      "upstreamConnections",
      DEFAULT_UPSTREAM_LIMITS.connections,
      wholeAbove(1),
      "a whole number above 0",
    ),
    perClient: number("upstreamPerClient", DEFAULT_UPSTREAM_LIMITS.perClient, wholeAbove(1), "a whole number above 0"),
  };
  const feed: FeedUpstreamLimits = {
    connections: number("feedConnections", FEED_UPSTREAM_LIMITS.connections, wholeAbove(1), "a whole number above 0"),
    perClient: number("feedPerClient", FEED_UPSTREAM_LIMITS.perClient, wholeAbove(1), "a whole number above 0"),
    waitMs: seconds("feedWait", FEED_UPSTREAM_LIMITS.waitMs),
  };
  // A connection waiting for the service's answer is silent: cut before the answer, it would lose it.
  if (connections.connectionTimeoutMs <= upstreamTimeoutMs) {
    problems.push(
      `${name("connectionTimeout")} must be above ${name("upstreamTimeout")} (${upstreamTimeoutMs / 1000} s), or a slow answer is cut before it arrives.`,
    );
  }

  let refresh: HostConfig["refresh"];
  const refreshKeys = ["refreshSchedule", "refreshDir", "refreshCredentials"] as const;
  const refreshTimeLimitMs = seconds("refreshTimeout", DEFAULT_TIME_LIMIT_MS);
  if (refreshKeys.some((key) => raw[key] !== undefined)) {
    const missing = refreshKeys.filter((key) => raw[key] === undefined);
    if (missing.length > 0)
      problems.push(
        `The scheduled refresh needs ${refreshKeys.map(name).join(", ")}: ${missing.map(name).join(" and ")} missing.`,
      );
    const problem = raw.refreshSchedule === undefined ? undefined : cronProblem(raw.refreshSchedule);
    if (problem)
      problems.push(
        `${name("refreshSchedule")} must be a cron expression such as "0 6 * * *" (6:00 every day): ${problem}.`,
      );
    if (missing.length === 0 && !problem)
      refresh = {
        schedule: raw.refreshSchedule!,
        dir: resolve(cwd, raw.refreshDir!),
        credentials: resolve(cwd, raw.refreshCredentials!),
        timeLimitMs: refreshTimeLimitMs,
      };
  }

  const config: HostConfig = {
    listenHost: raw.listenHost ?? "0.0.0.0",
    port,
    tls,
    plainHttp,
    trustProxy,
    serviceUrl: serviceUrl("serviceUrl"),
    legacyServiceUrl: serviceUrl("legacyServiceUrl"),
    allowedOrigins: [...new Set(allowedOrigins)],
    connectSources,
    staticDir: resolve(cwd, raw.staticDir ?? "dist"),
    bodyLimitBytes: number("bodyLimit", 1_000_000, wholeAbove(1), "a whole number of bytes above 0"),
    upstreamTimeoutMs,
    upstream,
    feed,
    shutdownTimeoutMs:
      number("shutdownTimeout", 30, (value) => Number.isFinite(value) && value >= 0, "a number of seconds, 0 or more") *
      1000,
    connections,
    exports: {
      ...DEFAULT_EXPORT_LIMITS,
      ttlMs:
        number(
          "exportTtl",
          DEFAULT_EXPORT_LIMITS.ttlMs / 1000,
          (value) => Number.isFinite(value) && value > 0,
          "a number of seconds above 0",
        ) * 1000,
      maxPerOwner: number("exportPerUser", DEFAULT_EXPORT_LIMITS.maxPerOwner, wholeAbove(1), "a whole number above 0"),
      maxBytes:
        number(
          "exportMemory",
          DEFAULT_EXPORT_LIMITS.maxBytes / 1024 / 1024,
          wholeAbove(1),
          "a whole number of MB above 0",
        ) *
        1024 *
        1024,
    },
    logLevel,
    ...(refresh ? { refresh } : {}),
  };
  if (problems.length > 0) throw new HostConfigError(problems);
  return { kind: "start", config };
}
