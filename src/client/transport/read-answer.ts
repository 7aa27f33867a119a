import { AnswerTooLargeError, errorFromResponse } from "../errors";
import { readUpTo } from "../bounded-read";
import type { Redactor } from "../redact";
import { parseRetryAfter } from "../retry-policy";
import { discard } from "./send";
import type { AttemptResult, FetchResponse, TransportRequest } from "./types";

/** Reading an answer: a success's body up to its size limit, or an error's body into the error contract. */

/** Enough of an error body for the service's message and a diagnostic excerpt (ApiError keeps 2,000 characters). */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Headers services and gateways name their request id with; support asks for it. */
const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "x-correlation-id", "x-amzn-requestid", "x-ms-request-id"];

function requestIdOf(headers: FetchResponse["headers"]): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name)?.trim();
    if (value) return value;
  }
  return undefined;
}

const utf8 = new TextDecoder();

export interface AnswerLimits {
  /** The largest JSON answer read. */
  maxJsonBytes: number;
  /** The largest export (an Excel file, a CSV text) read. */
  maxExportBytes: number;
}

export interface ReadContext {
  signal: AbortSignal;
  redactor: Redactor;
  attemptNumber: number;
  now: () => number;
}

/** A 2xx answer's body, or AnswerTooLargeError when it is (or says it is) larger than its kind's limit. */
async function readSuccess(
  response: FetchResponse,
  request: TransportRequest,
  limits: AnswerLimits,
  { signal, redactor, attemptNumber }: ReadContext,
): Promise<AttemptResult<string | Uint8Array>> {
  const isExport = request.responseType === "bytes" || request.isExport === true;
  const limitBytes = isExport ? limits.maxExportBytes : limits.maxJsonBytes;
  const tooLarge = () => ({
    error: new AnswerTooLargeError({ route: request.route, limitBytes, isExport, redactor }),
    outcome: { kind: "final" } as const,
  });
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > limitBytes) {
    discard(response);
    return tooLarge();
  }
  const { bytes, complete } = await readUpTo(response, limitBytes, signal);
  if (!complete) return tooLarge();
  const body = request.responseType === "bytes" ? bytes : utf8.decode(bytes);
  return { response: { status: response.status, headers: response.headers, body, attempts: attemptNumber } };
}

/** An answer outside 2xx as an error of the contract, with what the retry policy needs (the status, Retry-After). */
async function readFailure(
  response: FetchResponse,
  request: TransportRequest,
  { signal, redactor, now }: ReadContext,
): Promise<AttemptResult<never>> {
  // An unreadable error body must not hide the status, which says more than the body.
  const { bytes } = await readUpTo(response, MAX_ERROR_BODY_BYTES, signal, { keepPartial: true }).catch(
    (failure: unknown) => {
      if (signal.aborted) throw failure;
      return { bytes: new Uint8Array(0) };
    },
  );
  const text = utf8.decode(bytes);
  // Read once: the message says it, and the retry decision waits it.
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), now());
  const error = errorFromResponse(response.status, text, request.route, {
    credentials: request.credentials,
    requestId: requestIdOf(response.headers),
    retryAfterSeconds: retryAfterMs === undefined ? undefined : retryAfterMs / 1_000,
    redactor,
  });
  return { error, outcome: { kind: "status", status: response.status, retryAfterMs } };
}

export function readAnswer(
  response: FetchResponse,
  request: TransportRequest,
  limits: AnswerLimits,
  context: ReadContext,
): Promise<AttemptResult<string | Uint8Array>> {
  return response.status >= 200 && response.status <= 299
    ? readSuccess(response, request, limits, context)
    : readFailure(response, request, context);
}
