import Fastify from "fastify";
import type { AddressInfo } from "node:net";
import { registerFeed } from "../../../../src/host/odata/feed-routes";

export interface Feed {
  root: string;
  close(): Promise<void>;
}

/** Pages far smaller than the feed's own, so that the suite's answers run over several. */
export const FEED_PAGE_SIZE = 1_000;

/** The host's feed routes in front of the service at `serviceUrl`. */
export async function startFeed(serviceUrl: string): Promise<Feed> {
  const app = Fastify();
  registerFeed(app, { serviceUrl, upstreamTimeoutMs: 60_000, pageSize: FEED_PAGE_SIZE });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { root: `http://127.0.0.1:${port}/odata/`, close: () => app.close() };
}
