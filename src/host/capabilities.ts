import type { FastifyInstance } from "fastify";

/** What GET /host/capabilities tells a pane about the server that served it. */
export interface HostCapabilities {
  /** The same-origin routes to the service, for the interfaces this server was given. */
  services: { bearer?: string; legacy?: string };
  /** Exports prepared for a browser download (Excel for Mac); absent without the bearer interface. */
  exports?: {
    path: string;
    formats: string[];
    expiresInSeconds: number;
    /** Where "Open in Power Query" has its files made for a browser download (Excel for Mac). */
    powerQuery?: string;
  };
}

/**
 * Same-origin, so a pane can tell it was served by this server (a static host or the dev server
 * answers 404) and which of its features it may use.
 */
export function registerCapabilities(app: FastifyInstance, capabilities: HostCapabilities): void {
  app.get("/host/capabilities", async (_request, reply) =>
    reply.header("cache-control", "no-store").send(capabilities),
  );
}
