import { AbortedError } from "../errors";
import { NEVER_ABORTED, untilAborted } from "../bounded-read";
import type { Redactor } from "../redact";
import type { Sleep } from "./types";

/** Time limits and cancellation: an attempt's deadline, a probe's, and the waits between attempts. */

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

export interface Deadline {
  /** Aborts when the time is up or the caller's signal aborts, whichever comes first. */
  readonly signal: AbortSignal;
  /** True once the time was up (rather than the caller cancelling). */
  readonly expired: boolean;
  /** Stops the clock and lets go of the caller's signal; call it whatever the outcome. */
  release(): void;
}

export function startDeadline(ms: number, callerSignal: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    release() {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/** Waits between attempts; the caller cancelling ends the wait with an AbortedError. */
export async function pause(
  sleep: Sleep,
  ms: number,
  route: string,
  callerSignal: AbortSignal | undefined,
  redactor: Redactor,
): Promise<void> {
  const signal = callerSignal ?? NEVER_ABORTED;
  try {
    // The race guards against an injected sleep that ignores the signal.
    await untilAborted(sleep(ms, callerSignal), signal);
  } catch (failure) {
    if (signal.aborted) throw new AbortedError({ route, redactor });
    throw failure;
  }
}
