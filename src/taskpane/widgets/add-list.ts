import { optionElement } from "./dom";
import { OrderedList } from "./ordered-list";

export interface AddListElements {
  /** The values chosen, in order. */
  list: HTMLOListElement;
  /** The values that can still be added. */
  add: HTMLSelectElement;
  addButton: HTMLButtonElement;
}

export interface AddListOptions<Value extends string> {
  /** A value's name as the user reads it. */
  label: (value: Value) => string;
  /** What the Add list offers, given the values chosen. */
  choices: (chosen: readonly Value[]) => readonly Value[];
  /** What Add puts in the list for the value picked; the value itself unless said. */
  added?: (value: Value) => Value;
  /** Disable Add while nothing is left to add (rather than showing an empty list). */
  disableWhenNone?: boolean;
  /** Runs after the offer is refreshed, for controls that follow the choice (the date's options). */
  refreshed?: (chosen: readonly Value[]) => void;
}

/** The values of `all` not in `chosen`, in the order of `all`. */
export function notChosen<Value extends string>(all: readonly Value[], chosen: readonly Value[]): Value[] {
  const picked = new Set(chosen);
  return all.filter((value) => !picked.has(value));
}

/**
 * An ordered list of chosen values with a select and Add offering the others: the Query tab's
 * metrics and groups and the Legacy tab's groupings. The offer follows every change of the list.
 */
export class AddList<Value extends string> {
  private readonly list: OrderedList;

  constructor(
    private readonly elements: AddListElements,
    private readonly options: AddListOptions<Value>,
  ) {
    this.list = new OrderedList(elements.list, { focusWhenEmpty: elements.add });
    this.list.onChange(() => this.showChoices());
    elements.addButton.addEventListener("click", () => {
      const value = elements.add.value as Value;
      if (!value) return;
      this.list.add(this.entry(options.added ? options.added(value) : value));
      // With nothing left to add, Add is disabled: the entry just added keeps the focus.
      if (elements.add.disabled)
        elements.list.querySelector<HTMLButtonElement>("li:last-child button:not(:disabled)")?.focus();
      else elements.add.focus();
    });
  }

  onChange(listener: () => void): void {
    this.list.onChange(listener);
  }

  values(): Value[] {
    return this.list.values() as Value[];
  }

  set(values: readonly Value[]): void {
    this.list.set(values.map((value) => this.entry(value)));
  }

  /** The select Add takes its value from: where a keyboard user adds the first value. */
  addControl(): HTMLSelectElement {
    return this.elements.add;
  }

  /** Offers the values that can still be added. */
  showChoices(): void {
    const { add, addButton } = this.elements;
    const chosen = this.values();
    const left = this.options.choices(chosen);
    add.replaceChildren(...left.map((value) => optionElement(value, this.options.label(value))));
    if (this.options.disableWhenNone) {
      add.disabled = left.length === 0;
      addButton.disabled = left.length === 0;
    }
    this.options.refreshed?.(chosen);
  }

  private entry(value: Value): { value: Value; label: string } {
    return { value, label: this.options.label(value) };
  }
}
