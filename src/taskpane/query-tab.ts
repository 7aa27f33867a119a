import { statsFormula } from "../core/formula-text";
import { statsPreviewFacts } from "../core/preview";
import type { ProfileState } from "../core/profiles/profile-store";
import type { SpillTable } from "../core/rows/spill-table";
import type { PaneContext } from "./context";
import { byId } from "./dom";
// Loaded on first use: the first view does not wait for them.
import { setUpFormulaEditing, setUpFreeze, setUpTableEditing, type TableEditing } from "./query/on-demand-actions";
import { TableOptions } from "./table-options";
import { QueryForm, type FormState } from "./query-form";
import { setUpActionBar } from "./query/action-runner";
import { currentQueryOf } from "./query/current-query";
import { ExportActions } from "./query/export-actions";
import { FieldMessages } from "./query/field-messages";
import { setUpInsertActions } from "./query/insert-actions";
import { PeriodNote } from "./query/period-note";
import { PickerLists } from "./query/picker-lists";
import { PreviewCache } from "./query/preview-cache";
import { PreviewPanel } from "./query/preview-panel";
import { referenceIdentity, usableProfile } from "./query/reference-identity";
import { setUpRefreshAll } from "./query/refresh-all";
import { savedQueryLoading, setUpSaveQuery, type SavedQueryLoading } from "./query/save-query";
import { loadPreviewReference } from "./preview-labels";
import { plainMessage } from "./status";
import { BUILD_NAMESPACE } from "./build-namespace";

/** What the Queries view needs of the Query tab: loading a table's query for editing, or a saved query. */
export type QueryTabView = TableEditing & SavedQueryLoading;

/**
 * The Query tab: builds a query, previews it, puts it in the workbook, exports it, saves it.
 */
export function setUpQueryTab(context: PaneContext): QueryTabView {
  const { runtime } = context;
  const actionBar = byId("query-actions");
  const form = new QueryForm(
    () => context.today(),
    () => context.current().active?.name,
  );
  const formElement = byId<HTMLFormElement>("query-form");
  const signedOut = byId("query-signed-out");
  const formula = byId<HTMLTextAreaElement>("query-formula");
  const formulaNote = byId("query-formula-note");
  const previewPanel = new PreviewPanel({
    section: byId("query-preview-section"),
    summary: byId("query-preview-summary"),
    stale: byId("query-preview-stale"),
    table: byId("query-preview-table"),
  });
  const fieldMessages = new FieldMessages();
  const periodNote = new PeriodNote(byId("query-data-through"), byId("query-past-data"));
  const buttons = {
    preview: byId<HTMLButtonElement>("query-preview"),
    insertFormula: byId<HTMLButtonElement>("query-insert-formula"),
    insertTable: byId<HTMLButtonElement>("query-insert-table"),
    exportCsv: byId<HTMLButtonElement>("query-export-csv"),
    exportXlsx: byId<HTMLButtonElement>("query-export-xlsx"),
    openSheet: byId<HTMLButtonElement>("query-open-sheet"),
    refreshAll: byId<HTMLButtonElement>("query-refresh-all"),
    editFormula: byId<HTMLButtonElement>("query-edit-formula"),
    freeze: byId<HTMLButtonElement>("query-freeze"),
  };
  const { status, acting, runner } = setUpActionBar(context, "query", buttons);
  const previews = new PreviewCache();
  const pickerLists = new PickerLists(form, periodNote, runtime, context.status);
  let referencesLoadedFor: string | undefined;

  // Outside Excel these can never work: they are not shown, and the host notice says why.
  if (context.host !== "excel") {
    for (const hidden of [buttons.insertFormula, buttons.insertTable, buttons.openSheet, buttons.editFormula, buttons.freeze]) hidden.hidden = true;
    for (const id of ["query-insert-group", "query-freeze-hint", "query-table-options", "query-save-group"]) byId(id).hidden = true;
  }

  /** The formula of the form; while a field is wrong, the last valid one stays, greyed, with a word to fix the field. */
  let lastValidFormula = "";
  function showFormula({ result, problems, period }: FormState): void {
    const valid = "model" in result;
    if (valid) lastValidFormula = statsFormula(result.model, BUILD_NAMESPACE);
    formula.value = lastValidFormula;
    formula.classList.toggle("outdated", !valid);
    formulaNote.hidden = valid;
    fieldMessages.show(problems);
    previewPanel.follow(valid ? lastValidFormula : undefined);
    periodNote.period(period.range, period.word);
  }
  form.onChange(showFormula);
  // An error said about the query before it changed no longer applies.
  form.onChange(() => status.clearError());
  const tableOptions = new TableOptions(context.host === "excel");
  form.onChange(({ result }) => tableOptions.groupsChanged("model" in result ? result.model.groups : []));

  const currentQuery = () => currentQueryOf(form, status, () => context.today());

  async function preview(signal: AbortSignal): Promise<void> {
    const current = currentQuery();
    if (!current) return;
    status.busy("Fetching the preview…");
    let table: SpillTable;
    try {
      table = await runtime.functions.statsTable(current.query, signal);
    } catch (error) {
      // A cancelled preview leaves the one shown as it was; a failed one says why in its place.
      if (!signal.aborted) previewPanel.showError(plainMessage(error));
      throw error;
    }
    previews.remember(current.formula, table);
    // The query's profile's lists (the pickers' when it is the active one, already cached): names for codes and the last day with data. Never fails.
    const reference = await loadPreviewReference(runtime, current.query.profile);
    const facts = statsPreviewFacts(current.query, reference);
    const summary = previewPanel.show(table, current.formula, facts);
    status.success(`Preview ready: ${summary}`);
    previewPanel.reveal();
  }

  formElement.addEventListener("submit", (event) => {
    event.preventDefault();
    void runner.run(buttons.preview, preview, { cancellable: true });
  });
  setUpInsertActions(buttons, { context: acting, runner, currentQuery, previews, tableOptions });
  const exports = new ExportActions(
    {
      exportCsv: buttons.exportCsv,
      exportXlsx: buttons.exportXlsx,
      openSheet: buttons.openSheet,
      group: byId("query-export-group"),
      note: byId("query-export-note"),
      moreActions: byId<HTMLDetailsElement>("query-more-actions"),
    },
    acting,
    runner,
    currentQuery,
    () => form.pinnedProfileName(),
  );
  // The exports follow the query's profile: pinning it to another one may change where they go.
  form.onChange(() => exports.showChoices());
  if (context.host === "excel") setUpSaveQuery(context, currentQuery);
  setUpRefreshAll(buttons.refreshAll, { context: acting, runner, onRefresh: () => previews.forget() });

  setUpFormulaEditing(context, form, () => currentQuery()?.formula);
  setUpFreeze(context);
  const tableEditing = setUpTableEditing(context, form);

  function onProfiles(state: ProfileState): void {
    // The form's change listeners include exports.showChoices.
    form.profileChanged();
    const usable = usableProfile(state.active);
    signedOut.hidden = usable !== undefined;
    formElement.hidden = usable === undefined;
    actionBar.hidden = usable === undefined;
    const identity = referenceIdentity(usable);
    if (identity === referencesLoadedFor) return;
    referencesLoadedFor = identity;
    previews.forget();
    previewPanel.reset();
    periodNote.dataThrough(undefined);
    if (usable) void pickerLists.load();
    else pickerLists.clear();
  }
  runtime.onProfiles(onProfiles);
  onProfiles(context.current());
  return { ...tableEditing, ...savedQueryLoading(context, form) };
}
