import { localToday } from "../core/periods";
import { detectHost } from "../office/host";
import { pageRuntime } from "../office/page-runtime";
import { secretsPersist } from "../office/storage";
import { setUpConnectTab } from "./connect-tab";
import type { PaneContext } from "./context";
import { byId } from "./dom";
import { setUpLegacyTab } from "./legacy-tab";
import { refreshIfOpenedToRefresh, setUpQueriesTab } from "./queries-tab";
import { setUpQueryTab } from "./query-tab";
import { keepScrollRegionsReachable } from "./scroll-regions";
import { StatusBar, plainMessage } from "./status";
import { setUpTabs } from "./tabs";

/** Service addresses baked in by the build (the emulator's in development, empty otherwise). */
const DEFAULTS = {
  baseUrl: process.env.REPORTING_BASE_URL ?? "",
  legacyBaseUrl: process.env.REPORTING_LEGACY_BASE_URL ?? "",
};

async function start(): Promise<void> {
  const status = new StatusBar();
  status.busy("Starting…");
  // A cold start of Excel can take many seconds (detectHost waits up to a minute): say what the pane waits for.
  const slowStart = setTimeout(() => status.busy("Waiting for Excel to finish starting the add-in…"), 3_000);
  const host = await detectHost().finally(() => clearTimeout(slowStart));
  byId("host-notice").hidden = host === "excel";
  const runtime = pageRuntime();
  await runtime.ready;
  const context: PaneContext = {
    host,
    runtime,
    status,
    secretsPersist: await secretsPersist(),
    defaults: DEFAULTS,
    today: localToday(),
    current: () => runtime.profiles(),
  };

  setUpConnectTab(context);
  const tableEditing = setUpQueryTab(context);
  setUpLegacyTab(context);
  keepScrollRegionsReachable(document.querySelector("main") ?? document.body);
  const selectTab = setUpTabs(byId("tabs-list"), (tabId) => {
    if (tabId === "tab-queries") void queries.reload();
  });
  const queries = setUpQueriesTab(context, tableEditing, () => selectTab("tab-query"));
  document.body.dataset.ready = "true";
  const active = runtime.profiles().active;
  status.show(active ? `Signed in with the profile ${active.name}.` : "Welcome. Create a profile on the Connect tab to start.");
  // Once per page: Excel loads it with the workbook when the workbook asks to refresh on opening.
  await refreshIfOpenedToRefresh(context, queries);
}
start().catch((error: unknown) => {
  const region = document.getElementById("status");
  if (region) {
    region.className = "status error";
    region.textContent = `The task pane could not start. ${plainMessage(error)}`;
  }
});
