import type { FastifyInstance } from "fastify";
import { createHash } from "node:crypto";
import { isReportingError } from "../../client/errors";
import { powerQueryFiles } from "../../core/power-query/power-query-files";
import { powerQueryWorkbook } from "../../core/power-query/workbook";
import { queryModelOf, storedQueryModel } from "../../core/workbook-queries/stored-query";
import { sendError } from "../error-reply";
import { EXPORTS_PATH } from "./export-routes";
import type { ExportStore } from "./export-store";
import { nestsDeeperThan } from "./nesting-depth";

/** Where the pane asks for the files of "Open in Power Query" when it cannot save them itself. */
export const POWER_QUERY_EXPORT_PATH = `${EXPORTS_PATH}/power-query`;

const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface PowerQueryBody {
  format: "xlsx" | "pbids";
  /** The pane's query in the workbook's stored form (src/core/workbook-queries/stored-query.ts). */
  query: unknown;
  /** The user's calendar day: a period word's days in the .pbids and in the file's name. */
  today: string;
}

const bodySchema = {
  body: {
    type: "object",
    required: ["format", "query", "today"],
    additionalProperties: false,
    properties: {
      format: { type: "string", enum: ["xlsx", "pbids"] },
      query: { type: "object" },
      today: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    },
  },
} as const;

/**
 * Excel for Mac cannot save a file an add-in makes: for "Open in Power Query" there the pane
 * sends its query here and opens the one-time address of the file, made by the same code
 * (src/core/power-query). The file reads this server's own feed: its address is the pane's
 * origin, which a browser sends with the request. No credential is read or needed: the file
 * holds none, and the service is not asked; the one an export would carry only counts the
 * caller's files.
 */
export function registerPowerQueryExport(app: FastifyInstance, options: { store: ExportStore; ttlMs: number }): void {
  app.post<{ Body: PowerQueryBody }>(POWER_QUERY_EXPORT_PATH, { schema: bodySchema }, async (request, reply) => {
    const { format, query, today } = request.body;
    if (nestsDeeperThan(query, 8))
      return sendError(reply, 400, "invalid_request", "The query nests deeper than a query of the pane does.");
    const origin = request.headers.origin;
    if (typeof origin !== "string" || !/^https?:\/\/[^/]+$/.test(origin)) {
      return sendError(
        reply,
        400,
        "invalid_request",
        "Ask from the task pane: the file reads the feed of the page's own server, which the request names as its Origin.",
      );
    }
    const stored = storedQueryModel.safeParse(query);
    if (!stored.success)
      return sendError(
        reply,
        400,
        "invalid_request",
        "The query is not one the task pane makes: reload the pane and try again.",
      );
    let files;
    try {
      files = powerQueryFiles(queryModelOf(stored.data), { origin, today, headers: stored.data.headers ?? "readable" });
    } catch (error) {
      if (isReportingError(error)) return sendError(reply, 400, error.code, error.userMessage);
      throw error;
    }
    const bytes = format === "xlsx" ? Buffer.from(await powerQueryWorkbook(files)) : Buffer.from(files.pbids, "utf8");
    const owner = createHash("sha256")
      .update(request.headers.authorization ?? "")
      .digest("base64url");
    const reservation = options.store.reserve(owner);
    if (typeof reservation === "string" || !reservation.take(bytes.length)) {
      if (typeof reservation !== "string") reservation.release();
      reply.header("retry-after", String(Math.ceil(options.ttlMs / 1000)));
      return sendError(
        reply,
        503,
        "exports_busy",
        "The add-in server holds as many files as it can right now. Try again in a minute.",
      );
    }
    const fileName = `${files.fileStem}.${format}`;
    const id = reservation.commit({
      bytes,
      fileName,
      mediaType: format === "xlsx" ? XLSX_MEDIA_TYPE : "application/json",
    });
    if (id === undefined)
      return sendError(
        reply,
        503,
        "exports_busy",
        "The add-in server holds as many files as it can right now. Try again in a minute.",
      );
    return reply
      .code(201)
      .header("cache-control", "no-store")
      .send({ url: `${EXPORTS_PATH}/${id}`, fileName, bytes: bytes.length, expiresInSeconds: options.ttlMs / 1000 });
  });
}
