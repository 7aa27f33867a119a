import { addDescription, el, removeDescription } from "../../widgets/dom";

/** One field's problem: what to focus, what to mark invalid, and what to say. */
export interface FieldProblem {
  /** The control to focus when an action needs this field fixed. */
  focus: HTMLElement;
  /** The control (or group) marked aria-invalid and described by the message; it has an id. */
  marked: HTMLElement;
  problem: string;
}

/**
 * The messages under the fields of a form, shown as the user types: each one sits in its
 * field's box (or its group), and the field is marked aria-invalid and described by it, so a
 * screen reader says the reason on the field itself.
 */
export class FieldMessages {
  private readonly shown = new Map<HTMLElement, HTMLElement>();

  /** Shows exactly these problems: messages of fields now right go away. */
  show(problems: readonly FieldProblem[]): void {
    const wanted = new Map(problems.map((problem) => [problem.marked, problem.problem]));
    for (const [marked, message] of this.shown) {
      if (!wanted.has(marked)) this.clear(marked, message);
    }
    for (const [marked, problem] of wanted) this.set(marked, problem);
  }

  private set(marked: HTMLElement, problem: string): void {
    let message = this.shown.get(marked);
    if (!message) {
      message = el("p", { className: "field-error", attrs: { id: `${marked.id}-error` } });
      (marked.closest(".field") ?? marked).append(message);
      this.shown.set(marked, message);
      marked.setAttribute("aria-invalid", "true");
      addDescription(marked, message.id, "first");
    }
    message.textContent = problem;
  }

  private clear(marked: HTMLElement, message: HTMLElement): void {
    message.remove();
    this.shown.delete(marked);
    marked.removeAttribute("aria-invalid");
    removeDescription(marked, message.id);
  }
}
