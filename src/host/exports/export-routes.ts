import type { FastifyInstance } from "fastify";
import { createHash } from "node:crypto";
import { formatSeconds } from "../../client/errors";
import { HEADER_STYLES, type HeaderStyle } from "../../core/arguments/options";
import { UnreadableCsvError } from "../../core/csv-safety";
import { prepareStatsCsv } from "../../core/exports/csv-export";
import type { QuerySheetRow } from "../../core/exports/query-sheet";
import { ExcelExportError } from "../../core/exports/xlsx-export";
import { sendError } from "../error-reply";
import { EXPORT_FORMATS, safeFileName, type ExportFormat } from "./export-formats";
import type { ExportStore } from "./export-store";
import { fetchExport, UpstreamFailure } from "./fetch-export";
import { nestsDeeperThan } from "./nesting-depth";
import { rewriteOffThread } from "./off-thread-rewrite";
import { OneAtATime } from "./one-at-a-time";

export const EXPORTS_PATH = "/host/exports";

export interface ExportRouteOptions {
  store: ExportStore;
  /** The bearer interface's base URL; exports are off without it. */
  serviceUrl: string;
  upstreamTimeoutMs: number;
  maxBytes: number;
  /** Exports one credential may hold. */
  maxPerOwner: number;
  ttlMs: number;
}

/** Whose export, for the per-user limit: the credential, hashed (it is held as a map key). */
function ownerOf(authorization: string | undefined): string {
  return createHash("sha256")
    .update(authorization ?? "")
    .digest("base64url");
}

interface PrepareBody {
  format: ExportFormat;
  fileName?: string;
  /** The header the query asks for; without it the file keeps the service's (API) names. */
  headers?: HeaderStyle;
  /** The Excel file's Query sheet, as the pane describes the query (src/core/exports/query-sheet.ts). */
  querySheet?: QuerySheetRow[];
  /** The /stats request, sent to the service as the pane would send it. */
  request: Record<string, unknown>;
}

const prepareSchema = {
  body: {
    type: "object",
    required: ["format", "request"],
    additionalProperties: false,
    properties: {
      format: { type: "string", enum: ["csv", "xlsx"] },
      fileName: { type: "string", maxLength: 300 },
      headers: { type: "string", enum: [...HEADER_STYLES] },
      // Plain text pairs, written as values (never formulas); bounded like everything taken from a caller.
      querySheet: {
        type: "array",
        maxItems: 60,
        items: { type: "array", minItems: 2, maxItems: 2, items: { type: "string", maxLength: 10_000 } },
      },
      request: { type: "object" },
    },
  },
} as const;

/** A /stats request nests 4 levels (filters, a list of values); the rest of the body 3. */
const MAX_NESTING = 32;

// Every .xlsx is a zip archive, and every zip starts with these bytes.
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The file as the pane would have saved it, made by the pane's own code (src/core/exports): the
 * header in the query's style; a CSV with every formula-like field neutralised and the byte order
 * mark Excel needs to read it as UTF-8; an Excel file only if it is one, with its Query sheet.
 */
async function preparedBytes(
  format: ExportFormat,
  bytes: Buffer,
  headers: HeaderStyle | undefined,
  querySheet: readonly QuerySheetRow[] | undefined,
): Promise<{ bytes: Buffer; neutralised: number }> {
  if (format === "xlsx") {
    if (!bytes.subarray(0, 4).equals(ZIP_SIGNATURE))
      throw new UpstreamFailure(502, "bad_answer", "The Reporting service's answer is not an Excel file.");
    // A pane from before header choices and Query sheets asks for neither: it gets the service's file.
    if (headers === undefined && querySheet === undefined) return { bytes, neutralised: 0 };
    const rewritten = await rewriteOffThread({ bytes, style: headers ?? "api", queryRows: querySheet ?? [] });
    return { bytes: Buffer.from(rewritten.buffer, rewritten.byteOffset, rewritten.byteLength), neutralised: 0 };
  }
  const checked = prepareStatsCsv(bytes.toString("utf8"), headers ?? "api");
  return { bytes: Buffer.from(checked.csv, "utf8"), neutralised: checked.neutralised };
}

