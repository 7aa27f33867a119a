import { clear, el } from "../../widgets/dom";
import { SIDE_NAMES, type SideResult } from "./connection-check";
import { plainMessage } from "../../shell/status";

const REACHED: Record<SideResult["side"], string> = {
  reporting: "Reporting: connected. Organizations reached",
  legacy: "Legacy: connected. Applications reached",
};

/** The box under the buttons with what Test connection found: what each interface reached, or why it failed. */
export class ConnectionResult {
  constructor(private readonly root: HTMLElement) {}

  show(content: string | Node, kind: "info" | "success" | "error"): void {
    clear(this.root);
    this.root.className = `result ${kind}`;
    this.root.append(content);
  }

  clear(): void {
    this.show("", "info");
  }

  /** One part per interface tried; an error box when any failed. */
  showResults(results: readonly SideResult[]): void {
    const parts = results.map((side) =>
      side.ok
        ? reached(REACHED[side.side], side.reached)
        : el("p", { text: `${SIDE_NAMES[side.side]}: ${plainMessage(side.error)}` }),
    );
    this.show(el("div", {}, parts), results.some((side) => !side.ok) ? "error" : "success");
  }

  /** Takes a failure away once the form changed: its reason no longer describes what is typed. */
  clearError(): void {
    if (this.root.classList.contains("error")) this.clear();
  }

  scrollIntoView(): void {
    this.root.scrollIntoView({ block: "nearest" });
  }
}

function reached(heading: string, names: readonly string[]): HTMLElement {
  return el("div", {}, [
    el("p", { text: names.length === 0 ? `${heading}: none.` : `${heading} (${names.length}):` }),
    names.length > 0 &&
      el(
        "ul",
        {},
        names.map((name) => el("li", { text: name })),
      ),
  ]);
}
