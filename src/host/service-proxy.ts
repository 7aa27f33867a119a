import fastifyHttpProxy from "@fastify/http-proxy";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import { connectFailureOf } from "../client/connect-failure";
import { sendError } from "./error-reply";
import { HOST_OWNED_HEADERS } from "./security-headers";
import { answerTimeoutFailure, unreachableFailure } from "./upstream-failures";
import { UpstreamGate, type GateLimits } from "./upstream-gate";

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
  /** Connections to each service, and of them one client's, at once. */
  upstream: GateLimits;
}

/**
 * Who asks, for the gate's fairness: the credential the request carries (a bearer token, or the
 * legacy key), else the caller's address. Hashed, so that no credential is held as a map key,
 * and never logged.
 */
function clientOf(request: FastifyRequest): string {
  const credential = request.headers.authorization ?? request.headers["x-auth-apikey"];
  const text =
    typeof credential === "string" && credential !== "" ? `credential:${credential}` : `address:${request.ip}`;
  return createHash("sha256").update(text).digest("base64url");
}

/**
 * A call from this server to the service, not from the page: the page's origin, its referrer and
 * this site's cookies mean nothing there and are not the service's to see. What a caller says
 * about proxies (X-Forwarded-*, Forwarded, X-Real-IP) would pass as this server's word, and a
 * Proxy-Authorization was meant for a proxy before this one. `Expect: 100-continue` was answered
 * here already (the body is read whole before the service is called), and the pool refuses it.
 * The credential headers (authorization, x-auth-apikey, x-auth-secret) pass untouched.
 */
const NOT_FORWARDED = ["origin", "referer", "cookie", "forwarded", "x-real-ip", "proxy-authorization", "expect"];

function requestHeaders(_request: unknown, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const forwarded = { ...headers };
  for (const name of NOT_FORWARDED) delete forwarded[name];
  for (const name of Object.keys(forwarded)) if (name.startsWith("x-forwarded-")) delete forwarded[name];
  return forwarded;
}

/** Headers about the service's own connection to this server (RFC 9110, 7.6.1), not about the answer. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/**
 * Answers carry one caller's data: no cache may keep them. No cookie of the service lands on the
 * add-in's origin, no CORS header of the service opens these routes to other origins, and the
 * security headers are this server's.
 */
function answerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (
      HOP_BY_HOP.has(name) ||
      HOST_OWNED_HEADERS.has(name) ||
      name === "set-cookie" ||
      name.startsWith("access-control-")
    )
      continue;
    kept[name] = value;
  }
  kept["cache-control"] = "no-store";
  return kept;
}

/** The answer when the call to the service failed, in the service's error shape. */
function sendFailure(reply: Parameters<typeof sendError>[0], error: unknown, limits: ProxyLimits): void {
  // @fastify/reply-from names its own error; the system's code is on its cause. Its 504
  // covers a connection not accepted in time too, which the system's code tells apart.
  const systemCode = (error as { cause?: { code?: string } }).cause?.code;
  const answerTimedOut =
    (error as { statusCode?: number }).statusCode === 504 && connectFailureOf(systemCode) === undefined;
  const failure = answerTimedOut ? answerTimeoutFailure(limits.upstreamTimeoutMs) : unreachableFailure(systemCode);
  sendError(reply, failure.status, failure.code, failure.message);
}

/** The caller's connection closed before its answer was whole. */
/** How late the pool's (undici's) timers may fire past their time: they tick about once a second. */
export const POOL_TIMER_SLACK_MS = 2_000;

function callerLeft(reply: FastifyReply): boolean {
  return reply.raw.destroyed && !reply.raw.writableFinished;
}

