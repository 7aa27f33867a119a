import { ConnectionError, isErrorLike, ResponseValidationError, type ConnectionCause } from "../errors";
import type { Redactor } from "../redact";
import { classifyUnanswered, failureCodeOf, failureCodesOf, probeAddress } from "../unanswered";
import { startDeadline } from "./deadline";
import type { AttemptResult, TransportOptions, TransportRequest } from "./types";

/**
 * What a failed fetch means: an answer that arrived unreadable (damaged, a broken head), or no
 * answer at all and what most likely stopped it (src/client/unanswered.ts), with a probe of the
 * address when only that can tell a missing CORS header from nothing listening.
 */

/** How long a probe may take: it only has to show that something listens. */
const PROBE_TIMEOUT_MS = 5_000;

function describeFailure(error: unknown): string {
  if (isErrorLike(error)) {
    const cause = (error as { cause?: unknown }).cause;
    const causeText = isErrorLike(cause) ? `: ${cause.message}` : "";
    return `${error.name}: ${error.message}${causeText}`;
  }
  return String(error);
}

/** Node's fetch reports a body that does not unpack (`content-encoding: gzip` over garbage) with zlib's codes. */
function isDecompressionFailure(error: unknown): boolean {
  return failureCodesOf(error).some((code) => code.startsWith("Z_"));
}

/**
 * An answer whose head Node's fetch (undici) could not parse: the address answered, so it is the
 * answer that is unreadable, not the service that is unreachable. A browser names no code.
 */
function unreadableHead(error: unknown): "too_many_headers" | "not_http" | undefined {
  const codes = failureCodesOf(error);
  if (codes.some((code) => code === "UND_ERR_HEADERS_OVERFLOW" || code === "HPE_HEADER_OVERFLOW"))
    return "too_many_headers";
  if (codes.some((code) => code.startsWith("HPE_"))) return "not_http";
  return undefined;
}

export type Probe = () => Promise<ConnectionCause>;

type UnansweredOptions = Pick<TransportOptions, "probeReachable" | "pageOrigin" | "isOnline">;

/** Whether something answers at another origin: only CORS stands in the way when it does. */
export async function probe(
  options: UnansweredOptions,
  url: string,
  signal: AbortSignal | undefined,
): Promise<ConnectionCause> {
  if (!options.probeReachable) return "cross_origin";
  // classifyUnanswered asks for a probe only of a URL that parsed, so the address exists.
  const address = probeAddress(url)!;
  const deadline = startDeadline(PROBE_TIMEOUT_MS, signal);
  try {
    return (await options.probeReachable(address, deadline.signal)) ? "cross_origin" : "unreachable";
  } catch {
    return "unreachable";
  } finally {
    deadline.release();
  }
}

/** What most likely stopped a request that got no answer at all (src/client/unanswered.ts). */
async function unansweredCause(
  options: UnansweredOptions,
  url: string,
  failure: unknown,
  probeOnce: Probe,
): Promise<ConnectionCause> {
  const verdict = classifyUnanswered({
    url,
    pageOrigin: options.pageOrigin,
    online: options.isOnline?.(),
    failureCode: failureCodeOf(failure),
  });
  return verdict === "probe" ? probeOnce() : verdict;
}

/** The error of an attempt whose fetch failed, neither cancelled nor timed out; `answered` once the answer had begun. */
export async function failedAttempt(
  failure: unknown,
  request: TransportRequest,
  {
    answered,
    redactor,
    probeOnce,
    options,
  }: { answered: boolean; redactor: Redactor; probeOnce: Probe; options: UnansweredOptions },
): Promise<AttemptResult<never>> {
  if (answered && isDecompressionFailure(failure)) {
    return {
      error: new ResponseValidationError({
        route: request.route,
        issues: [{ path: "", message: "damaged" }],
        unreadable: "damaged",
        redactor,
      }),
      outcome: { kind: "final" },
    };
  }
  const head = unreadableHead(failure);
  if (head !== undefined) {
    return {
      error: new ResponseValidationError({
        route: request.route,
        issues: [{ path: "", message: head.replace(/_/g, " ") }],
        unreadable: head,
        redactor,
      }),
      outcome: { kind: "final" },
    };
  }
  const likelyCause = answered ? "interrupted" : await unansweredCause(options, request.url, failure, probeOnce);
  return {
    error: new ConnectionError({
      route: request.route,
      detail: describeFailure(failure),
      cause: failure,
      likelyCause,
      redactor,
    }),
    outcome: { kind: "network" },
  };
}
