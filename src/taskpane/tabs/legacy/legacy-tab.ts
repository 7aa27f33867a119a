import type { ProfileState } from "../../../core/profiles/profile-store";
import type { PaneContext } from "../../shell/context";
import { byId, whileBusy } from "../../widgets/dom";
import { ApplicationsList } from "./applications-list";
import { GroupField } from "./group-field";
import { LegacyActions } from "./legacy-actions";
import { LegacyPreview } from "./legacy-preview";
import { LegacyQueryForm } from "./legacy-query";
import { legacyIdentity, usableLegacyProfile } from "./legacy-text";
import { PeriodField } from "../../widgets/period-field";
import { setUpActionBar } from "../query/action-runner";

/** The Legacy tab: applications with their ad units, and the legacy statistics. */
export function setUpLegacyTab(context: PaneContext): void {
  const { runtime } = context;
  const content = byId("legacy-content");
  const signedOut = byId("legacy-signed-out");
  const applications = new ApplicationsList(byId("legacy-applications"));
  const loadButton = byId<HTMLButtonElement>("legacy-load-applications");
  const formElement = byId<HTMLFormElement>("legacy-form");
  const buttons = {
    preview: byId<HTMLButtonElement>("legacy-preview"),
    insertFormula: byId<HTMLButtonElement>("legacy-insert-formula"),
    insertTable: byId<HTMLButtonElement>("legacy-insert-table"),
    exportCsv: byId<HTMLButtonElement>("legacy-export-csv"),
    exportXlsx: byId<HTMLButtonElement>("legacy-export-xlsx"),
  };
  // The Query tab's runner: one action at a time, the wait counted, Cancel where it is safe.
  const { acting, runner } = setUpActionBar(context, "legacy", buttons);
  const period = new PeriodField(
    {
      choice: byId<HTMLSelectElement>("legacy-period"),
      customRange: byId("legacy-custom-range"),
      from: byId<HTMLInputElement>("legacy-from"),
      to: byId<HTMLInputElement>("legacy-to"),
      dates: byId("legacy-period-dates"),
    },
    () => context.today(),
  );
  const groups = new GroupField({
    list: byId<HTMLOListElement>("legacy-groups"),
    add: byId<HTMLSelectElement>("legacy-group-add"),
    addButton: byId("legacy-group-add-button"),
    dateGroup: byId<HTMLSelectElement>("legacy-date-group"),
    dateOptions: byId("legacy-date-options"),
  });
  const form = new LegacyQueryForm(acting, period, groups, {
    formula: byId<HTMLTextAreaElement>("legacy-formula"),
    headers: byId<HTMLSelectElement>("legacy-headers"),
    headersNote: byId("legacy-headers-note"),
  });
  const preview = new LegacyPreview(acting, {
    section: byId("legacy-preview-section"),
    summary: byId("legacy-preview-summary"),
    table: byId("legacy-preview-table"),
  });
  new LegacyActions(acting, form, runner, {
    insertFormula: buttons.insertFormula,
    insertTable: buttons.insertTable,
    exportCsv: buttons.exportCsv,
    exportXlsx: buttons.exportXlsx,
    exports: byId("legacy-exports"),
    exportNote: byId("legacy-export-note"),
  });
  // Outside Excel these can never work: they are not shown, as on the Query tab, and the host notice says why.
  if (context.host !== "excel") {
    for (const id of ["legacy-insert-group", "legacy-insert-table-hint"]) byId(id).hidden = true;
  }
  let loadedFor: string | undefined;

  /**
   * `announce` is false for the load a profile switch starts by itself: the status bar then keeps
   * the answer to what the user did (e.g. "Now using profile ...") and hears from it only on failure.
   */
  async function loadApplications(announce = true): Promise<void> {
    if (!runtime.clients().legacy) {
      context.status.show("Sign in on the Connect tab with a profile that has an API key and secret.", "error");
      return;
    }
    if (announce) context.status.busy("Loading the applications…");
    try {
      // A press of the button asks the service again; the load after a profile switch may reuse
      // the answer an APPLICATIONS formula already has.
      const answer = await runtime.applications({ fresh: announce });
      applications.show(answer.applications);
      if (announce) context.status.success(`${answer.applications.length} applications loaded.`);
    } catch (error) {
      applications.showError(error);
      context.status.error(error);
    }
  }

  function onProfiles(state: ProfileState): void {
    const usable = usableLegacyProfile(state.active);
    signedOut.hidden = usable !== undefined;
    content.hidden = usable === undefined;
    const identity = legacyIdentity(usable);
    if (identity === loadedFor) return;
    loadedFor = identity;
    applications.clear();
    if (usable) void loadApplications(false);
  }

  groups.onChange(() => form.showFormula());
  formElement.addEventListener("input", () => form.showFormula());
  formElement.addEventListener("change", () => form.showFormula());
  formElement.addEventListener("submit", (event) => {
    event.preventDefault();
    void runner.run(
      buttons.preview,
      async (signal) => {
        const query = form.current();
        if (query) await preview.show(query, () => form.rowsOf(query.model, signal), signal);
      },
      { cancellable: true },
    );
  });
  loadButton.addEventListener("click", () => void whileBusy(loadButton, () => loadApplications()));

  form.showFormula();
  runtime.onProfiles(onProfiles);
  onProfiles(context.current());
}
