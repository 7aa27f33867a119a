import { connectFailureOf, type ConnectFailure } from "./connect-failure";
import type { ConnectionCause } from "./errors";

/**
 * Why a request got no answer at all, from what the add-in can know: whether the computer is
 * online, the two addresses, the failure's code (Node's fetch gives ECONNREFUSED or ENOTFOUND;
 * a browser gives none) and, for another origin, whether the service answers a request the
 * browser lets no one read (a probe without credentials): it does when only CORS stands in
 * the way, and does not when nothing listens there.
 */
export interface UnansweredFacts {
  url: string;
  /** The page's origin; undefined outside a page (Node, tests). */
  pageOrigin: string | undefined;
  /** False when the browser knows it has no network; undefined when nobody said. */
  online?: boolean | undefined;
  /** The system's code of the failure, when the runtime tells it (`ECONNREFUSED`). */
  failureCode?: string | undefined;
}

/** A cause, or `probe` when only a probe of the other origin can tell CORS from a dead address. */
export type UnansweredVerdict = ConnectionCause | "probe";

/**
 * A connection not accepted in time is, to the user, an address where nothing answers: the
 * pane has no better advice for it than for no route at all.
 */
const CAUSE_OF_FAILURE: Record<ConnectFailure, ConnectionCause> = {
  refused: "refused",
  unknown_host: "unknown_host",
  timeout: "unreachable",
  unreachable: "unreachable",
};

/** Browsers allow http:// calls to the machine itself from an https:// page; only CORS applies there. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

export function classifyUnanswered(facts: UnansweredFacts): UnansweredVerdict {
  if (facts.online === false) return "offline";
  let target: URL | undefined;
  try {
    target = new URL(facts.url);
  } catch {
    target = undefined;
  }
  const { pageOrigin } = facts;
  if (target && pageOrigin?.startsWith("https:") && target.protocol === "http:" && !isLoopback(target.hostname))
    return "insecure_address";
  const failure = connectFailureOf(facts.failureCode);
  if (failure) return CAUSE_OF_FAILURE[failure];
  if (pageOrigin === undefined || !target || target.origin === pageOrigin) return "network";
  return "probe";
}

/** The codes of a failure and of its causes, two levels down (`TypeError: fetch failed` wraps them), outermost first. */
export function failureCodesOf(failure: unknown): string[] {
  const codes: string[] = [];
  let current = failure;
  for (let depth = 0; depth < 3 && typeof current === "object" && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code !== "") codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** The outermost code of a failure or of its causes: the system's, for a connection that failed. */
export function failureCodeOf(failure: unknown): string | undefined {
  return failureCodesOf(failure)[0];
}

/** Where a probe goes: the origin's root, so that no path, query or credential of the request travels. */
export function probeAddress(url: string): string | undefined {
  try {
    return `${new URL(url).origin}/`;
  } catch {
    return undefined;
  }
}
