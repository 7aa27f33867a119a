import { servesCaller, type RetryEvent } from "../../../client";

/** Hears every retry of the page's requests (runtime.onRetry); returns the unsubscribe. */
export type RetrySource = (listener: (event: RetryEvent) => void) => () => void;

/**
 * Hears only the retries of the requests made for `signal` (one action's), directly or through a
 * load it shares: a formula cell's wait is another request and must not show in the action bar.
 */
export function onOwnRetries(
  source: RetrySource,
  signal: AbortSignal,
  listener: (event: RetryEvent) => void,
): () => void {
  return source((event) => {
    if (servesCaller(event.signal, signal)) listener(event);
  });
}
