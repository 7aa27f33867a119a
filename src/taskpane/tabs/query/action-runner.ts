import type { RetryEvent } from "../../../client";
import type { PaneContext } from "../../shell/context";
import type { StatusBar } from "../../shell/status";
import { onOwnRetries } from "./own-retries";
import { clockText, waitingText, type PendingRetry } from "./wait-text";

export interface ActionBarElements {
  /** The line that counts the wait while an action runs. */
  progress: HTMLElement;
  cancel: HTMLButtonElement;
}

export interface ActionClock {
  now(): number;
  timeOfDay(ms: number): string;
}

const SYSTEM_CLOCK: ActionClock = { now: () => Date.now(), timeOfDay: (ms) => clockText(new Date(ms)) };

/**
 * Runs the Query tab's actions one at a time: while one runs, the buttons that would conflict
 * with it are disabled (Export during Preview), the wait is counted in seconds, a wait the
 * service asked for (by this action's own requests only) is said with the time of the next try,
 * and Cancel aborts it. A cancelled
 * action says so and leaves what it would have replaced (the preview) as it was.
 */
export class ActionRunner {
  private current: AbortController | undefined;

  constructor(
    private readonly elements: ActionBarElements,
    readonly status: StatusBar,
    private readonly conflicting: () => readonly HTMLButtonElement[],
    private readonly onRetry: (listener: (event: RetryEvent) => void) => () => void,
    private readonly clock: ActionClock = SYSTEM_CLOCK,
  ) {
    elements.cancel.addEventListener("click", () => this.cancel());
  }

  cancel(): void {
    if (!this.current) return;
    this.elements.cancel.disabled = true;
    this.current.abort();
  }

  /**
   * Runs `work` for `button`; a failure it throws is said in the status bar.
   * `cancellable` actions offer Cancel; the others (writing into the workbook) run to the end.
   */
  async run(
    button: HTMLButtonElement,
    work: (signal: AbortSignal) => Promise<void>,
    options: { cancellable: boolean },
  ): Promise<void> {
    if (this.current) return;
    const controller = new AbortController();
    this.current = controller;
    const { progress, cancel } = this.elements;
    const buttons = this.conflicting();
    const wasDisabled = buttons.map((other) => other.disabled);
    for (const other of buttons) other.disabled = true;
    button.setAttribute("aria-busy", "true");
    cancel.hidden = !options.cancellable;
    cancel.disabled = false;
    // The last outcome is not this action's: it goes until this one says what it does.
    this.status.clear();

    const started = this.clock.now();
    let retry: PendingRetry | undefined;
    const tick = () => {
      progress.textContent = waitingText(started, this.clock.now(), retry, (ms) => this.clock.timeOfDay(ms));
      progress.hidden = false;
    };
    tick();
    const timer = setInterval(tick, 1000);
    const stopListening = onOwnRetries(this.onRetry, controller.signal, (event) => {
      retry = {
        atMs: this.clock.now() + event.delayMs,
        delayMs: event.delayMs,
        askedByService: event.retryAfterMs !== undefined,
      };
      tick();
      // Said once in the live region too: the user hears why nothing happens for a while.
      if (retry.askedByService) {
        this.status.busy(
          `The service asked to wait ${Math.round(event.delayMs / 1000)} s; trying again at ${this.clock.timeOfDay(retry.atMs)}.`,
        );
      }
    });
    try {
      await work(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) this.status.show("Cancelled. Nothing was changed.", "info");
      else this.status.error(error);
    } finally {
      clearInterval(timer);
      stopListening();
      progress.hidden = true;
      progress.textContent = "";
      const cancelHadFocus = document.activeElement === cancel || document.activeElement === document.body;
      cancel.hidden = true;
      buttons.forEach((other, index) => {
        other.disabled = wasDisabled[index] ?? false;
      });
      button.removeAttribute("aria-busy");
      this.current = undefined;
      // Cancel disappears with the action: focus goes back to the button that started it.
      if (cancelHadFocus && !button.hidden && !button.disabled) button.focus();
    }
  }
}

/**
 * The action bar of a tab (its progress line and Cancel), the same on the Query
 * and Legacy tabs: `buttons` are all the tab's actions, disabled while one of them runs. An
 * action's outcome is said once, in the status bar (the pane's live region, right under the
 * bar), not again in the bar: the bar holds the wait and Cancel. `acting` is the context the
 * actions run with.
 */
export function setUpActionBar(
  context: PaneContext,
  bar: { progress: HTMLElement; cancel: HTMLButtonElement },
  buttons: Readonly<Record<string, HTMLButtonElement>>,
): { status: StatusBar; acting: PaneContext; runner: ActionRunner } {
  const status = context.status;
  const runner = new ActionRunner(
    bar,
    status,
    () => Object.values(buttons),
    (listener) => context.runtime.onRetry(listener),
  );
  return { status, acting: context, runner };
}
