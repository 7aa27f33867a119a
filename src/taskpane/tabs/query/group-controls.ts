import { GROUPS, type GroupName } from "../../../api";
import { READABLE_GROUP_HEADERS } from "../../../core/rows/headers";
import { AddList, notChosen, type AddListElements } from "../../widgets/add-list";

export interface GroupElements extends AddListElements {
  /** The date's own options (by day, week, month; recent periods), shown while Date is a group. */
  dateOptions: readonly HTMLElement[];
}

/** Group by: the ordered list of groups, and the select with Add offering the others. */
export function groupControls(elements: GroupElements): AddList<GroupName> {
  return new AddList(elements, {
    label: (group) => READABLE_GROUP_HEADERS[group],
    choices: (chosen) => notChosen(GROUPS, chosen),
    refreshed: (chosen) => {
      for (const options of elements.dateOptions) options.hidden = !chosen.includes("date");
    },
  });
}
