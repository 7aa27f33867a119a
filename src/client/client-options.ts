import type { Transport, TransportOptions } from "./transport";

/** The last argument of every client method. */
export interface RequestOptions {
  /** Cancels the request, including its retries and the waits between them. */
  signal?: AbortSignal | undefined;
}

export function isTransport(value: TransportOptions | Transport | undefined): value is Transport {
  return typeof (value as Transport | undefined)?.request === "function";
}
