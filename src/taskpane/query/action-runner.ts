import type { RetryEvent } from "../../client";
import type { PaneContext } from "../context";
import { byId } from "../dom";
import { StatusBar, type StatusKind } from "../status";
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
 * The status bar as the Query tab's actions use it: every outcome still goes to the bar (the
 * pane's one live region, which announces it) and is also written in the action bar, next to
 * the buttons, where the user is looking.
 */
export class ActionStatus extends StatusBar {
  private lastKind: StatusKind | undefined;

  constructor(private readonly message: HTMLElement) {
    super();
  }

  override show(text: string, kind: StatusKind = "info"): void {
    super.show(text, kind);
    this.lastKind = kind;
    if (kind === "busy") return;
    this.message.className = `action-message ${kind}`;
    this.message.textContent = text;
    this.message.hidden = false;
  }

  /** Takes an old failure away once the query changed, from the action bar and from the status bar. */
  clearError(): void {
    if (!this.message.hidden && this.message.classList.contains("error")) this.hideMessage();
    if (this.lastKind === "error") {
      this.clear();
      this.lastKind = undefined;
    }
  }

  hideMessage(): void {
    this.message.hidden = true;
    this.message.textContent = "";
  }
}

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
    readonly status: ActionStatus,
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
   * Runs `work` for `button`; a failure it throws is said in the status and action bars.
   * `cancellable` actions offer Cancel; the others (writing into the workbook) run to the end.
   */
  async run(button: HTMLButtonElement, work: (signal: AbortSignal) => Promise<void>, options: { cancellable: boolean }): Promise<void> {
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
    this.status.hideMessage();

    const started = this.clock.now();
    let retry: PendingRetry | undefined;
    const tick = () => {
      progress.textContent = waitingText(started, this.clock.now(), retry, (ms) => this.clock.timeOfDay(ms));
      progress.hidden = false;
    };
    tick();
    const timer = setInterval(tick, 1000);
    const stopListening = onOwnRetries(this.onRetry, controller.signal, (event) => {
      retry = { atMs: this.clock.now() + event.delayMs, delayMs: event.delayMs, askedByService: event.retryAfterMs !== undefined };
      tick();
      // Said once in the live region too: the user hears why nothing happens for a while.
      if (retry.askedByService) {
        this.status.busy(`The service asked to wait ${Math.round(event.delayMs / 1000)} s; trying again at ${this.clock.timeOfDay(retry.atMs)}.`);
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
 * The action bar of a tab (`<prefix>-action-message`, `<prefix>-action-progress`,
 * `<prefix>-cancel`), the same on the Query and Legacy tabs: `buttons` are all the tab's actions,
 * disabled while one of them runs. `acting` is the context the actions run with, so that their
 * outcomes are also written next to the buttons.
 */
export function setUpActionBar(
  context: PaneContext,
  prefix: string,
  buttons: Readonly<Record<string, HTMLButtonElement>>,
): { status: ActionStatus; acting: PaneContext; runner: ActionRunner } {
  const status = new ActionStatus(byId(`${prefix}-action-message`));
  const runner = new ActionRunner(
    { progress: byId(`${prefix}-action-progress`), cancel: byId<HTMLButtonElement>(`${prefix}-cancel`) },
    status,
    () => Object.values(buttons),
    (listener) => context.runtime.onRetry(listener),
  );
  return { status, acting: { ...context, status }, runner };
}
