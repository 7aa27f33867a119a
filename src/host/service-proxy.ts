import fastifyHttpProxy from "@fastify/http-proxy";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import { connectFailureOf } from "../client/connect-failure";
import { sendError } from "./error-reply";
import { answerTimeoutFailure, unreachableFailure } from "./upstream-failures";

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

async function registerProxy(app: FastifyInstance, route: ServiceRoute & { target: string }, limits: ProxyLimits): Promise<void> {
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
        // @fastify/reply-from names its own error; the system's code is on its cause. Its 504
        // covers a connection not accepted in time too, which the system's code tells apart.
        const systemCode = (error as { cause?: { code?: string } }).cause?.code;
        const answerTimedOut = (error as { statusCode?: number }).statusCode === 504 && connectFailureOf(systemCode) === undefined;
        const failure = answerTimedOut ? answerTimeoutFailure(limits.upstreamTimeoutMs) : unreachableFailure(systemCode);
        sendError(reply, failure.status, failure.code, failure.message);
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
