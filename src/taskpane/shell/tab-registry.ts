/** A tab whose code is fetched and set up when it is first selected (see on-demand-tab.ts). */
export interface OnDemandTab<View> {
  /** The id of the tab's panel, which shows the tab loading and any failure to load. */
  panelId: string;
  /** The tab's name as the user reads it ("Loading the Query tab…"). */
  name: string;
  /** Fetches the tab's code and sets it up, once (a lazyPart): later calls give the same view. */
  setUp: () => Promise<View>;
  /** What every selection does once the tab is set up, such as listing the workbook afresh. */
  whenSelected?: (view: View) => unknown;
}

/** Tab id (the tab button's id) → the tab, for every tab that is not set up at start. */
export type TabTable<Views> = { readonly [Id in keyof Views]: OnDemandTab<Views[Id]> };

/** What opens each tab: its view once set up, or undefined when its code could not be loaded. */
export type TabOpeners<Views> = { readonly [Id in keyof Views]: () => Promise<Views[Id] | undefined> };

/** Makes what opens one tab from its entry (onDemandTab in the page; a fake in tests). */
export type MakeOpener = <View>(tabId: string, tab: OnDemandTab<View>) => () => Promise<View | undefined>;

export interface TabRegistry<Views> {
  open: TabOpeners<Views>;
  /** What selecting `tabId` does: opens the tab (fetching it the first time), then its `whenSelected`. */
  selected(tabId: string): void;
}

/**
 * The pane's tabs loaded on demand, as one table rather than a chain of ifs in the shell: a tab
 * added to the table is opened when selected without the shell naming it. A tab not in the table
 * (the Connect tab, set up at start) is left as it is.
 */
export function tabRegistry<Views>(table: TabTable<Views>, makeOpener: MakeOpener): TabRegistry<Views> {
  const entries = new Map<string, { tab: OnDemandTab<unknown>; open: () => Promise<unknown> }>();
  const open = {} as Record<string, () => Promise<unknown>>;
  for (const tabId of Object.keys(table)) {
    const tab = table[tabId as keyof Views] as OnDemandTab<unknown>;
    const opener = makeOpener(tabId, tab);
    entries.set(tabId, { tab, open: opener });
    open[tabId] = opener;
  }
  return {
    open: open as TabOpeners<Views>,
    selected(tabId) {
      const entry = entries.get(tabId);
      if (!entry) return;
      void entry.open().then((view) => {
        if (view !== undefined) entry.tab.whenSelected?.(view);
      });
    },
  };
}
