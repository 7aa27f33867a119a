import type { LegacyFunctionGroup } from "../../../core/legacy/group-by";
import { LEGACY_READABLE_GROUPS } from "../../../core/legacy/legacy-rows";
import { optionElement } from "../../widgets/dom";
import { OrderedList } from "../../widgets/ordered-list";
import { groupChoices, timeGroupOf, withTimeGroup, type LegacyTimeGroup } from "./legacy-text";

export interface GroupFieldElements {
  list: HTMLOListElement;
  add: HTMLSelectElement;
  addButton: HTMLElement;
  /** "Dates by" (Day, Month): the time grouping's switch, shown while there is one. */
  dateGroup: HTMLSelectElement;
  dateOptions: HTMLElement;
}

const entry = (group: LegacyFunctionGroup) => ({ value: group, label: LEGACY_READABLE_GROUPS[group] });

/**
 * The groupings of the Legacy tab: an ordered list, an Add list of those still possible, and
 * "Dates by" to group the dates by day or by month (the service nests by one of them), in place.
 */
export class GroupField {
  private readonly list: OrderedList;

  constructor(private readonly elements: GroupFieldElements) {
    const { list, add, addButton, dateGroup } = elements;
    this.list = new OrderedList(list, { focusWhenEmpty: add });
    this.list.set([entry("day")]);
    this.list.onChange(() => this.showChoices());
    addButton.addEventListener("click", () => {
      const value = add.value as LegacyFunctionGroup;
      // Date comes back as the dates were last grouped.
      if (value) this.list.add(entry(value === "day" ? (dateGroup.value as LegacyTimeGroup) : value));
      add.focus();
    });
    dateGroup.addEventListener("change", () => this.list.set(withTimeGroup(this.values(), dateGroup.value as LegacyTimeGroup).map(entry)));
    this.showChoices();
  }

  values(): LegacyFunctionGroup[] {
    return this.list.values() as LegacyFunctionGroup[];
  }

  onChange(listener: () => void): void {
    this.list.onChange(listener);
  }

  private showChoices(): void {
    const { add, dateGroup, dateOptions } = this.elements;
    add.replaceChildren(...groupChoices(this.values()).map((group) => optionElement(group, LEGACY_READABLE_GROUPS[group])));
    const time = timeGroupOf(this.values());
    dateOptions.hidden = time === undefined;
    if (time) dateGroup.value = time;
  }
}