async function registerProxy(
  app: FastifyInstance,
  route: ServiceRoute & { target: string },
  limits: ProxyLimits,
): Promise<void> {
  // The body is read here, within the limit (fastify answers 413 past it, before the service is
  // called), then streamed on as received: re-encoding it could change what the service reads.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: limits.bodyLimitBytes }, (_request, body, done) => {
    done(null, Readable.from([body]));
  });
  const gate = new UpstreamGate(limits.upstream);
  await app.register(fastifyHttpProxy, {
    upstream: route.target,
    prefix: route.prefix,
    proxyPayloads: false,
    // The add-in's client decides about retries (it knows the cell's deadline); a second layer of
    // retries here would multiply the load on a failing service.
    retryMethods: [],
    disableRequestLogging: true,
    undici: {
      connections: limits.upstream.connections,
      headersTimeout: limits.upstreamTimeoutMs,
      bodyTimeout: limits.upstreamTimeoutMs,
      connectTimeout: limits.upstreamTimeoutMs,
    },
    replyOptions: {
      rewriteRequestHeaders: requestHeaders,
      rewriteHeaders: answerHeaders,
      onError: (reply, { error }) => sendFailure(reply, error, limits),
    },
    /**
     * The upstream timeout counts from the request's arrival: the wait for a connection to the
     * service is part of it, and the service gets what is left (the pool's own queue, which no
     * timeout covers, stays empty: the gate admits no more requests than it has connections).
     */
    async handler(request, reply, dest, options) {
      const release = await gate.acquire(clientOf(request), limits.upstreamTimeoutMs - reply.elapsedTime);
      const left = Math.floor(limits.upstreamTimeoutMs - reply.elapsedTime);
      // A caller gone while it waited for a connection: the next one in turn gets it.
      if (release === undefined || left < 1 || callerLeft(reply)) {
        release?.();
        return sendFailure(reply, { statusCode: 504 }, limits);
      }
      // The pool's timers are coarse (about a second): the caller hears on time all the same.
      const deadline = setTimeout(() => {
        if (reply.sent) return;
        sendFailure(reply, { statusCode: 504 }, limits);
        // The service's request lives on until the pool's own timer for the answer ends it, and
        // @fastify/reply-from reports no failure once an answer is out (onError below is not
        // called): the connection is given back a little after that timer, or each timeout
        // would keep one for good, and an outage of the service would leave the proxy
        // answering 504 to everyone after it recovers.
        setTimeout(release, POOL_TIMER_SLACK_MS).unref();
      }, left).unref();
      // A caller gone before the answer: @fastify/reply-from drops the answer without a word,
      // which the service's timeout bounds. Only the answer's side tells: Node closes a POST's
      // request as soon as its body is read, while its caller still waits.
      reply.raw.once("close", () => {
        if (!callerLeft(reply)) return;
        clearTimeout(deadline);
        if (!reply.sent) setTimeout(release, left).unref();
      });
      return reply.from(dest, {
        ...options,
        timeout: left,
        onError(failed, failure) {
          clearTimeout(deadline);
          release();
          if (!failed.sent) options.onError?.(failed, failure);
        },
        onResponse(_request, answering, answer) {
          clearTimeout(deadline);
          answer.stream.once("close", release);
          // Answered too late: the caller already has its 504.
          if (answering.sent) answer.stream.destroy();
          else answering.send(answer.stream);
        },
      });
    },
  });
}

/** `/service/bearer/*` and `/service/legacy/*`, each to its base URL with the prefix swapped for the base's path. */
export async function registerServiceProxies(
  app: FastifyInstance,
  routes: readonly ServiceRoute[],
  limits: ProxyLimits,
): Promise<void> {
  for (const route of routes) {
    const { target } = route;
    if (target === undefined) {
      const answer = (_request: FastifyRequest, reply: FastifyReply) =>
        sendError(
          reply,
          503,
          "proxy_not_configured",
          `This add-in server has no Reporting service behind ${route.prefix}: its administrator sets ${route.setting}.`,
        );
      app.all(route.prefix, answer);
      app.all(`${route.prefix}/*`, answer);
      continue;
    }
    await app.register(async (scope) => registerProxy(scope, { ...route, target }, limits));
  }
}
