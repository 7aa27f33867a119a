import type { LegacyFunctionGroup } from "../../../core/legacy/group-by";
import { LEGACY_READABLE_GROUPS } from "../../../core/legacy/legacy-rows";
import { AddList, type AddListElements } from "../../widgets/add-list";
import { groupChoices, timeGroupOf, withTimeGroup, type LegacyTimeGroup } from "./legacy-text";

export interface GroupFieldElements extends AddListElements {
  /** "Dates by" (Day, Month): the time grouping's switch, shown while there is one. */
  dateGroup: HTMLSelectElement;
  dateOptions: HTMLElement;
}

export type GroupField = AddList<LegacyFunctionGroup>;

/**
 * The groupings of the Legacy tab: an ordered list, an Add list of those still possible, and
 * "Dates by" to group the dates by day or by month (the service nests by one of them), in place.
 */
export function legacyGroupField(elements: GroupFieldElements): GroupField {
  const { dateGroup, dateOptions } = elements;
  const field = new AddList<LegacyFunctionGroup>(elements, {
    label: (group) => LEGACY_READABLE_GROUPS[group],
    choices: groupChoices,
    // Date comes back as the dates were last grouped.
    added: (group) => (group === "day" ? (dateGroup.value as LegacyTimeGroup) : group),
    refreshed: (chosen) => {
      const time = timeGroupOf(chosen);
      dateOptions.hidden = time === undefined;
      if (time) dateGroup.value = time;
    },
  });
  field.set(["day"]);
  dateGroup.addEventListener("change", () =>
    field.set(withTimeGroup(field.values(), dateGroup.value as LegacyTimeGroup)),
  );
  return field;
}
