/**
 * What a filter picker says about its choice, on its summary and to a screen reader. An empty
 * choice means no filter: every value counts, which the summary says with the list's size.
 */
export function pickerCountText(chosen: number, offered: number): string {
  return chosen === 0 ? `all (${offered})` : `${chosen} selected`;
}

/** Announced when the user changes the choice: the picker's name keeps the message in context. */
export function pickerSelectionAnnouncement(title: string, chosen: number, offered: number): string {
  if (chosen === 0) return `${title}: none selected, all ${offered} included.`;
  return `${title}: ${chosen} of ${offered} selected.`;
}

/** Announced as the search narrows the list, so that a screen reader user knows what to expect below. */
export function pickerSearchAnnouncement(matching: number, shown: number): string {
  if (matching === 0) return "No value matches your search.";
  if (matching > shown) return `Showing ${shown} of ${matching}: type to narrow the list.`;
  return matching === 1 ? "1 value matches." : `${matching} values match.`;
}
