// The feed alone, for `npm start` (scripts/start.mjs): `tsx src/host/odata/dev-feed.ts
// --service-url <the emulator's bearer URL> [--legacy-service-url <its legacy URL>]` (the
// latter adds LegacyStats). Listens on a free loopback port over plain HTTP and
// prints one JSON line, {"url": ...}; the dev server proxies https://localhost:3000/odata/ to it,
// saying which address the caller used (X-Forwarded-*), so that its links are the dev server's.
import Fastify from "fastify";
import type { AddressInfo } from "node:net";
import { registerFeed } from "./feed-routes";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf("--service-url");
  const serviceUrl = at >= 0 ? args[at + 1] : undefined;
  const legacyAt = args.indexOf("--legacy-service-url");
  const legacyServiceUrl = legacyAt >= 0 ? args[legacyAt + 1] : undefined;
  if (!serviceUrl) throw new Error("give the bearer interface's address: --service-url <url>");
  // Only the dev server on this computer reaches it: its forwarded headers are trusted.
  const app = Fastify({ trustProxy: "127.0.0.1" });
  registerFeed(app, { serviceUrl, ...(legacyServiceUrl ? { legacyServiceUrl } : {}), upstreamTimeoutMs: 45_000 });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`the OData feed did not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
