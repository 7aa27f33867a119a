import fastifyCompress from "@fastify/compress";
import fastifyHelmet from "@fastify/helmet";
import Fastify, { LogController, type FastifyError, type FastifyInstance } from "fastify";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loggedPath, registerAccessLog } from "./access-log";
import { registerCapabilities } from "./capabilities";
import type { ConnectionLimits, HostConfig } from "./config";
import { sendError } from "./error-reply";
import { EXPORTS_PATH, registerExportRoutes } from "./exports/export-routes";
import { ExportStore } from "./exports/export-store";
import { POWER_QUERY_EXPORT_PATH, registerPowerQueryExport } from "./exports/power-query-route";
import { registerHealth } from "./health";
import { registerFeed } from "./odata/feed-routes";
import { registerScheduledRefresh } from "./refresh-status";
import { registerOfficeMetadataCors } from "./office-metadata";
import { ParserRefusals } from "./parser-refusals";
import { externalScriptOrigins, helmetOptions } from "./security-headers";
import { registerServiceProxies } from "./service-proxy";
import { registerStaticFiles } from "./static-files";

/** What fastify refuses itself, said in the service's error shape. */
function registerErrorAnswers(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return sendError(
        reply,
        413,
        "body_too_large",
        `The request body is larger than the ${bodyLimitBytes} bytes this add-in server accepts.`,
      );
    }
    if (status === 415)
      return sendError(reply, 415, "unsupported_media_type", "Send the request body as application/json.");
    if (status >= 400 && status < 500) return sendError(reply, status, "invalid_request", error.message);
    // The message of an unexpected error may hold anything: it goes to the log, not the answer.
    request.log.error(
      { err: { type: error.name, message: error.message, code: error.code }, path: loggedPath(request.url) },
      "request failed",
    );
    return sendError(
      reply,
      500,
      "internal_error",
      "The add-in server failed to answer. Try again; if it persists, tell its administrator.",
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, "not_found", `Nothing is served at ${loggedPath(request.url)}.`),
  );
}

const DROP_WARNING_INTERVAL_MS = 10_000;

/**
 * The limits of config.ts's ConnectionLimits that fastify does not set. Past `maxConnections`
 * Node closes each new connection at once: a flood of held connections costs the memory of that
 * many, not more. The administrator hears of it, once per interval.
 */
function limitConnections(app: FastifyInstance, limits: ConnectionLimits): void {
  const { maxConnections } = limits;
  // Node's own clocks, which fastify does not set (read at listen): headers get the whole
  // request's time, and the request clocks are checked every second; Node's default, 30 s, would
  // let a stalled body outlive its timeout by as much.
  Object.assign(app.server, {
    headersTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, limits.requestTimeoutMs),
  });
  app.server.maxConnections = maxConnections;
  let dropped = 0;
  let warnedAt = 0;
  app.server.on("drop", () => {
    dropped++;
    if (Date.now() - warnedAt < DROP_WARNING_INTERVAL_MS) return;
    warnedAt = Date.now();
    app.log.warn(
      { maxConnections, dropped },
      "connections refused: the server holds as many as --max-connections allows",
    );
    dropped = 0;
  });
}

/** The production host of the add-in, built but not listening (see start.ts). */
export async function buildHost(config: HostConfig): Promise<FastifyInstance> {
  if (!existsSync(join(config.staticDir, "taskpane.html"))) {
    throw new Error(
      `${config.staticDir} holds no taskpane.html: build the add-in first (npm run build), or point --static-dir at its build.`,
    );
  }
  const limits = config.connections;
  const parserRefusals = new ParserRefusals(limits.requestTimeoutMs);
  // One HTTP/1.1 API over TLS or not: the plugins need not know which server runs it.
  const app = Fastify({
    // A TLS handshake never finished holds its connection no longer than a request may take.
    https: config.tls
      ? {
          cert: readFileSync(config.tls.certFile),
          key: readFileSync(config.tls.keyFile),
          handshakeTimeout: limits.requestTimeoutMs,
        }
      : null,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    clientErrorHandler: parserRefusals.handler,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => randomUUID(),
    // access-log.ts writes one line per request, of chosen fields.
    logController: new LogController({ requestIdLogLabel: "requestId", disableRequestLogging: true }),
    logger: {
      level: config.logLevel,
      // Should a library log a request or a reply, no header of it reaches the log.
      serializers: {
        req: (request) => ({ method: request.method, path: loggedPath(request.url ?? "/") }),
        res: (reply) => ({ statusCode: reply.statusCode }),
      },
    },
  }) as unknown as FastifyInstance;
  limitConnections(app, limits);

  const exports = new ExportStore(config.exports);
  app.addHook("onClose", async () => exports.clear());

  await app.register(
    fastifyHelmet,
    helmetOptions({
      frameAncestors: config.allowedOrigins,
      scriptOrigins: externalScriptOrigins(config.staticDir),
      connectSources: config.connectSources,
    }),
  );
  registerOfficeMetadataCors(app, config.allowedOrigins);
  registerAccessLog(app);
  registerErrorAnswers(app, config.bodyLimitBytes);

  registerHealth(app, config.staticDir);
  registerScheduledRefresh(app, config.refresh);
  registerCapabilities(app, {
    services: {
      ...(config.serviceUrl ? { bearer: "/service/bearer" } : {}),
      ...(config.legacyServiceUrl ? { legacy: "/service/legacy" } : {}),
    },
    ...(config.serviceUrl
      ? {
          exports: {
            path: EXPORTS_PATH,
            formats: ["csv", "xlsx"],
            expiresInSeconds: config.exports.ttlMs / 1000,
            powerQuery: POWER_QUERY_EXPORT_PATH,
          },
        }
      : {}),
  });
  // The service's answers pass as the service sends them: the browser's Accept-Encoding goes
  // with the request, so a service that compresses is compressed end to end, at no cost here.
  await registerServiceProxies(
    app,
    [
      { prefix: "/service/bearer", target: config.serviceUrl, setting: "REPORTING_PROXY_TARGET (--service-url)" },
      {
        prefix: "/service/legacy",
        target: config.legacyServiceUrl,
        setting: "REPORTING_LEGACY_PROXY_TARGET (--legacy-service-url)",
      },
    ],
    { bodyLimitBytes: config.bodyLimitBytes, upstreamTimeoutMs: config.upstreamTimeoutMs, upstream: config.upstream },
  );
  // The OData feed for Power Query and Power BI (docs/power-query.md), on the bearer interface.
  if (config.serviceUrl)
    registerFeed(app, {
      serviceUrl: config.serviceUrl,
      legacyServiceUrl: config.legacyServiceUrl,
      upstreamTimeoutMs: config.upstreamTimeoutMs,
      upstreamLimits: config.feed,
    });
  // This server's own files are compressed (brotli or gzip): the add-in's files and the exports.
  await app.register(async (compressed) => {
    // Before the static files, whose streams it compresses (@fastify/compress README).
    await compressed.register(fastifyCompress, { encodings: ["br", "gzip"] });
    if (config.serviceUrl) {
      registerExportRoutes(compressed, {
        store: exports,
        serviceUrl: config.serviceUrl,
        upstreamTimeoutMs: config.upstreamTimeoutMs,
        maxBytes: config.exports.maxBytes,
        maxPerOwner: config.exports.maxPerOwner,
        ttlMs: config.exports.ttlMs,
      });
      registerPowerQueryExport(compressed, { store: exports, ttlMs: config.exports.ttlMs });
    }
    await registerStaticFiles(compressed, config.staticDir);
  });
  await parserRefusals.learnHeaders(app);
  return app;
}
