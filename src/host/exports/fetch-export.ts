import type { ErrorBody } from "../../api";
import { readUpTo } from "../../client/bounded-read";
import { failureCodeOf } from "../../client/unanswered";
import type { Reservation } from "./export-store";
import { answerTimeoutFailure, unreachableFailure, type UpstreamReply } from "../upstream-failures";

/** A failure of the call to the service, answered in the service's error shape with `status`. */
export class UpstreamFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "UpstreamFailure";
  }

  static of(reply: UpstreamReply): UpstreamFailure {
    return new UpstreamFailure(reply.status, reply.code, reply.message);
  }
}

export type ExportAnswer = { kind: "file"; bytes: Buffer } | { kind: "refused"; status: number; body: ErrorBody };

export interface ExportCall {
  url: string;
  /** The caller's authorization header, passed on as it came. */
  authorization: string | undefined;
  accept: string;
  body: string;
  timeoutMs: number;
  /** The store's byte limit: the largest file this server can hold. */
  maxBytes: number;
  /** Room in the store, taken as the file arrives. */
  reservation: Reservation;
  /** The store is full: said when the reservation cannot grow. */
  busy: () => UpstreamFailure;
}

const MAX_ERROR_BYTES = 64 * 1024;

/** The body as a Buffer, or undefined past `maxBytes` (the rest is left unread). */
async function readAtMost(response: Response, maxBytes: number, signal: AbortSignal): Promise<Buffer | undefined> {
  const { bytes, complete } = await readUpTo(response, maxBytes, signal);
  return complete ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
}

/**
 * The file, each chunk reserved in the store as it arrives: past the store's whole limit the file
 * is too large for this server; past the room left, the server is busy with other exports. A
 * length announced by the service is checked before the first byte is read.
 */
async function readReserved(response: Response, call: ExportCall): Promise<Buffer> {
  const tooLarge = () =>
    new UpstreamFailure(
      502,
      "export_too_large",
      `The export is larger than the ${Math.floor(call.maxBytes / 1024 / 1024)} MB this server holds for downloads: narrow the query (a shorter period or fewer groups).`,
    );
  const announced = Number(response.headers.get("content-length") ?? NaN);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reserve = (bytes: number) => {
    if (length + bytes > call.maxBytes) throw tooLarge();
    if (!call.reservation.take(bytes)) throw call.busy();
  };
  const reader = response.body?.getReader();
  try {
    if (Number.isSafeInteger(announced) && announced > 0) {
      reserve(announced);
      length = announced;
    }
    let counted = 0;
    for (;;) {
      const { done, value } = reader ? await reader.read() : { done: true, value: undefined };
      if (done || value === undefined) break;
      const more = counted + value.length - length;
      if (more > 0) {
        reserve(more);
        length += more;
      }
      counted += value.length;
      chunks.push(value);
    }
    return Buffer.concat(chunks, counted);
  } catch (error) {
    await reader?.cancel().catch(() => undefined);
    throw error;
  }
}

function serviceError(status: number, text: string): ErrorBody {
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof parsed.error?.code === "string" && typeof parsed.error.message === "string") return parsed as ErrorBody;
  } catch {
    // not JSON: described below
  }
  return { error: { code: "upstream_error", message: `The Reporting service refused the export (HTTP ${status}).` } };
}

/** POSTs the export request to the service and reads the file, within the time and size limits. */
export async function fetchExport(call: ExportCall): Promise<ExportAnswer> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  try {
    const headers: Record<string, string> = { "content-type": "application/json", accept: call.accept };
    if (call.authorization !== undefined) headers.authorization = call.authorization;
    const response = await fetch(call.url, {
      method: "POST",
      headers,
      body: call.body,
      // A credential never follows a redirect, wherever it leads.
      redirect: "manual",
      signal,
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new UpstreamFailure(
        502,
        "upstream_redirect",
        "The Reporting service answered with a redirect, which this server does not follow with credentials.",
      );
    }
    if (!response.ok) {
      const text = (await readAtMost(response, MAX_ERROR_BYTES, signal))?.toString("utf8") ?? "";
      return { kind: "refused", status: response.status, body: serviceError(response.status, text) };
    }
    return { kind: "file", bytes: await readReserved(response, call) };
  } catch (error) {
    if (error instanceof UpstreamFailure) throw error;
    if ((error as { name?: string }).name === "TimeoutError")
      throw UpstreamFailure.of(answerTimeoutFailure(call.timeoutMs));
    throw UpstreamFailure.of(unreachableFailure(failureCodeOf(error)));
  }
}
