/** Where a filter picker's list stands: on its way, shown, or failed (with Retry). */
export type PickerListState = "loading" | "loaded" | "unavailable";

/**
 * What a filter picker says about its choice, on its summary and to a screen reader. An empty
 * choice means no filter: every value counts, which the summary says with the list's size. Until
 * the list has come, the size is unknown: "all (0)" would read as a list with nothing in it.
 */
export function pickerCountText(chosen: number, offered: number, state: PickerListState = "loaded"): string {
  if (state === "loading") return "loading…";
  if (state === "unavailable") return "unavailable";
  return chosen === 0 ? `all (${offered})` : `${chosen} selected`;
}

/** Said in the picker, in place of its options, while its list is on its way. */
export function pickerLoadingText(title: string): string {
  return `Loading the list of ${title.toLowerCase()}…`;
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

function listNames(titles: readonly string[]): string {
  const names = titles.map((title) => title.toLowerCase());
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The status bar's word when lists of the Filters failed: which ones, why, and where Retry is. */
export function filterListsFailedText(titles: readonly string[], reason: string): string {
  const which =
    titles.length === 1
      ? `The list of ${listNames(titles)} could not be loaded.`
      : `The lists of ${listNames(titles)} could not be loaded.`;
  const where =
    titles.length === 1 ? "Open it under Filters and press Retry." : "Open each under Filters and press Retry.";
  return `${which} ${reason} ${where}`;
}

/** The status bar's word once Retry brought a list. */
export function filterListLoadedText(title: string, offered: number): string {
  return `The list of ${title.toLowerCase()} is loaded: ${offered === 1 ? "1 value" : `${offered} values`}.`;
}
