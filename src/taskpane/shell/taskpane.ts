import { localToday } from "../../core/periods";
import { detectHost } from "../../office/page-environment";
import { pageRuntime } from "../../office/page-runtime";
import { secretsPersist } from "../../office/storage";
import { setUpConnectTab } from "../tabs/connect/connect-tab";
import type { PaneContext } from "./context";
import { byId } from "../widgets/dom";
import { lazyPart } from "./lazy-part";
import { onDemandTab } from "./on-demand-tab";
import { legacyTabPart, queriesTabPart, queryTabPart } from "./tab-parts";
import { StatusBar, plainMessage } from "./status";
import type { QueryTabView } from "../tabs/query/query-tab";
import { tabRegistry } from "./tab-registry";
import { setUpTabs } from "./tabs";

/** Service addresses baked in by the build (the emulator's in development, empty otherwise). */
const DEFAULTS = {
  baseUrl: process.env.REPORTING_BASE_URL ?? "",
  legacyBaseUrl: process.env.REPORTING_LEGACY_BASE_URL ?? "",
};

const refreshOnOpenPart = lazyPart(() => import(/* webpackChunkName: "refresh-on-open" */ "./refresh-on-open"));

async function start(): Promise<void> {
  const status = new StatusBar();
  status.busy("Starting…");
  // A cold start of Excel can take many seconds (detectHost waits up to a minute): say what the pane waits for.
  const slowStart = setTimeout(() => status.busy("Waiting for Excel to finish starting the add-in…"), 3_000);
  const host = await detectHost().finally(() => clearTimeout(slowStart));
  byId("host-notice").hidden = host === "excel";
  const runtime = pageRuntime();
  await runtime.ready;
  // Each tab speaks in the status bar as itself (status.ts): its messages show only on it.
  const context: PaneContext = {
    host,
    runtime,
    status,
    secretsPersist: await secretsPersist(),
    defaults: DEFAULTS,
    today: localToday(),
    current: () => runtime.profiles(),
  };

  const tabContext = (tabId: string): PaneContext => ({ ...context, status: status.forTab(tabId) });
  const connect = setUpConnectTab(tabContext("tab-connect"));
  // The Connect tab is the first view. The other tabs are fetched and set up when first selected
  // (the Query tab also right after start, see below; Queries also when the workbook refreshes on
  // opening): the first view does not wait for their code.
  const queryTab = lazyPart(async () => (await queryTabPart()).setUpQueryTab(tabContext("tab-query")));
  const tableEditing: QueryTabView = {
    async edit(record) {
      await (await tabs.open["tab-query"]())?.edit(record);
    },
    async loadSaved(query) {
      await (await tabs.open["tab-query"]())?.loadSaved(query);
    },
  };
  const queries = lazyPart(async () =>
    (await queriesTabPart()).setUpQueriesTab(tabContext("tab-queries"), tableEditing, () => selectTab("tab-query")),
  );
  const tabs = tabRegistry(
    {
      "tab-query": { panelId: "panel-query", name: "Query", setUp: queryTab },
      "tab-queries": {
        panelId: "panel-queries",
        name: "Queries",
        setUp: queries,
        whenSelected: (view) => view.reload(),
      },
      "tab-legacy": {
        panelId: "panel-legacy",
        name: "Legacy",
        setUp: lazyPart(async () => (await legacyTabPart()).setUpLegacyTab(tabContext("tab-legacy"))),
      },
    },
    (tabId, tab) => onDemandTab(byId(tab.panelId), tab.name, status.forTab(tabId), tab.setUp),
  );
  const selectTab = setUpTabs(byId("tabs-list"), (tabId) => {
    status.selectTab(tabId);
    if (tabId !== "tab-connect") connect.leave();
    tabs.selected(tabId);
  });
  document.body.dataset.ready = "true";
  const active = runtime.profiles().active;
  status.show(
    active ? `Signed in with the profile ${active.name}.` : "Welcome. Create a profile on the Connect tab to start.",
  );
  // The Query tab is where a signed-in user goes next: set up now, behind the first view, so that
  // its filter lists load (into the cache the functions share) as they did when it came with the
  // page. A failed load is said when the tab is selected, which tries again.
  void queryTab().catch(() => undefined);
  // Once per page: Excel loads it with the workbook when the workbook asks to refresh on opening.
  // Its code (the workbook's options, read from custom XML) comes after the first view, in Excel only.
  if (host !== "excel") return;
  // Not loaded: said as the tabs say it (reload the pane), since whether to refresh is then unknown.
  const refreshOnOpen = await refreshOnOpenPart().catch((error: unknown) => {
    status.error(error);
    return undefined;
  });
  await refreshOnOpen?.refreshIfOpenedToRefresh(context, queries);
}
start().catch((error: unknown) => {
  const region = document.getElementById("status");
  if (region) {
    region.className = "status error";
    region.textContent = `The task pane could not start. ${plainMessage(error)}`;
  }
});
