import { elapsedText } from "../../widgets/elapsed-text";

/**
 * The words of a long wait in the Query tab's action bar: how long the pane has waited, and
 * what the service asked for when it said to slow down (429 with Retry-After). Pure, so the
 * clock and the time of day are arguments.
 */

/** A time of day as the user's clock shows it, HH:MM:SS. */
export function clockText(at: Date): string {
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((part) => String(part).padStart(2, "0")).join(":");
}

export interface PendingRetry {
  /** When the next attempt starts, in the clock's milliseconds. */
  atMs: number;
  delayMs: number;
  /** True when the service itself asked for the wait (Retry-After), not our own backoff. */
  askedByService: boolean;
}

/** The line under the action bar while an action runs. */
export function waitingText(
  startedMs: number,
  nowMs: number,
  retry: PendingRetry | undefined,
  timeOfDay: (ms: number) => string,
): string {
  const waited = `Waiting for the service… ${elapsedText(nowMs - startedMs)}`;
  if (!retry || nowMs >= retry.atMs) return waited;
  const seconds = Math.max(1, Math.round(retry.delayMs / 1000));
  const next = timeOfDay(retry.atMs);
  return retry.askedByService
    ? `The service asked to wait ${seconds} s; trying again at ${next}. ${waited}`
    : `The service did not answer; trying again at ${next}. ${waited}`;
}
