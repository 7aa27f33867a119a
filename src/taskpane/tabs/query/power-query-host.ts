import type { StoredQueryModel } from "../../../core/workbook-queries/stored-query";
import { ReportingError } from "../../../client/errors";
import { errorBody } from "../../../api/stats-response";

/**
 * "Open in Power Query" on Excel for Mac, which ignores downloads: the add-in's own server makes
 * the file from the query (src/host/exports/power-query-route.ts) and answers a one-time address
 * the browser opens. No credential goes: the file holds none and the service is not asked.
 */

/** Where the page's server makes the files, or undefined from a server that does not. */
export async function findPowerQueryHost(origin: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${origin}/host/capabilities`, { cache: "no-store", credentials: "omit" });
    if (!response.ok) return undefined;
    const path = ((await response.json()) as { exports?: { powerQuery?: unknown } }).exports?.powerQuery;
    return typeof path === "string" && path.startsWith("/") ? path : undefined;
  } catch {
    return undefined;
  }
}

export async function preparePowerQueryHostFile(options: {
  origin: string;
  path: string;
  format: "xlsx" | "pbids";
  query: StoredQueryModel;
  today: string;
  signal: AbortSignal;
}): Promise<{ url: string; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(options.origin + options.path, {
      method: "POST",
      cache: "no-store",
      credentials: "omit",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ format: options.format, query: options.query, today: options.today }),
      signal: options.signal,
    });
  } catch (error) {
    options.signal.throwIfAborted();
    throw new ReportingError({
      code: "host_unreachable",
      kind: "unavailable",
      userMessage: "The add-in's server did not answer. Check your connection, then try again.",
      retryable: true,
      cause: error,
    });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const said = errorBody.safeParse(body);
    throw new ReportingError({
      code: said.success ? said.data.error.code : "host_refused",
      kind: response.status >= 500 ? "unavailable" : "input",
      userMessage: said.success
        ? said.data.error.message
        : `The add-in's server refused to make the file (HTTP ${response.status}). Try again, or reload the pane.`,
      retryable: response.status >= 500,
    });
  }
  const prepared = body as { url: string; fileName: string };
  return { url: new URL(prepared.url, options.origin).href, fileName: prepared.fileName };
}
