import { byId } from "./dom";

/**
 * The one live region of the pane: every outcome (done, failed, working) is announced there,
 * so screen reader users hear what a button did. Messages are plain words, never secrets.
 */
export type StatusKind = "info" | "success" | "error" | "busy";

export function plainMessage(error: unknown): string {
  if (typeof error === "object" && error !== null && "userMessage" in error) {
    const message = (error as { userMessage: unknown }).userMessage;
    if (typeof message === "string" && message !== "") return message;
  }
  // Argument errors of the shared parser are written for the cell, so they read well here too.
  if (error instanceof Error && error.name === "ArgumentError") return error.message;
  // Unexpected failures: say what to do rather than showing internals.
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