/**
 * Excel for Mac cannot save a file an add-in makes (office-js issues 2700, 3385, 4681) but can
 * open an address in the browser: the pane asks here for the export, with its credentials in
 * headers as on the proxy, and opens the answer's address, which serves the file once.
 */
export function registerExportRoutes(app: FastifyInstance, options: ExportRouteOptions): void {
  const preparing = new OneAtATime();
  const retryAfterSeconds = Math.ceil(options.ttlMs / 1000);
  // Said as --export-ttl has it, not as its default.
  const ttl = formatSeconds(options.ttlMs / 1000);
  const busy = () =>
    new UpstreamFailure(
      503,
      "exports_busy",
      `The add-in server holds as many exports as it can right now. Try again in ${ttl}, or ask for less data.`,
    );

  const preValidation = async (request: { body: unknown }, reply: Parameters<typeof sendError>[0]) => {
    if (nestsDeeperThan(request.body, MAX_NESTING))
      return sendError(
        reply,
        400,
        "invalid_request",
        `The request nests deeper than ${MAX_NESTING} levels, which no export needs.`,
      );
  };

  const ownerFull = () =>
    new UpstreamFailure(
      503,
      "too_many_exports",
      `You have as many exports waiting for their download as one user may (${options.maxPerOwner}). Download them, or export again in ${ttl}, once they expire.`,
    );

  app.post<{ Body: PrepareBody }>(EXPORTS_PATH, { schema: prepareSchema, preValidation }, async (request, reply) => {
    const { format, fileName, headers, querySheet, request: statsRequest } = request.body;
    const details = EXPORT_FORMATS[format];
    // Room is reserved before the service is asked, and grows as its file arrives.
    const reserved = options.store.reserve(ownerOf(request.headers.authorization));
    const reservation = typeof reserved === "string" ? undefined : reserved;
    try {
      if (reserved === "owner_full") throw ownerFull();
      if (reservation === undefined) throw busy();
      const answer = await fetchExport({
        url: options.serviceUrl + details.route,
        authorization: request.headers.authorization,
        accept: details.accept,
        body: JSON.stringify(statsRequest),
        timeoutMs: options.upstreamTimeoutMs,
        maxBytes: options.maxBytes,
        reservation,
        busy,
      });
      if (answer.kind === "refused")
        return reply.code(answer.status).header("cache-control", "no-store").send(answer.body);
      const prepared = await preparing.run(() => preparedBytes(format, answer.bytes, headers, querySheet));
      const name = safeFileName(fileName, format);
      const id = reservation.commit({ bytes: prepared.bytes, fileName: name, mediaType: details.mediaType });
      if (id === undefined) throw busy();
      return reply
        .code(201)
        .header("cache-control", "no-store")
        .send({
          url: `${EXPORTS_PATH}/${id}`,
          fileName: name,
          bytes: prepared.bytes.length,
          neutralised: prepared.neutralised,
          expiresInSeconds: options.ttlMs / 1000,
        });
    } catch (error) {
      if (error instanceof UpstreamFailure) {
        if (error.code === "exports_busy" || error.code === "too_many_exports")
          reply.header("retry-after", String(retryAfterSeconds));
        return sendError(reply, error.status, error.code, error.message);
      }
      if (error instanceof UnreadableCsvError || error instanceof ExcelExportError)
        return sendError(reply, 502, error.code, error.message);
      throw error;
    } finally {
      reservation?.release();
    }
  });

  // No HEAD route: a HEAD would run this handler and spend the one download.
  app.get<{ Params: { id: string } }>(`${EXPORTS_PATH}/:id`, { exposeHeadRoute: false }, async (request, reply) => {
    const file = options.store.take(request.params.id);
    if (!file)
      return sendError(
        reply,
        404,
        "export_not_found",
        `This export was already downloaded or has expired (exports wait ${ttl}). Export again from the task pane.`,
      );
    return reply
      .header("cache-control", "no-store")
      .header("content-type", file.mediaType)
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .send(file.bytes);
  });
}
