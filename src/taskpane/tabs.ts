/**
 * The WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs, and only the
 * selected tab is in the Tab order.
 */
export function setUpTabs(tablist: HTMLElement, onSelect?: (tabId: string) => void): (tabId: string) => void {
  const tabs = Array.from(tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]'));

  function select(tab: HTMLButtonElement, focus: boolean): void {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute("aria-selected", String(selected));
      other.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(other.getAttribute("aria-controls") ?? "");
      if (panel) panel.hidden = !selected;
    }
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
    const moves: Record<string, number> = {
      ArrowRight: (current + 1) % tabs.length,
      ArrowLeft: (current - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
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
