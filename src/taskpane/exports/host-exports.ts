import type { StatsRequest } from "../../api";
import { createRedactor, createTransport, type Transport } from "../../client";
import type { HeaderStyle } from "../../core/arguments/options";
import type { QuerySheetRow } from "../../core/exports/query-sheet";

/**
 * Exports prepared by the add-in's production server (src/host) for a browser to download: the
 * way a file reaches the user on Excel for Mac, whose web view ignores downloads. The pane asks
 * with the profile's token in a header, as every request to the service; the answer is a
 * short-lived address that serves the file once and carries no credential.
 */

export interface HostExportOffer {
  /** Where exports are prepared, e.g. `/host/exports`. */
  path: string;
  /** The same-origin route of the bearer interface, e.g. `/service/bearer`. */
  bearerRoute: string;
}

export interface PreparedExport {
  /** Absolute address of the download. */
  url: string;
  fileName: string;
  /** Fields given a leading `'` (see src/core/csv-safety.ts). */
  neutralised: number;
}

interface Capabilities {
  services?: { bearer?: unknown };
  exports?: { path?: unknown };
}

const CAPABILITIES_PATH = "/host/capabilities";

/**
 * What the server that served this page offers: undefined from any other server (the dev
 * server, a static host), which answers 404 or no JSON.
 */
export async function findHostExports(origin: string): Promise<HostExportOffer | undefined> {
  try {
    const response = await fetch(origin + CAPABILITIES_PATH, { cache: "no-store", credentials: "omit" });
    if (!response.ok) return undefined;
    const capabilities = (await response.json()) as Capabilities;
    const path = capabilities.exports?.path;
    const bearerRoute = capabilities.services?.bearer;
    return typeof path === "string" && typeof bearerRoute === "string" ? { path, bearerRoute } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the profile reaches the service through this very server: only then may its token
 * go to the server's export route, which calls the service the server is configured for.
 */
export function profileUsesHost(baseUrl: string | undefined, offer: HostExportOffer, origin: string): boolean {
  return baseUrl !== undefined && baseUrl.replace(/\/+$/, "") === origin + offer.bearerRoute;
}

let transport: Transport | undefined;

export async function prepareHostExport(options: {
  offer: HostExportOffer;
  origin: string;
  token: string;
  format: "csv" | "xlsx";
  fileName: string;
  /** The header the query asks for; the service's file has API names. */
  headers: HeaderStyle;
  /** The Excel file's Query sheet, as the pane describes the query (no credential in it). */
  querySheet: readonly QuerySheetRow[];
  request: StatsRequest;
  /** Cancel of the action that asked: stops the request, its retries and their waits. */
  signal?: AbortSignal | undefined;
}): Promise<PreparedExport> {
  transport ??= createTransport({ pageOrigin: options.origin });
  const token = options.token.trim();
  const response = await transport.request({
    method: "POST",
    url: options.origin + options.offer.path,
    route: options.offer.path,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      format: options.format,
      fileName: options.fileName,
      headers: options.headers,
      ...(options.format === "xlsx" ? { querySheet: options.querySheet } : {}),
      request: options.request,
    }),
    credentials: "token",
    redactor: createRedactor([token]),
    signal: options.signal,
  });
  const prepared = JSON.parse(response.body) as { url: string; fileName: string; neutralised: number };
  return {
    url: new URL(prepared.url, options.origin).href,
    fileName: prepared.fileName,
    neutralised: prepared.neutralised,
  };
}
