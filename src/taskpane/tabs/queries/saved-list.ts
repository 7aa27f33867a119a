import type { FilterLabels } from "../../../core/exports/query-sheet";
import { describeQuery } from "../../../core/workbook-queries/describe-query";
import type { SavedQuery } from "../../../core/workbook-queries/saved-query";
import { el, whileBusy } from "../../widgets/dom";
import { FieldMessages } from "../query/field-messages";
import { whenText } from "./queries-text";

/** What a saved query's buttons do; each runs while its button shows it is busy. */
export interface SavedQueryActions {
  /** Fills the Query tab's form with it. */
  load(query: SavedQuery): Promise<void>;
  /** Gives it `name`; resolves to the name's problem, in words for the field, when it cannot. */
  rename(query: SavedQuery, name: string): Promise<string | undefined>;
  remove(query: SavedQuery): Promise<void>;
}

/** The workbook's saved queries, each with its query in words, when it was saved, and Load, Rename, Delete. */
export class SavedQueriesList {
  private readonly descriptions = new Map<HTMLElement, SavedQuery>();
  private readonly emptyText: string;

  constructor(
    private readonly list: HTMLUListElement,
    /** Shown when the workbook has no saved query (or is not Excel's). */
    private readonly empty: HTMLElement,
    private readonly actions: SavedQueryActions,
  ) {
    this.emptyText = empty.textContent ?? "";
  }

  show(queries: readonly SavedQuery[]): void {
    this.descriptions.clear();
    this.list.replaceChildren(...queries.map((query) => this.item(query)));
    this.empty.textContent = this.emptyText;
    this.empty.hidden = queries.length > 0;
  }

  /** Says why there is nothing to list. */
  showEmpty(text: string): void {
    this.list.replaceChildren();
    this.empty.hidden = false;
    this.empty.textContent = text;
  }

  /** Words the queries again with the names of their filters' codes, once the lists are loaded. */
  label(labelsOf: (query: SavedQuery) => FilterLabels | undefined): void {
    for (const [paragraph, query] of this.descriptions) {
      const labels = labelsOf(query);
      if (labels) paragraph.textContent = describeQuery(query.query, labels);
    }
  }

  private item(query: SavedQuery): HTMLLIElement {
    const description = el("p", { text: describeQuery(query.query) });
    this.descriptions.set(description, query);
    const heading = el("h3", { text: query.name });
    const buttons = el("div", { className: "button-row" });
    buttons.append(
      this.button("load", "Load", query, () => this.actions.load(query)),
      this.button("rename", "Rename", query, () => Promise.resolve(this.startRename(heading, buttons, query))),
      this.button("delete", "Delete", query, () => Promise.resolve(this.confirmDelete(buttons, query))),
    );
    return el("li", { attrs: { "data-saved-query": query.id, "data-name": query.name } }, [
      heading,
      description,
      el("p", { className: "hint", text: `Saved ${whenText(query.savedAt)}` }),
      buttons,
    ]);
  }

  private button(action: string, label: string, query: SavedQuery, run: () => Promise<void>): HTMLButtonElement {
    const button = el("button", {
      className: "secondary",
      text: label,
      attrs: { type: "button", "data-action": action, "aria-label": `${label}: ${query.name}` },
    });
    button.addEventListener("click", () => void whileBusy(button, run));
    return button;
  }

  /**
   * Delete asks first, in place of the buttons: a saved query is the only copy of its
   * definition, and Delete sits beside Load and Rename, where a slip of the finger lands. Keep
   * (and Escape) puts the buttons back; the focus starts on Keep, the choice that loses nothing.
   */
  private confirmDelete(buttons: HTMLElement, query: SavedQuery): void {
    const questionId = `saved-query-delete-${query.id}`;
    const question = el("p", {
      text: `Delete the saved query ${query.name}? Tables and formulas made from it stay as they are.`,
      attrs: { id: questionId },
    });
    const confirm = el("button", {
      className: "danger",
      text: "Delete",
      attrs: { type: "button", "data-action": "confirm-delete", "aria-describedby": questionId },
    });
    const keep = el("button", {
      className: "subtle",
      text: "Keep",
      attrs: { type: "button", "data-action": "keep", "aria-describedby": questionId },
    });
    const asking = el("div", { className: "confirm", attrs: { role: "group", "aria-labelledby": questionId } }, [
      question,
      el("div", { className: "button-row" }, [confirm, keep]),
    ]);
    const stop = () => {
      asking.remove();
      buttons.hidden = false;
      buttons.querySelector<HTMLButtonElement>('[data-action="delete"]')?.focus();
    };
    confirm.addEventListener("click", () => void whileBusy(confirm, () => this.actions.remove(query)));
    keep.addEventListener("click", stop);
    asking.addEventListener("keydown", (event) => {
      if (event.key === "Escape") stop();
    });
    buttons.after(asking);
    buttons.hidden = true;
    keep.focus();
  }

  /** The name as a field in place of the heading, with Save name and Cancel in place of the buttons. */
  private startRename(heading: HTMLElement, buttons: HTMLElement, query: SavedQuery): void {
    const inputId = `saved-query-name-${query.id}`;
    const input = el("input", { attrs: { id: inputId, type: "text", autocomplete: "off" } });
    input.value = query.name;
    const field = el("div", { className: "field" }, [
      el("label", { text: `New name for ${query.name}`, attrs: { for: inputId } }),
      input,
    ]);
    const messages = new FieldMessages();
    const save = el("button", {
      className: "primary",
      text: "Save name",
      attrs: { type: "button", "data-action": "save-name" },
    });
    const cancel = el("button", {
      className: "subtle",
      text: "Cancel",
      attrs: { type: "button", "data-action": "cancel-rename" },
    });
    const editor = el("div", { className: "rename" }, [field, el("div", { className: "button-row" }, [save, cancel])]);
    const stop = () => {
      editor.replaceWith(heading);
      buttons.hidden = false;
      buttons.querySelector<HTMLButtonElement>('[data-action="rename"]')?.focus();
    };
    const submit = () =>
      whileBusy(save, async () => {
        const problem = await this.actions.rename(query, input.value);
        messages.show(problem ? [{ focus: input, marked: input, problem }] : []);
        if (problem) input.focus();
      });
    save.addEventListener("click", () => void submit());
    cancel.addEventListener("click", stop);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        void submit();
      } else if (event.key === "Escape") {
        stop();
      }
    });
    input.addEventListener("input", () => messages.show([]));
    heading.replaceWith(editor);
    buttons.hidden = true;
    input.focus();
    input.select();
  }
}
