import { isReportingError } from "../client/errors";
import { byId } from "./dom";

/**
 * The one live region of the pane: every outcome (done, failed, working) is announced there,
 * so screen reader users hear what a button did. Messages are plain words, never secrets.
 */
export type StatusKind = "info" | "success" | "error" | "busy";

/**
 * The pane surface of the error contract (src/client/errors.ts): the error's `paneMessage`.
 * Anything outside the contract is a bug whose text might hold anything: say what to do instead.
 */
export function plainMessage(error: unknown): string {
  if (isReportingError(error)) return error.paneMessage;
  return "Something unexpected went wrong. Try again; if it keeps happening, reload the add-in.";
}

export class StatusBar {
  private readonly region = byId("status");

  show(message: string, kind: StatusKind = "info"): void {
    this.region.className = `status ${kind}`;
    this.region.textContent = message;
  }

  busy(message: string): void {
    this.show(message, "busy");
  }

  success(message: string): void {
    this.show(message, "success");
  }

  error(error: unknown): void {
    this.show(plainMessage(error), "error");
  }

  clear(): void {
    this.region.className = "status";
    this.region.textContent = "";
  }
}
