import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Endpoint } from "./world";

/**
 * A proxy on loopback in front of the emulator: it passes every request and answer on as they
 * are, keeps what each request asked (the period a period word resolved to is in the body), and,
 * when told to, changes one number of one answer, which is how the suite proves it can fail.
 */

export interface TappedRequest {
  method: string;
  /** Path and query, e.g. `/api/stats` or `/reporting/v1/stats?group_by=day`. */
  path: string;
  body: string;
}

export interface Perturbation {
  /** Whether this answer is the one to change. */
  matches(request: TappedRequest, status: number): boolean;
  /** The changed body, or undefined to leave this answer alone after all. */
  change(body: Buffer): Buffer | undefined;
}

export interface Tap {
  /** The service as seen through the proxy: same routes, another port. */
  endpoint: Endpoint;
  requests: TappedRequest[];
  /** Changes the first answer `perturbation` matches, and only that one; undefined passes all. */
  perturbOnce(perturbation: Perturbation | undefined): void;
  /** Answers changed so far. */
  perturbed: TappedRequest[];
  close(): Promise<void>;
}

/** Requests kept; the oldest are dropped beyond it, so a long run does not grow without end. */
const KEPT_REQUESTS = 5_000;

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

export async function startTap(upstream: Endpoint): Promise<Tap> {
  const target = new URL(upstream.legacyBaseUrl);
  const bearerPath = new URL(upstream.baseUrl).pathname;
  const requests: TappedRequest[] = [];
  const perturbed: TappedRequest[] = [];
  let pending: Perturbation | undefined;

  const server: Server = createServer((incoming, outgoing) => {
    void (async () => {
      const body = await readAll(incoming);
      const tapped: TappedRequest = {
        method: incoming.method ?? "GET",
        path: incoming.url ?? "/",
        body: body.toString("utf8"),
      };
      requests.push(tapped);
      if (requests.length > KEPT_REQUESTS) requests.splice(0, requests.length - KEPT_REQUESTS);
      const headers: IncomingHttpHeaders = { ...incoming.headers, host: target.host };
      const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          const forward = httpRequest(
            { host: target.hostname, port: target.port, method: tapped.method, path: tapped.path, headers },
            (response) => {
              readAll(response).then(
                (bytes) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: bytes }),
                reject,
              );
            },
          );
          forward.on("error", reject);
          forward.end(body);
        },
      );
      let sent = answer.body;
      if (pending?.matches(tapped, answer.status)) {
        const changed = pending.change(answer.body);
        if (changed) {
          sent = changed;
          perturbed.push(tapped);
          pending = undefined;
        }
      }
      const out: IncomingHttpHeaders = { ...answer.headers, "content-length": String(sent.length) };
      delete out["transfer-encoding"];
      delete out.connection;
      outgoing.writeHead(answer.status, out as Record<string, string>);
      outgoing.end(sent);
    })().catch((error: unknown) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`tap proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    endpoint: { baseUrl: origin + bearerPath, legacyBaseUrl: origin },
    requests,
    perturbed,
    perturbOnce(perturbation) {
      pending = perturbation;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
