import type { FastifyInstance } from "fastify";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ErrorBody } from "../api";
import { HOST_OWNED_HEADERS } from "./security-headers";

/** Refusals Node's HTTP parser makes before fastify sees a request, by Node's error code. */
function refusalOf(code: string | undefined, requestTimeoutMs: number): { status: number; body: ErrorBody } {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return {
      status: 408,
      body: {
        error: {
          code: "request_timeout",
          message: `The request did not arrive whole within ${requestTimeoutMs / 1000} seconds. Try again.`,
        },
      },
    };
  }
  if (code === "HPE_HEADER_OVERFLOW") {
    return {
      status: 431,
      body: {
        error: {
          code: "headers_too_large",
          message: "The request's headers are larger than this add-in server accepts.",
        },
      },
    };
  }
  return { status: 400, body: { error: { code: "invalid_request", message: "The request is not valid HTTP." } } };
}

/**
 * Answers written below fastify (its clientErrorHandler), to a request its parser refused (bad
 * syntax, headers too large, a request not arrived in time), in the error shape and with the
 * security headers of every other answer of this origin. Those headers are read from one answer
 * of the app once it is ready, so they are exactly what helmet sends. The connection is closed
 * after: its stream cannot be trusted.
 */
export class ParserRefusals {
  private securityHeaders = "";

  constructor(private readonly requestTimeoutMs: number) {}

  async learnHeaders(app: FastifyInstance): Promise<void> {
    await app.ready();
    const sample = await app.inject({ method: "GET", url: "/host/capabilities" });
    this.securityHeaders = Object.entries(sample.headers)
      .filter(([name, value]) => HOST_OWNED_HEADERS.has(name) && name !== "x-request-id" && typeof value === "string")
      .map(([name, value]) => `${name}: ${String(value)}\r\n`)
      .join("");
  }

  readonly handler = (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const { status, body } = refusalOf(error.code, this.requestTimeoutMs);
    const text = JSON.stringify(body);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\n` +
          `cache-control: no-store\r\nconnection: close\r\n${this.securityHeaders}\r\n${text}`,
      );
    }
    socket.destroy(error);
  };
}
