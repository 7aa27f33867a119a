import type { AddressInfo } from "node:net";
import type { HostConfig } from "./config";
import type { FastifyInstance } from "fastify";
import { buildHost } from "./server";

export interface RunningHost {
  app: FastifyInstance;
  /** e.g. `https://127.0.0.1:8443` */
  url: string;
  /**
   * Stops accepting connections, lets requests in flight finish for up to the shutdown timeout,
   * then closes what is left: "drained" when nothing had to be cut.
   */
  stop(): Promise<"drained" | "forced">;
}

/** A wildcard address is reachable at loopback; IPv6 literals need brackets in a URL. */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

export async function startHost(config: HostConfig): Promise<RunningHost> {
  const app = await buildHost(config);
  await app.listen({ host: config.listenHost, port: config.port });
  // Fastify drops its own error listener once listening: an error the system reports later while
  // accepting (ENFILE, ENOBUFS) would find none and end the server. It is logged; the server
  // accepts again once the system has room.
  app.server.on("error", (error) => app.log.error({ err: error }, "the server could not accept a connection"));
  const { port } = app.server.address() as AddressInfo;
  let stopping: Promise<"drained" | "forced"> | undefined;
  return {
    app,
    url: `${config.tls ? "https" : "http"}://${urlHost(config.listenHost)}:${port}`,
    stop() {
      stopping ??= (async () => {
        const closed = app.close().then(() => "drained" as const);
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<"forced">((resolve) => {
          timer = setTimeout(() => resolve("forced"), config.shutdownTimeoutMs);
        });
        const outcome = await Promise.race([closed, deadline]);
        clearTimeout(timer);
        if (outcome === "forced") {
          app.server.closeAllConnections();
          await closed;
        }
        return outcome;
      })();
      return stopping;
    },
  };
}
