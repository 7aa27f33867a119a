import type { FastifyInstance, FastifyRequest } from "fastify";

const EXPORT_DOWNLOAD = /^\/host\/exports\/[^/]+/;

/**
 * The path as logged: without the query string (it may carry anything a client put there) and
 * without an export's id, which is the only key to its download until it expires.
 */
export function loggedPath(url: string): string {
  const path = url.split("?", 1)[0] ?? "/";
  return path.replace(EXPORT_DOWNLOAD, "/host/exports/:id");
}

/** What the connection had sent when the request arrived: HTTP/1.1 answers one request at a time. */
const sentBefore = new WeakMap<FastifyRequest, number>();

/**
 * One JSON line per answered request: method, path, status, duration, bytes sent (headers
 * included, after compression) and the request id (also sent as `x-request-id`, for a user to
 * quote). Built from chosen fields only, so that no header value (tokens, keys, secrets,
 * cookies) can reach the log.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    sentBefore.set(request, request.raw.socket.bytesWritten);
    reply.header("x-request-id", request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: loggedPath(request.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        bytes: request.raw.socket.bytesWritten - (sentBefore.get(request) ?? 0),
      },
      "request",
    );
  });
}
