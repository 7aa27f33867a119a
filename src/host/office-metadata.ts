import type { FastifyInstance } from "fastify";
import { originAllowed } from "./office-origins";

/**
 * Files Office's own pages read from this server: Excel on the web fetches functions.json with
 * XHR from its origin and registers no function without CORS (office-js issue 3970), and shows
 * the manifest's icons from it. Only these: the proxy's answers and the pane stay same-origin.
 */
function isOfficeMetadata(path: string): boolean {
  return path === "/functions.json" || path === "/manifest.xml" || path.startsWith("/assets/");
}

/** CORS (GET only: Office's fetches are simple requests, no preflight) for an allowed Office origin. */
export function registerOfficeMetadataCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?", 1)[0]!;
    if (!isOfficeMetadata(path)) return;
    reply.header("vary", "Origin");
    // Icons are loaded as images by Office's page, which a same-origin resource policy refuses.
    reply.header("cross-origin-resource-policy", "cross-origin");
    const origin = request.headers.origin;
    if (origin !== undefined && originAllowed(origin, allowedOrigins))
      reply.header("access-control-allow-origin", origin);
  });
}
