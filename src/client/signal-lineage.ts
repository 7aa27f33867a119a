/**
 * Whose work a request is. A shared load (the cache's one request for several callers, the pages
 * of a listing) runs with an AbortSignal of its own, so a request's signal alone does not say
 * which caller it serves. Where such a signal is made, the callers it serves are recorded here;
 * a listener of retries can then keep the retries of its own requests (the pane's action bar must
 * not say a formula cell's wait). Weak keys: a finished load leaves nothing behind.
 */
const callersOf = new WeakMap<AbortSignal, Set<AbortSignal>>();

/** Records that the work run with `derived` is also done for `caller`. */
export function markServes(derived: AbortSignal, caller: AbortSignal | undefined): void {
  if (!caller || caller === derived) return;
  let callers = callersOf.get(derived);
  if (!callers) {
    callers = new Set();
    callersOf.set(derived, callers);
  }
  callers.add(caller);
}

/** True when a request run with `signal` is `caller`'s own, or a shared load it waits on. */
export function servesCaller(signal: AbortSignal | undefined, caller: AbortSignal): boolean {
  const seen = new Set<AbortSignal>();
  const pending = signal ? [signal] : [];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next === caller) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(callersOf.get(next) ?? []));
  }
  return false;
}
