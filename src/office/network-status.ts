/**
 * What the page knows of its network, for the client's messages (src/client/unanswered.ts):
 * src/client reads no browser globals, so these are passed in through the transport options.
 */

/** False when the browser knows it has no network at all; true when it cannot tell. */
export function browserIsOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

/**
 * True when something answers at `address` (another origin's root) to a `no-cors` request: the
 * browser sends it without credentials and lets no one read the answer, but it settles only if
 * a server answered. That tells a service lacking CORS headers from an address where nothing listens.
 */
export async function browserProbe(address: string, signal: AbortSignal): Promise<boolean> {
  try {
    await fetch(address, {
      mode: "no-cors",
      credentials: "omit",
      cache: "no-store",
      referrerPolicy: "no-referrer",
      signal,
    });
    return true;
  } catch {
    return false;
  }
}
