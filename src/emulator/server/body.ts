import type { IncomingMessage } from "node:http";
import { HttpError } from "./errors";

/**
 * Past this many bytes an oversized body is not drained: declared that large, it is refused
 * unread with the connection closed after the 413; sent without a length, the connection is
 * dropped once that much has arrived.
 */
const DRAIN_FACTOR = 16;

function isJsonContentType(header: string | undefined): boolean {
  const mediaType = header?.split(";")[0]?.trim().toLowerCase();
  return (
    mediaType === "application/json" || (mediaType?.startsWith("application/") === true && mediaType.endsWith("+json"))
  );
}

function tooLarge(maxBytes: number, headers: Record<string, string> = {}): HttpError {
  return new HttpError(
    413,
    "body_too_large",
    `The request body is larger than the ${maxBytes} bytes the service accepts. Send a smaller request.`,
    { limit: "maxBodyBytes", maximum: maxBytes },
    headers,
  );
}

/**
 * Reads the whole body before answering, even when refusing it: a client still sending its
 * body when the answer arrives may see a reset connection instead of the 413.
 */
function readBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) chunks.push(chunk);
      else if (received > maxBytes * DRAIN_FACTOR) {
        req.destroy();
        reject(tooLarge(maxBytes));
      }
    });
    req.on("end", () => (received > maxBytes ? reject(tooLarge(maxBytes)) : resolve(Buffer.concat(chunks))));
    req.on("error", reject);
  });
}

/** The parsed JSON body of a request, or the HttpError that explains what is wrong with it. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes * DRAIN_FACTOR) {
    // Refused unread, as documented (413, the JSON error), rather than by dropping the
    // connection: a client then sees why. Closing after the answer spares reading the body.
    throw tooLarge(maxBytes, { Connection: "close" });
  }
  if (!isJsonContentType(req.headers["content-type"])) {
    req.resume();
    throw new HttpError(
      415,
      "unsupported_media_type",
      "The request body must be JSON, sent with the header Content-Type: application/json.",
      { received: req.headers["content-type"] ?? null },
    );
  }
  const bytes = await readBytes(req, maxBytes);
  const text = bytes.toString("utf8");
  if (text.trim() === "") {
    throw new HttpError(400, "invalid_json", "The request body is empty; send the request as a JSON object.");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // Only the position: the parser's own message quotes the body, which is not ours to echo.
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
    throw new HttpError(
      400,
      "invalid_json",
      "The request body is not valid JSON. Check the quotes, commas and brackets.",
      position === undefined ? undefined : { position: Number(position) },
    );
  }
}
