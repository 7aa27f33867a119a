import { checkElapsedText } from "./connection-check";

/**
 * The line shown while a connection test runs: what it does, the seconds it has taken, and a
 * Cancel that aborts it. One test at a time: starting one while another runs cancels the first.
 */
export class CheckProgress {
  private controller: AbortController | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly root: HTMLElement,
    /** A live region: the label is announced once. */
    private readonly label: HTMLElement,
    private readonly elapsed: HTMLElement,
    cancel: HTMLButtonElement,
  ) {
    cancel.addEventListener("click", () => this.controller?.abort());
  }

  /** Shows the line and returns the signal Cancel aborts. */
  start(label: string): AbortSignal {
    this.stop();
    const controller = new AbortController();
    this.controller = controller;
    const started = Date.now();
    const show = () => {
      this.elapsed.textContent = checkElapsedText(Date.now() - started);
    };
    show();
    this.timer = setInterval(show, 1_000);
    // Shown before the label is written, so that the live region announces it.
    this.root.hidden = false;
    this.label.textContent = `${label}…`;
    return controller.signal;
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.controller = undefined;
    this.root.hidden = true;
    this.label.textContent = "";
  }
}
