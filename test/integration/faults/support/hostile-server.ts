import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A service that misbehaves on purpose, on loopback with real sockets: each scenario is mounted
 * under its own path and answers from a script of behaviours (the last one repeating) until
 * it is healed, after which it answers well. A second server on another port (another origin)
 * plays the site a redirect sends credentials to, and records what reaches it.
 */

export interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
  /** The path below the scenario's mount, e.g. `/stats` or `/reporting/v1/stats`. */
  route: string;
  /** The request's body, read before the behaviour runs. */
  body: string;
  /** The collector's origin, for redirects to another origin. */
  collectorOrigin: string;
  /** The scenario's own base URL, for redirects within the origin. */
  baseUrl: string;
}

export type Behaviour = (exchange: Exchange) => void;

export interface Mount {
  baseUrl: string;
  /** Requests received since the mount (or the last `resetCount`). */
  requests: number;
  /** Bytes of body written by the behaviours, for the size guards. */
  bytesWritten: number;
  /** From now on, answer well. */
  heal(): void;
  resetCount(): void;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface HostileServer {
  origin: string;
  collectorOrigin: string;
  /** What reached the collector, in order. */
  collected: RecordedRequest[];
  mount(name: string, faults: Behaviour[]): Mount;
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function tracked(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return sockets;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", () => resolve(""));
  });
}

interface MountState {
  mount: Mount;
  faults: Behaviour[];
  healed: boolean;
}

export async function startHostileServer(good: Behaviour): Promise<HostileServer> {
  const mounts = new Map<string, MountState>();
  const collected: RecordedRequest[] = [];

  const collector = createServer((request, response) => {
    collected.push({ method: request.method ?? "", url: request.url ?? "", headers: { ...request.headers } });
    request.resume();
    // Answers well, so that a client that did follow would succeed, and only the record tells.
    response.writeHead(200, { "content-type": "application/json" }).end('{"stats":[],"total":0}');
  });
  const collectorSockets = tracked(collector);
  const collectorOrigin = await listen(collector);

  let origin = "";
  const server = createServer((request, response) => {
    const match = /^\/s\/([^/]+)(\/.*)?$/.exec((request.url ?? "").split("?")[0]!);
    const state = match ? mounts.get(match[1]!) : undefined;
    if (!match || !state) {
      request.resume();
      response.writeHead(404).end("no such scenario");
      return;
    }
    state.mount.requests += 1;
    const behaviour = state.healed
      ? good
      : (state.faults[Math.min(state.mount.requests - 1, state.faults.length - 1)] ?? good);
    const originalWrite = response.write.bind(response);
    // Counts body bytes whatever the behaviour writes with.
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === "string" || chunk instanceof Uint8Array)
        state.mount.bytesWritten += Buffer.byteLength(chunk as string);
      return (originalWrite as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof response.write;
    void readBody(request).then((body) =>
      behaviour({
        request,
        response,
        route: match[2] ?? "/",
        body,
        collectorOrigin,
        baseUrl: `${origin}/s/${match[1]}`,
      }),
    );
  });
  const sockets = tracked(server);
  origin = await listen(server);

  return {
    origin,
    collectorOrigin,
    collected,
    mount(name, faults) {
      const key = encodeURIComponent(name.replace(/[^a-z0-9]+/gi, "-").toLowerCase());
      if (mounts.has(key)) throw new Error(`scenario ${name} is mounted twice`);
      const state: MountState = {
        faults,
        healed: false,
        mount: {
          baseUrl: `${origin}/s/${key}`,
          requests: 0,
          bytesWritten: 0,
          heal: () => void (state.healed = true),
          resetCount: () => {
            state.mount.requests = 0;
            state.mount.bytesWritten = 0;
          },
        },
      };
      mounts.set(key, state);
      return state.mount;
    },
    async close() {
      // Hanging scenarios keep their sockets open: end them, or close() would wait forever.
      for (const socket of [...sockets, ...collectorSockets]) socket.destroy();
      await Promise.all([
        new Promise((resolve) => server.close(resolve)),
        new Promise((resolve) => collector.close(resolve)),
      ]);
    },
  };
}
