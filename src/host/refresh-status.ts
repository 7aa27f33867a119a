import type { FastifyInstance } from "fastify";
import type { HostConfig } from "./config";
import { RefreshSchedule } from "../headless/refresh-schedule";

/**
 * The scheduled refresh of a folder of workbooks (--refresh-schedule), started with the server
 * and stopped with it, and `GET /host/refresh/status`: the last run of each file (when, tables
 * refreshed and failed, the reasons). It needs no credential and holds nothing secret: file
 * names, table names and the plain reasons the command prints.
 */
export function registerScheduledRefresh(app: FastifyInstance, refresh: HostConfig["refresh"]): void {
  const schedule = refresh
    ? new RefreshSchedule({ ...refresh, log: (message, details) => app.log.info({ ...details }, message) })
    : undefined;
  if (schedule) {
    app.addHook("onReady", async () => schedule.start());
    app.addHook("onClose", async () => schedule.stop());
  }
  app.get("/host/refresh/status", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (!schedule) return reply.send({ scheduled: false, files: [] });
    return reply.send({ scheduled: true, ...schedule.status() });
  });
}
