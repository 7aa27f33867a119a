import type { FastifyInstance } from "fastify";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { sendError } from "./error-reply";

/**
 * Ready when the build is there to serve. The service is not asked: its outage should not take
 * the add-in's pages out of a load balancer, and a probe every few seconds must not load it.
 * While the server stops, fastify itself answers 503 on open connections (return503OnClosing)
 * and new ones are refused.
 */
export function registerHealth(app: FastifyInstance, staticDir: string): void {
  app.get("/healthz", async (_request, reply) => {
    if (!existsSync(join(staticDir, "taskpane.html")))
      return sendError(reply, 503, "no_build", "The add-in's build is missing from the static directory.");
    return reply.header("cache-control", "no-store").send({ status: "ok" });
  });
}
