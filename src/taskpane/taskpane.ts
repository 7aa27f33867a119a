import type { ProfileState } from "../core/profiles";
import { detectHost } from "../office/host";
import { secretsPersist, sharedProfileStore } from "../office/storage";
import { setUpConnectTab } from "./connect-tab";
import { localToday } from "../core/periods";
import type { PaneContext } from "./context";
import { byId } from "./dom";
import { setUpLegacyTab } from "./legacy-tab";
import { createPaneRuntime } from "./pane-functions";
import { setUpQueryTab } from "./query-tab";
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
  const host = await detectHost();
  byId("host-notice").hidden = host === "excel";
  const store = sharedProfileStore();
  let state: ProfileState = await store.state();
  const listeners = new Set<(next: ProfileState) => void>();
  store.onChange((next) => {
    state = next;
    for (const listener of listeners) listener(next);
  });
  const context: PaneContext = {
    host,
    store,
    status,
    secretsPersist: await secretsPersist(),
    defaults: DEFAULTS,
    today: localToday(),
    current: () => state,
    onProfiles: (listener) => listeners.add(listener),
  };
  const runtime = createPaneRuntime(store, context.today, host);
  // Formulas follow a switch of profile or a sign-out at once: their cells recalculate.
  // The fingerprint stays in this closure's memory, like the store's own copy of the profile.
  const fingerprint = (next: ProfileState) =>
    next.active ? JSON.stringify([next.active.name, next.active.baseUrl, next.active.legacyBaseUrl, next.active.token, next.active.apiKey, next.active.apiSecret]) : "";
  let lastActive = fingerprint(state);
  store.onChange((next) => {
    const current = fingerprint(next);
    if (current === lastActive) return;
    lastActive = current;
    if (host === "excel") void runtime().refreshAll().catch(() => undefined);
  });

  setUpConnectTab(context);
  setUpQueryTab(context, runtime);
  setUpLegacyTab(context, runtime);
  setUpTabs(byId("tabs-list"));
  document.body.dataset.ready = "true";
  status.show(
    state.active
      ? `Signed in with the profile ${state.active.name}.`
      : "Welcome. Create a profile on the Connect tab to start.",
  );
}

start().catch((error: unknown) => {
  const region = document.getElementById("status");
  if (region) {
    region.className = "status error";
    region.textContent = `The task pane could not start. ${plainMessage(error)}`;
  }
});
