import type { ErrorBody } from "../api";

/** The part of a fastify reply used here, whatever server type the reply belongs to. */
interface ReplyLike {
  code(status: number): this;
  header(name: string, value: string): this;
  type(contentType: string): this;
  send(payload?: unknown): this;
}

/**
 * Every refusal of this server in the service's own error shape, so that the add-in's client
 * reads a host's 413 or 504 as it reads the service's, and never a stack or a header value.
 */
export function sendError<Reply extends ReplyLike>(reply: Reply, status: number, code: string, message: string): Reply {
  const body: ErrorBody = { error: { code, message } };
  return reply.code(status).header("cache-control", "no-store").type("application/json; charset=utf-8").send(body);
}
