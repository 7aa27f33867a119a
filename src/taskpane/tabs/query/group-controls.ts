import { GROUPS, type GroupName } from "../../../api";
import { READABLE_GROUP_HEADERS } from "../../../core/rows/headers";
import { optionElement } from "../../widgets/dom";
import { OrderedList } from "../../widgets/ordered-list";

export interface GroupElements {
  /** The groups chosen, in order. */
  list: HTMLOListElement;
  /** The groups not chosen yet. */
  add: HTMLSelectElement;
  addButton: HTMLButtonElement;
  /** The date's own options (by day, week, month; recent periods), shown while Date is a group. */
  dateOptions: readonly HTMLElement[];
}

/** Group by: the ordered list of groups, and the select with Add offering the others. */
export class GroupControls {
  private readonly list: OrderedList;

  constructor(private readonly elements: GroupElements) {
    this.list = new OrderedList(elements.list, { focusWhenEmpty: elements.add });
    this.list.onChange(() => this.showChoices());
    elements.addButton.addEventListener("click", () => {
      const value = elements.add.value as GroupName;
      if (!value) return;
      this.list.add({ value, label: READABLE_GROUP_HEADERS[value] });
      elements.add.focus();
    });
  }

  onChange(listener: () => void): void {
    this.list.onChange(listener);
  }

  values(): GroupName[] {
    return this.list.values() as GroupName[];
  }

  set(groups: readonly GroupName[]): void {
    this.list.set(groups.map((group) => ({ value: group, label: READABLE_GROUP_HEADERS[group] })));
  }

  /** Offers the groups not chosen, and the date's options only while Date is chosen. */
  showChoices(): void {
    const chosen = new Set(this.list.values());
    this.elements.add.replaceChildren(...GROUPS.filter((group) => !chosen.has(group)).map((group) => optionElement(group, READABLE_GROUP_HEADERS[group])));
    for (const options of this.elements.dateOptions) options.hidden = !chosen.has("date");
  }
}
