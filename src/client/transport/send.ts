import { RedirectError, type ReportingError } from "../errors";
import { untilAborted } from "../bounded-read";
import type { Redactor } from "../redact";
import type { FetchLike, FetchResponse, TransportRequest } from "./types";

/** Building the request fetch sends, and the redirects it may follow. */

/** Same-origin redirects followed per attempt; more is a loop, or close enough to one. */
const MAX_REDIRECTS = 5;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function isRedirectStatus(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Lets go of a body the transport will not read, so that the connection is freed at once. */
export function discard(response: FetchResponse): void {
  try {
    void response.body
      ?.getReader()
      .cancel()
      .catch(() => undefined);
  } catch {
    // A body already read or locked holds nothing more to free.
  }
}

/**
 * Sends the request, following redirects only within its own origin. Credentials go in
 * custom headers that fetch would carry to any site a redirect names, so fetch is told not
 * to follow (`manual`) and each hop is checked here. A browser does not show where a
 * redirect leads (an `opaqueredirect` answer), so there every redirect is refused.
 */
export async function send(
  fetchImpl: FetchLike,
  request: TransportRequest,
  signal: AbortSignal,
  redactor: Redactor,
): Promise<{ response: FetchResponse } | { error: ReportingError }> {
  const guarded = request.credentials !== undefined;
  let url = request.url;
  let method: string = request.method;
  let body = request.body;
  for (let hops = 0; ; hops += 1) {
    const init = {
      method,
      headers: request.headers ?? {},
      signal,
      ...(body === undefined ? {} : { body }),
      ...(guarded ? { redirect: "manual" as const } : {}),
    };
    const response = await untilAborted(fetchImpl(url, init), signal);
    if (!guarded) return { response };
    if (response.type === "opaqueredirect")
      return { error: new RedirectError({ route: request.route, problem: "elsewhere", redactor }) };
    const location = isRedirectStatus(response.status) ? response.headers.get("location") : null;
    if (location === null) return { response };
    discard(response);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { error: new RedirectError({ route: request.route, problem: "elsewhere", redactor }) };
    }
    // `javascript:`, `data:` or `file:` have no origin (URL says "null"): name the scheme instead.
    if (next.protocol !== "http:" && next.protocol !== "https:")
      return {
        error: new RedirectError({ route: request.route, problem: "elsewhere", scheme: next.protocol, redactor }),
      };
    if (next.origin !== originOf(url))
      return {
        error: new RedirectError({ route: request.route, problem: "elsewhere", target: next.origin, redactor }),
      };
    if (hops + 1 > MAX_REDIRECTS)
      return { error: new RedirectError({ route: request.route, problem: "loop", hops: MAX_REDIRECTS, redactor }) };
    // As fetch does: 303 always, and 301 and 302 after a POST, continue as a GET without the body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
    }
    url = next.href;
  }
}
