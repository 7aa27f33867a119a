import { optionElement } from "../../widgets/dom";
import { OrderedList } from "../../widgets/ordered-list";
import { readableColumnName } from "../../../core/rows/headers";
import { pendingSortText, sortFieldOf, sortItemOf, sortOf } from "./sort-text";

export interface SortElements {
  /** The sorts applied, in order. */
  list: HTMLOListElement;
  field: HTMLSelectElement;
  direction: HTMLSelectElement;
  add: HTMLButtonElement;
  /** Says what the selects would add, so that it is never mistaken for a sort applied. */
  pending: HTMLElement;
}

const PLACEHOLDER = "Choose a column…";

/** Sort by: the list of sorts, and the column and direction selects with Add. */
export class SortControls {
  private readonly list: OrderedList;
  private orderable: readonly string[] = [];

  constructor(private readonly elements: SortElements) {
    this.list = new OrderedList(elements.list, { focusWhenEmpty: elements.field });
    const { field, direction, add } = elements;
    add.addEventListener("click", () => {
      if (!field.value) return;
      const chosen = field.value;
      this.list.retain((item) => sortFieldOf(item.value) !== chosen);
      this.list.add(sortItemOf(sortOf(chosen, direction.value)));
      // Back to the placeholder, so that what the selects show is never mistaken for a sort not yet added.
      field.value = "";
      this.showPending();
      field.focus();
    });
    for (const select of [field, direction]) select.addEventListener("change", () => this.showPending());
  }

  onChange(listener: () => void): void {
    this.list.onChange(listener);
  }

  values(): string[] {
    return this.list.values();
  }

  set(orders: readonly string[]): void {
    this.list.set(orders.map(sortItemOf));
  }

  /** The columns a sort may be on (the groups, then every metric): sorts on others are dropped. */
  setOrderable(columns: readonly string[]): void {
    this.orderable = columns;
    const { field } = this.elements;
    const pending = field.value;
    field.replaceChildren(
      optionElement("", PLACEHOLDER),
      ...columns.map((column) => optionElement(column, readableColumnName(column))),
    );
    field.value = columns.includes(pending) ? pending : "";
    this.showPending();
  }

  /** Drops the sorts on columns no longer offered. */
  retainOrderable(): void {
    const offered = new Set(this.orderable);
    this.list.retain((item) => offered.has(sortFieldOf(item.value)));
  }

  /** Add waits for a column; a column chosen but not added says it is not applied yet. */
  private showPending(): void {
    const { field, direction, add, pending } = this.elements;
    add.disabled = field.value === "";
    pending.textContent = pendingSortText(field.value, direction.value);
  }
}
