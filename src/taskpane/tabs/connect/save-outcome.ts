import { clear, el } from "../../widgets/dom";
import type { SaveAnywayPlan } from "./save-decision";

/**
 * The box under the Save button: why a profile was not saved, in the pane's words, and the
 * "Save anyway" button that appears only then, with what it does to formulas. It is the one
 * place a failed save is said (the status bar stays quiet). The box is a live region that
 * stays in the page (empty, it takes no room), so a new reason is announced.
 */
export class SaveOutcome {
  constructor(
    private readonly root: HTMLElement,
    /** The id of the element holding the reason, which marked fields are described by. */
    readonly reasonId: string,
  ) {}

  /** Shows the reasons (one per interface that failed) and, with a plan, the Save anyway button. */
  showProblem(reasons: readonly string[], plan: SaveAnywayPlan | undefined, onSaveAnyway: () => void): void {
    clear(this.root);
    this.root.className = "save-outcome error";
    const reason = el(
      "div",
      { attrs: { id: this.reasonId } },
      reasons.map((text) => el("p", { text })),
    );
    this.root.append(reason);
    if (plan) {
      this.root.append(
        el("p", { className: "hint", text: plan.explanation }),
        el("button", {
          className: "secondary",
          text: plan.label,
          attrs: { type: "button", id: "profile-save-anyway" },
          on: { click: onSaveAnyway },
        }),
      );
    }
  }

  clear(): void {
    clear(this.root);
    this.root.className = "save-outcome";
  }

  scrollIntoView(): void {
    this.root.scrollIntoView({ block: "nearest" });
  }
}
