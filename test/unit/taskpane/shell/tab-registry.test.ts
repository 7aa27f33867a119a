import { tabRegistry, type MakeOpener } from "../../../../src/taskpane/shell/tab-registry";

/** Opens a tab by calling its setUp, as onDemandTab does, and records which tab was opened; a failed set-up opens nothing. */
function recordingOpener(opened: string[]): MakeOpener {
  return (tabId, tab) => async () => {
    opened.push(tabId);
    return tab.setUp().catch(() => undefined);
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("tabRegistry", () => {
  it("opens the selected tab, then runs what its every selection does", async () => {
    const opened: string[] = [];
    const reloads: string[] = [];
    const tabs = tabRegistry(
      {
        "tab-query": { panelId: "panel-query", name: "Query", setUp: async () => ({ kind: "query" }) },
        "tab-queries": {
          panelId: "panel-queries",
          name: "Queries",
          setUp: async () => ({ kind: "queries" }),
          whenSelected: (view) => reloads.push(view.kind),
        },
      },
      recordingOpener(opened),
    );

    tabs.selected("tab-queries");
    tabs.selected("tab-query");
    tabs.selected("tab-queries");
    await settle();

    expect(opened).toEqual(["tab-queries", "tab-query", "tab-queries"]);
    expect(reloads).toEqual(["queries", "queries"]);
  });

  it("leaves a tab that is not in the table (set up at start) alone, even one named like an object's own key", async () => {
    const opened: string[] = [];
    const tabs = tabRegistry(
      { "tab-legacy": { panelId: "panel-legacy", name: "Legacy", setUp: async () => "legacy" } },
      recordingOpener(opened),
    );

    tabs.selected("tab-connect");
    tabs.selected("toString");
    await settle();

    expect(opened).toEqual([]);
  });

  it("runs nothing more when the tab's code could not be loaded", async () => {
    const reloads: unknown[] = [];
    const tabs = tabRegistry(
      {
        "tab-queries": {
          panelId: "panel-queries",
          name: "Queries",
          setUp: () => Promise.reject(new Error("offline")),
          whenSelected: (view) => reloads.push(view),
        },
      },
      recordingOpener([]),
    );

    tabs.selected("tab-queries");
    await settle();

    expect(reloads).toEqual([]);
  });

  it("gives the shell what opens each tab, for a tab another one opens (the Queries tab editing a table in the Query tab)", async () => {
    const opened: string[] = [];
    const tabs = tabRegistry(
      { "tab-query": { panelId: "panel-query", name: "Query", setUp: async () => 42 } },
      recordingOpener(opened),
    );

    await expect(tabs.open["tab-query"]()).resolves.toBe(42);
    expect(opened).toEqual(["tab-query"]);
  });
});
