import type { LegacyFunctionGroup } from "../../core/legacy/group-by";
import { LEGACY_READABLE_GROUPS } from "../../core/legacy/legacy-rows";
import { optionElement } from "../dom";
import { OrderedList } from "../ordered-list";
import { groupChoices } from "./legacy-text";

export interface GroupFieldElements {
  list: HTMLOListElement;
  add: HTMLSelectElement;
  addButton: HTMLElement;
}

/** The groupings of the Legacy tab: an ordered list, and an Add list of those still possible. */
export class GroupField {
  private readonly list: OrderedList;

  constructor(private readonly elements: GroupFieldElements) {
    const { list, add, addButton } = elements;
    this.list = new OrderedList(list, { focusWhenEmpty: add });
    this.list.set([{ value: "day", label: LEGACY_READABLE_GROUPS.day }]);
    this.list.onChange(() => this.showChoices());
    addButton.addEventListener("click", () => {
      const value = add.value as LegacyFunctionGroup;
      if (value) this.list.add({ value, label: LEGACY_READABLE_GROUPS[value] });
      add.focus();
    });
    this.showChoices();
  }

  values(): LegacyFunctionGroup[] {
    return this.list.values() as LegacyFunctionGroup[];
  }

  onChange(listener: () => void): void {
    this.list.onChange(listener);
  }

  private showChoices(): void {
    this.elements.add.replaceChildren(...groupChoices(this.list.values()).map((group) => optionElement(group, LEGACY_READABLE_GROUPS[group])));
  }
}
