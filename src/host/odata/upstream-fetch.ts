import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { Socket } from "node:net";
import type { Duplex, Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { STATS_ROUTES } from "../../api/routes";
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

/**
 * How long a connection to the service may stay idle in the pool before this side closes it: 4 s,
 * undici's own default (the fetch the feed used before), under the 5 s after which a Node server
 * closes an idle connection (its keepAliveTimeout) and far under a balancer's 60 s. A server that
 * announces a shorter wait (`Keep-Alive: timeout=N`) is taken at its word, less a second (Node's
 * agent does so once it has a timeout of its own). A connection closed while idle only costs the
 * next request a handshake; one the server closes under a request costs it a failure.
 */
export const UPSTREAM_IDLE_MS = 4_000;

/**
 * Connections to one origin of the service at once; more requests wait their turn in the pool.
 * The feed's gate (upstream-limits.ts) admits no more requests than this, so the pool's own queue,
 * which no timeout bounds, stays empty.
 */
export const UPSTREAM_MAX_SOCKETS = 16;

export interface UpstreamFetchOptions {
  idleMs?: number;
  maxSockets?: number;
}

/** The failures of a request written on a connection the server had just closed, before any byte of its answer. */
const STALE_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE"]);

/** The queries of /stats read and change nothing: sent twice, they answer twice the same. */
const READ_POSTS = new Set<string>(Object.values(STATS_ROUTES));

/**
 * Whether a request may be sent again when its connection was found closed: a GET, or a POST of
 * a /stats query (a read, whatever its method). The transport retries a failed connection too
 * (after a wait, counted as a retry): this replay is for the one case that says nothing of the
 * service, a kept-alive connection it closed just as the request went out.
 */
function replayable(method: string, target: URL): boolean {
  if (method === "GET" || method === "HEAD") return true;
  return method === "POST" && [...READ_POSTS].some((route) => target.pathname.endsWith(route));
}

/** Where a connection leads: read while it is open (a destroyed socket no longer says). */
interface Peer {
  address: string | undefined;
  port: number | undefined;
}

/** Closes the pool's idle connections to `peer`: one of them closed under a request, the others were likely idle as long. */
function forgetIdleConnections(agent: HttpAgent, peer: Peer | undefined): void {
  if (peer?.address === undefined) return;
  for (const sockets of Object.values(agent.freeSockets)) {
    for (const socket of sockets ?? []) {
      if (socket.remoteAddress === peer.address && socket.remotePort === peer.port) socket.destroy();
    }
  }
}

/** A FetchLike for the feed's transport; one per server, its connections shared by every request. */
export function createUpstreamFetch(options: UpstreamFetchOptions = {}): UpstreamFetch {
  const pool = {
    keepAlive: true,
    // The agent's timeout is an idle socket's: it closes only a socket of the free list.
    timeout: options.idleMs ?? UPSTREAM_IDLE_MS,
    maxSockets: options.maxSockets ?? UPSTREAM_MAX_SOCKETS,
  };
  const agents = { http: new HttpAgent(pool), https: new HttpsAgent(pool) };

  function sendOnce(
    target: URL,
    init: Parameters<FetchLike>[1],
    body: Buffer | undefined,
    replayed: boolean,
  ): Promise<FetchResponse> {
    return new Promise<FetchResponse>((resolve, reject) => {
      const secure = target.protocol === "https:";
      const agent = secure ? agents.https : agents.http;
      const send = secure ? httpsRequest : httpRequest;
      let answered = false;
      let replaying = false;
      let peer: Peer | undefined;
      const request = send(
        target,
        { method: init.method, headers: headersOf(init, body), agent, signal: init.signal },
        (response) => {
          answered = true;
          resolve(responseOf(response));
        },
      );
      // A reused socket is connected already: its peer is known at once.
      request.once("socket", (socket: Socket) => (peer = { address: socket.remoteAddress, port: socket.remotePort }));
      // `on`, not `once`: a socket may fail again after the answer began, and an error without a listener would end the process.
      request.on("error", (error: NodeJS.ErrnoException) => {
        const stale =
          !answered &&
          !replayed &&
          !replaying &&
          request.reusedSocket &&
          STALE_CONNECTION_CODES.has(error.code ?? "") &&
          !init.signal.aborted &&
          replayable(init.method, target);
        if (!stale) return reject(error);
        // Once, on a new connection: a second failure is the transport's to retry or report.
        replaying = true;
        forgetIdleConnections(agent, peer);
        sendOnce(target, init, body, true).then(resolve, reject);
      });
      request.end(body);
    });
  }

  const fetch: FetchLike = async (url, init) => {
    const target = new URL(url);
    if (target.protocol !== "https:" && target.protocol !== "http:")
      throw new TypeError(`the feed calls the service over http or https, not ${target.protocol}`);
    const body = init.body === undefined ? undefined : Buffer.from(init.body, "utf8");
    return sendOnce(target, init, body, false);
  };
  return {
    fetch,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
