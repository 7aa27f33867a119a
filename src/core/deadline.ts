import { formatLimit, ReportingError } from "../client/errors";
import { isPreview, markPreview } from "./value-preview";

/**
 * The last resort against a cell stuck on #BUSY!: the client already times out each attempt
 * and gives up after its retries, but a call also waits on profiles, batching and every page of
 * an answer. Past this deadline the call rejects with #N/A and its work is aborted (a shared
 * request stops only when no other cell still waits on it).
 */
export const CALL_DEADLINE_MS = 120_000;

export class DeadlineError extends ReportingError {
  constructor(readonly deadlineMs: number) {
    const limit = formatLimit(deadlineMs);
    super({
      code: "deadline",
      kind: "timeout",
      userMessage: `The service took too long to answer (more than ${limit}). Try a shorter period or fewer groups, then recalculate or use Refresh in the Reporting task pane.`,
      retryable: true,
    });
    this.name = "DeadlineError";
  }
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface DeadlineOptions {
  deadlineMs?: number;
  /** Aborts the work from outside, e.g. when Excel cancels the call. */
  signal?: AbortSignal;
  timers?: Timers;
}

/**
 * Runs `work` with a signal that aborts when `options.signal` does or when the deadline passes;
 * the returned promise always settles, by the deadline at the latest.
 */
export function withDeadline<T>(work: (signal: AbortSignal) => Promise<T>, options: DeadlineOptions = {}): Promise<T> {
  const deadlineMs = options.deadlineMs ?? CALL_DEADLINE_MS;
  const timers = options.timers ?? globalTimers;
  const controller = new AbortController();
  const outer = options.signal;
  // The work runs with this signal: a value preview stays one.
  if (isPreview(outer)) markPreview(controller.signal);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener("abort", forward, { once: true });

  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(() => {
      // Reject first: the abort that follows makes the work reject too, and that must not win.
      reject(new DeadlineError(deadlineMs));
      controller.abort();
    }, deadlineMs);
    const finish = () => {
      timers.clearTimeout(timer);
      outer?.removeEventListener("abort", forward);
    };
    Promise.resolve()
      .then(() => work(controller.signal))
      .then(
        (value) => {
          finish();
          resolve(value);
        },
        (error: unknown) => {
          finish();
          reject(error);
        },
      );
  });
}
