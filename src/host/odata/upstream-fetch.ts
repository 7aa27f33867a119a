import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { Duplex, Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { BodyReader, FetchLike, FetchResponse } from "../../client/transport";

/**
 * The feed's calls to the service, on Node's own HTTP client with kept-alive connections,
 * instead of the global fetch: a feed page is one call, and fetch's web streams and header
 * objects cost about 2 ms of the host's CPU a call (of ~15: bench/odata-feed.bench.ts). The
 * transport (src/client/transport.ts) still does everything else as in Excel: the timeout, the
 * size guards while reading, the retries, the error contract. It never follows a redirect:
 * every call of the feed carries credentials, for which the transport asks `manual` and checks
 * each hop itself.
 */
export interface UpstreamFetch {
  fetch: FetchLike;
  /** Closes the kept-alive connections (the server closing). */
  close(): void;
}

/** What fetch asks for too: a service that compresses is read compressed, over a slow link to it as well. */
const ACCEPTED_ENCODINGS = "gzip, deflate, br";

const DECODERS: Record<string, () => Duplex> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The body as sent, unpacked by its content-encoding (the last coding applied first). An
 * unknown coding is passed as it came, as fetch does: the JSON reading then refuses it. A
 * damaged compressed body fails the read with zlib's `Z_` code, which the transport reports.
 */
function decodedBody(response: IncomingMessage): Readable {
  const codings = (response.headers["content-encoding"] ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity")
    .reverse();
  if (!codings.every((coding) => Object.hasOwn(DECODERS, coding))) return response;
  let stream: Readable = response;
  for (const coding of codings) {
    const decoder = DECODERS[coding]!();
    const source = stream;
    // pipe() does not carry errors: a broken connection must fail the read, not leave it waiting.
    source.once("error", (error) => decoder.destroy(error));
    stream = source.pipe(decoder);
  }
  return stream;
}

/** A reader of the body chunk by chunk, so that the transport can stop at its size limit. */
function readerOf(response: IncomingMessage, body: Readable): BodyReader {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return {
    async read() {
      const next = await chunks.next();
      return next.done ? { done: true } : { done: false, value: next.value };
    },
    async cancel() {
      body.destroy();
      response.destroy();
    },
  };
}

async function readAll(reader: BodyReader): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    if (value) chunks.push(value);
  }
}

function responseOf(response: IncomingMessage): FetchResponse {
  // A connection that breaks before anyone reads the body must not throw out of the process;
  // the failure stays on the stream, and a later read rejects with it.
  response.on("error", () => undefined);
  const body = decodedBody(response);
  if (body !== response) body.on("error", () => undefined);
  let reader: BodyReader | undefined;
  const bodyReader = () => (reader ??= readerOf(response, body));
  return {
    status: response.statusCode ?? 0,
    headers: {
      get(name) {
        const value = response.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(", ") : value;
      },
    },
    body: { getReader: bodyReader },
    text: async () => (await readAll(bodyReader())).toString("utf8"),
    arrayBuffer: async () => {
      const bytes = await readAll(bodyReader());
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
  };
}

function headersOf(init: Parameters<FetchLike>[1], body: Buffer | undefined): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(init.headers)) headers[name.toLowerCase()] = value;
  headers["accept-encoding"] ??= ACCEPTED_ENCODINGS;
  if (body !== undefined) headers["content-length"] = body.length;
  return headers;
}

/** A FetchLike for the feed's transport; one per server, its connections shared by every request. */
export function createUpstreamFetch(): UpstreamFetch {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const fetch: FetchLike = (url, init) =>
    new Promise<FetchResponse>((resolve, reject) => {
      try {
        const target = new URL(url);
        const secure = target.protocol === "https:";
        if (!secure && target.protocol !== "http:")
          throw new TypeError(`the feed calls the service over http or https, not ${target.protocol}`);
        const body = init.body === undefined ? undefined : Buffer.from(init.body, "utf8");
        const send = secure ? httpsRequest : httpRequest;
        const request = send(
          target,
          {
            method: init.method,
            headers: headersOf(init, body),
            agent: secure ? agents.https : agents.http,
            signal: init.signal,
          },
          (response) => resolve(responseOf(response)),
        );
        // `on`, not `once`: a socket may fail again after the answer began, and an error without a listener would end the process.
        request.on("error", reject);
        request.end(body);
      } catch (error) {
        reject(error);
      }
    });
  return {
    fetch,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
