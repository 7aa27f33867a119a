import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Stops listening and drops kept-alive connections, so that a test's end is not held up by them. */
  close(): Promise<void>;
}

/** Starts `server` on a free port of 127.0.0.1. */
export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A port of 127.0.0.1 nothing listens on: free a moment ago. */
export function closedPort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
