import { checkElapsedText } from "./connection-check";

/**
 * The line shown while a connection test runs: the seconds it has waited and a Cancel that
 * aborts it, as the Query tab's action bar does; what runs is said once, in the status bar.
 * One test at a time: starting one while another runs cancels the first.
 */
export class CheckProgress {
  private controller: AbortController | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly label: HTMLElement,
    private readonly elapsed: HTMLElement,
    cancel: HTMLButtonElement,
  ) {
    cancel.addEventListener("click", () => this.controller?.abort());
  }

  /** Shows the line, in view (Cancel must be reachable), and returns the signal Cancel aborts. */
  start(): AbortSignal {
    this.stop();
    const controller = new AbortController();
    this.controller = controller;
    const started = Date.now();
    const show = () => {
      this.elapsed.textContent = checkElapsedText(Date.now() - started);
    };
    show();
    this.timer = setInterval(show, 1_000);
    this.root.hidden = false;
    this.label.textContent = "Waiting for the service…";
    this.root.scrollIntoView({ block: "nearest" });
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
