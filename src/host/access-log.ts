import type { FastifyInstance, FastifyRequest } from "fastify";
import { Socket } from "node:net";

/** An export's download path, however spelt: doubled slashes, any case (fastify may match either). */
const EXPORT_DOWNLOAD = /\/+host\/+exports\/+[^/]+/i;

/** Each %XX as its byte: never fails, even on a malformed escape elsewhere in the path. */
function decoded(path: string): string {
  return path.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
}

/**
 * The path as logged: without the query string (it may carry anything a client put there) and
 * without an export's id, which is the only key to its download until it expires. The id is
 * looked for in the decoded path too (`/host/%65xports/<id>` routes like `/host/exports/<id>`);
 * a path that holds one is logged decoded, with the id replaced.
 */
export function loggedPath(url: string): string {
  const path = url.split("?", 1)[0] ?? "/";
  const plain = decoded(path);
  if (!EXPORT_DOWNLOAD.test(plain)) return path;
  return plain.replace(new RegExp(EXPORT_DOWNLOAD.source, "gi"), "/host/exports/:id");
}

/**
 * One JSON line per request answered or cut: method, path, status, duration, bytes sent (headers
 * included, after compression) and the request id (also sent as `x-request-id`, for a user to
 * quote); `completed: false` when the answer was cut before its end (the service's answer broke
 * off, or the caller left), which fastify's onResponse never hears of. Built from chosen fields
 * only, so that no header value (tokens, keys, secrets, cookies) can reach the log.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    // What the connection had sent when the request arrived: HTTP/1.1 answers one request at a time.
    const { socket } = request.raw;
    reply.header("x-request-id", request.id);
    // app.inject's requests come from this server itself (parser-refusals.ts), on no connection.
    if (!(socket instanceof Socket)) return;
    const sentBefore = socket.bytesWritten;
    reply.raw.once("close", () => {
      request.log.info(
        {
          method: request.method,
          path: loggedPath(request.url),
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          bytes: socket.bytesWritten - sentBefore,
          ...(reply.raw.writableFinished ? {} : { completed: false }),
        },
        "request",
      );
    });
  });
}
