import type { ProfileState } from "../../../core/profiles/profile-store";
import type { PaneContext } from "../../shell/context";
import { whileBusy } from "../../widgets/dom";
import { ApplicationsList } from "./applications-list";
import { legacyGroupField } from "./group-field";
import { LegacyActions } from "./legacy-actions";
import { LegacyPreview } from "./legacy-preview";
import { LegacyQueryForm } from "./legacy-query";
import { legacyIdentity, usableLegacyProfile } from "./legacy-text";
import { PeriodField } from "../../widgets/period-field";
import { setUpActionBar } from "../query/action-runner";
import { legacyElements } from "./elements";

/** The Legacy tab: applications with their ad units, and the legacy statistics. */
export function setUpLegacyTab(context: PaneContext): void {
  const elements = legacyElements();
  const { runtime } = context;
  const content = elements.content;
  const signedOut = elements.signedOut;
  const applications = new ApplicationsList(elements.applications);
  const loadButton = elements.loadApplications;
  const formElement = elements.form;
  const buttons = {
    preview: elements.preview,
    insertFormula: elements.insertFormula,
    insertTable: elements.insertTable,
    exportCsv: elements.exportCsv,
    exportXlsx: elements.exportXlsx,
  };
  // The Query tab's runner: one action at a time, the wait counted, Cancel where it is safe.
  const { acting, runner } = setUpActionBar(
    context,
    { progress: elements.actionProgress, cancel: elements.cancel },
    buttons,
  );
  const period = new PeriodField(
    {
      choice: elements.period,
      customRange: elements.customRange,
      from: elements.from,
      to: elements.to,
      dates: elements.periodDates,
    },
    () => context.today(),
  );
  const groups = legacyGroupField({
    list: elements.groups,
    add: elements.groupAdd,
    addButton: elements.groupAddButton,
    dateGroup: elements.dateGroup,
    dateOptions: elements.dateOptions,
  });
  const form = new LegacyQueryForm(acting, period, groups, {
    formula: elements.formula,
    headers: elements.headers,
    headersNote: elements.headersNote,
  });
  const preview = new LegacyPreview(acting, {
    section: elements.previewSection,
    summary: elements.previewSummary,
    table: elements.previewTable,
  });
  new LegacyActions(acting, form, runner, {
    insertFormula: buttons.insertFormula,
    insertTable: buttons.insertTable,
    exportCsv: buttons.exportCsv,
    exportXlsx: buttons.exportXlsx,
    exports: elements.exports,
    exportNote: elements.exportNote,
  });
  // Outside Excel these can never work: they are not shown, as on the Query tab, and the host notice says why.
  if (context.host !== "excel") {
    for (const element of [elements.insertGroup, elements.insertTableHint]) element.hidden = true;
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
