import Fastify, { type FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { startConformanceEmulator, widestBearer } from "../../emulator/support/emulator";
import type { RunningEmulator } from "../../../../src/emulator";
import { registerFeed } from "../../../../src/host/odata/feed-routes";

export interface FeedServer {
  emulator: RunningEmulator;
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:PORT/odata/ */
  root: string;
  token: string;
  close(): Promise<void>;
}

/** The feed's routes alone, over plain HTTP, in front of the conformance emulator; small pages show paging. */
export async function startFeedServer(pageSize = 7): Promise<FeedServer> {
  const emulator = await startConformanceEmulator({ allowedOrigins: [] });
  const app = Fastify();
  registerFeed(app, { serviceUrl: emulator.baseUrl, upstreamTimeoutMs: 20_000, pageSize });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    emulator,
    app,
    root: `http://127.0.0.1:${port}/odata/`,
    token: widestBearer(emulator).token,
    async close() {
      await app.close();
      await emulator.close();
    },
  };
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}
