import { rovingTarget } from "../widgets/roving-focus";

/**
 * The WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs (and show their panel),
 * and only the selected tab is in the Tab order.
 */
export function setUpTabs(tablist: HTMLElement, onSelect?: (tabId: string) => void): (tabId: string) => void {
  const tabs = Array.from(tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const panelOf = (tab: HTMLButtonElement) => document.getElementById(tab.getAttribute("aria-controls") ?? "");

  function select(tab: HTMLButtonElement, focus: boolean): void {
    const switched = tab.getAttribute("aria-selected") !== "true";
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute("aria-selected", String(selected));
      other.tabIndex = selected ? 0 : -1;
      const panel = panelOf(other);
      if (panel) panel.hidden = !selected;
    }
    // The panels share one scrolling area: a tab opened anew starts at its top, not where another tab was left.
    if (switched) panelOf(tab)?.parentElement?.scrollTo({ top: 0 });
    if (focus) tab.focus();
    onSelect?.(tab.id);
  }

  tablist.addEventListener("click", (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLButtonElement>('[role="tab"]');
    if (tab) select(tab, false);
  });

  tablist.addEventListener("keydown", (event) => {
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current === -1) return;
    const next = rovingTarget(event.key, current, tabs.length, { orientation: "horizontal", wrap: true });
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab) select(tab, true);
  });

  return (tabId) => {
    const tab = tabs.find((candidate) => candidate.id === tabId);
    if (tab) select(tab, false);
  };
}
