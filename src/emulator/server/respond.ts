import type { ServerResponse } from "node:http";
import type { ErrorBody } from "../../api";
import { HttpError } from "./errors";

// Answers are data for one caller: never cached by a browser or a proxy in between.
const COMMON_HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
  });
  res.end(text);
}

export function sendFile(res: ServerResponse, content: Buffer, contentType: string, fileName: string): void {
  res.writeHead(200, {
    ...COMMON_HEADERS,
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Content-Length": String(content.length),
  });
  res.end(content);
}

/** The head of a file written as it is made: no Content-Length, so it goes out chunked. */
export function startFile(res: ServerResponse, contentType: string, fileName: string): void {
  res.writeHead(200, {
    ...COMMON_HEADERS,
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName}"`,
  });
}

export function sendNoContent(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(204, { ...COMMON_HEADERS, ...headers });
  res.end();
}

export function sendError(res: ServerResponse, error: HttpError): void {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details !== undefined) body.error.details = error.details;
  sendJson(res, error.status, body, error.headers);
}
