import { AbortedError } from "../client/errors";

/** The error a cancelled call rejects with: the same class the client uses for an aborted request. */
export function cancelledError(route: string): AbortedError {
  return new AbortedError({ route });
}

/**
 * Runs `onAbort` once when `signal` aborts (at once if it already has); returns the function that
 * stops listening, to call when the work settles so that long-lived signals do not pile up listeners.
 */
export function onAbort(signal: AbortSignal | undefined, onAbort: () => void): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    onAbort();
    return () => {};
  }
  signal.addEventListener("abort", onAbort, { once: true });
  return () => signal.removeEventListener("abort", onAbort);
}
