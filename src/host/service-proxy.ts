import fastifyHttpProxy from "@fastify/http-proxy";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import { sendError } from "./error-reply";

export interface ServiceRoute {
  prefix: "/service/bearer" | "/service/legacy";
  /** The service's base URL; undefined when this server was started without it. */
  target: string | undefined;
  /** The setting that names it, for the message when it is missing. */
  setting: string;
}

export interface ProxyLimits {
  bodyLimitBytes: number;
  upstreamTimeoutMs: number;
}

/**
 * A call from this server to the service, not from the page: the page's origin, its referrer and
 * this site's cookies mean nothing there and are not the service's to see. The credential
 * headers (authorization, x-auth-apikey, x-auth-secret) pass untouched.
 */
const NOT_FORWARDED = ["origin", "referer", "cookie"];

function requestHeaders(_request: unknown, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const forwarded = { ...headers };
  for (const name of NOT_FORWARDED) delete forwarded[name];
  return forwarded;
}

/** Headers about the service's own connection to this server (RFC 9110, 7.6.1), not about the answer. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]);

/**
 * Answers carry one caller's data: no cache may keep them. No cookie of the service lands on the
 * add-in's origin, and no CORS header of the service opens these routes to other origins.
 */
function answerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_BY_HOP.has(name) || name === "set-cookie" || name.startsWith("access-control-")) continue;
    kept[name] = value;
  }
  kept["cache-control"] = "no-store";
  return kept;
}

/**
 * Why the service could not be reached, as a code of its own: the pane tells a service that
 * refuses connections (down, or the wrong port) from an address naming no computer (a setting
 * to correct), which the system's code alone would leave to the reader of a log.
 */
export function unreachableFailure(systemCode: string | undefined): { status: 502 | 504; code: string; message: string } {
  switch (systemCode) {
    case "ECONNREFUSED":
      return { status: 502, code: "upstream_refused", message: "The Reporting service refused the add-in server's connection" };
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return { status: 502, code: "upstream_unknown_host", message: "The add-in server could not find the Reporting service's host name" };
    case "UND_ERR_CONNECT_TIMEOUT":
    case "ETIMEDOUT":
      return { status: 504, code: "upstream_timeout", message: "The Reporting service did not accept the add-in server's connection in time" };
    default:
      return { status: 502, code: "upstream_unreachable", message: "The add-in server could not reach the Reporting service" };
  }
}

async function registerProxy(app: FastifyInstance, route: ServiceRoute & { target: string }, limits: ProxyLimits): Promise<void> {
  const seconds = limits.upstreamTimeoutMs / 1000;
  // The body is read here, within the limit (fastify answers 413 past it, before the service is
  // called), then streamed on as received: re-encoding it could change what the service reads.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: limits.bodyLimitBytes }, (_request, body, done) => {
    done(null, Readable.from([body]));
  });
  await app.register(fastifyHttpProxy, {
    upstream: route.target,
    prefix: route.prefix,
    proxyPayloads: false,
    // The add-in's client decides about retries (it knows the cell's deadline); a second layer of
    // retries here would multiply the load on a failing service.
    retryMethods: [],
    disableRequestLogging: true,
    undici: { headersTimeout: limits.upstreamTimeoutMs, bodyTimeout: limits.upstreamTimeoutMs, connectTimeout: limits.upstreamTimeoutMs },
    replyOptions: {
      rewriteRequestHeaders: requestHeaders,
      rewriteHeaders: answerHeaders,
      onError(reply, { error }) {
        const status = (error as { statusCode?: number }).statusCode;
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        if (status === 504) {
          sendError(reply, 504, "upstream_timeout", `The Reporting service did not answer within ${seconds} seconds. Try again, or ask for less data.`);
          return;
        }
        const failure = unreachableFailure(cause);
        sendError(reply, failure.status, failure.code, `${failure.message}${cause ? ` (${cause})` : ""}. Try again later; if it persists, tell the server's administrator.`);
      },
    },
  });
}

/** `/service/bearer/*` and `/service/legacy/*`, each to its base URL with the prefix swapped for the base's path. */
export async function registerServiceProxies(app: FastifyInstance, routes: readonly ServiceRoute[], limits: ProxyLimits): Promise<void> {
  for (const route of routes) {
    const { target } = route;
    if (target === undefined) {
      const answer = (_request: FastifyRequest, reply: FastifyReply) =>
        sendError(reply, 503, "proxy_not_configured", `This add-in server has no Reporting service behind ${route.prefix}: its administrator sets ${route.setting}.`);
      app.all(route.prefix, answer);
      app.all(`${route.prefix}/*`, answer);
      continue;
    }
    await app.register(async (scope) => registerProxy(scope, { ...route, target }, limits));
  }
}
