import { statsFormula } from "../../../core/formula-text";
import { SERVICE_LIMITS } from "../../../api";
import type { PagesProgress } from "../../../client";
import { statsPreviewFacts, type PreviewFacts } from "../../../core/preview";
import type { ProfileState } from "../../../core/profiles/profile-store";
import type { StatsPreview } from "../../../core/stats-preview";
import type { PaneContext } from "../../shell/context";
// Loaded on first use: the first view does not wait for them.
import { setUpFormulaEditing, setUpFreeze, setUpTableEditing, type TableEditing } from "./on-demand-actions";
import { TableOptions } from "./table-options";
import { QueryForm, type FormState } from "./query-form";
import { setUpActionBar } from "./action-runner";
import { CountAll } from "./count-all";
import { currentQueryOf, type CurrentQuery } from "./current-query";
import { ExportActions } from "./export-actions";
import { FieldMessages } from "./field-messages";
import { setUpInsertActions } from "./insert-actions";
import { PeriodNote } from "./period-note";
import { PickerLists } from "./picker-lists";
import { PowerQueryActions } from "./power-query-actions";
import { PreviewCache } from "./preview-cache";
import { PreviewPanel } from "./preview-panel";
import { referenceIdentity, usableProfile } from "./reference-identity";
import { setUpRefreshAll } from "./refresh-all";
import { savedQueryLoading, setUpSaveQuery, type SavedQueryLoading } from "./save-query";
import { loadPreviewReference } from "../../shared/preview-labels";
import { plainMessage } from "../../shell/status";
import { BUILD_NAMESPACE } from "../../shared/build-namespace";
import { queryElements } from "./elements";

/** What the Queries view needs of the Query tab: loading a table's query for editing, or a saved query. */
export type QueryTabView = TableEditing & SavedQueryLoading;

/**
 * The Query tab: builds a query, previews it, puts it in the workbook, exports it, saves it.
 */
export function setUpQueryTab(context: PaneContext): QueryTabView {
  const elements = queryElements();
  const { runtime } = context;
  const actionBar = elements.actions;
  const form = new QueryForm(
    () => context.today(),
    () => context.current().active?.name,
  );
  const formElement = elements.form;
  const signedOut = elements.signedOut;
  const previewSection = elements.previewSection;
  const formula = elements.formula;
  const formulaNote = elements.formulaNote;
  const previewPanel = new PreviewPanel({
    section: previewSection,
    summary: elements.previewSummary,
    stale: elements.previewStale,
    table: elements.previewTable,
  });
  const fieldMessages = new FieldMessages();
  const periodNote = new PeriodNote(elements.dataThrough, elements.pastData);
  const buttons = {
    preview: elements.preview,
    insertFormula: elements.insertFormula,
    insertTable: elements.insertTable,
    exportCsv: elements.exportCsv,
    exportXlsx: elements.exportXlsx,
    openSheet: elements.openSheet,
    refreshAll: elements.refreshAll,
    editFormula: elements.editFormula,
    freeze: elements.freeze,
    countAll: elements.countAllButton,
    powerQueryBar: elements.exportPowerQuery,
    powerQuery: elements.powerQuery,
    pbids: elements.pbids,
  };
  const { status, acting, runner } = setUpActionBar(
    context,
    { progress: elements.actionProgress, cancel: elements.cancel },
    buttons,
  );
  const previews = new PreviewCache();
  const countAll = new CountAll(
    {
      box: elements.countAll,
      note: elements.countNote,
      button: buttons.countAll,
      progress: elements.countProgress,
      meter: elements.countMeter,
      progressText: elements.countProgressText,
    },
    SERVICE_LIMITS.maxLimit,
  );
  const pickerLists = new PickerLists(form, periodNote, runtime, context.status, elements.filtersState);
  let referencesLoadedFor: string | undefined;

  // Outside Excel these can never work: they are not shown, and the host notice says why.
  if (context.host !== "excel") {
    for (const element of [
      buttons.insertFormula,
      buttons.insertTable,
      buttons.openSheet,
      buttons.editFormula,
      buttons.freeze,
    ])
      element.hidden = true;
    for (const element of [elements.insertGroup, elements.freezeHint, elements.tableOptions, elements.saveGroup])
      element.hidden = true;
  }

  /** The formula of the form; while a field is wrong, the last valid one stays, greyed, with a word to fix the field. */
  let lastValidFormula = "";
  /** The query the form holds now; undefined while a field is wrong. */
  let formFormula: string | undefined;
  /** Marks the preview out of date when the form's query differs from it, and withdraws its Count all rows offer then. */
  function followForm(): void {
    countAll.previewOutOfDate(previewPanel.follow(formFormula));
  }
  function showFormula({ result, problems, period }: FormState): void {
    const valid = "model" in result;
    if (valid) lastValidFormula = statsFormula(result.model, BUILD_NAMESPACE);
    formula.value = lastValidFormula;
    formula.classList.toggle("outdated", !valid);
    formulaNote.hidden = valid;
    fieldMessages.show(problems);
    formFormula = valid ? lastValidFormula : undefined;
    followForm();
    periodNote.period(period.range, period.word);
  }
  form.onChange(showFormula);
  // An error said about the query before it changed no longer applies.
  form.onChange(() => status.clearError());
  const tableOptions = new TableOptions(context.host === "excel");
  form.onChange(({ result }) => tableOptions.groupsChanged("model" in result ? result.model.groups : []));

  const currentQuery = () => currentQueryOf(form, status, () => context.today());

  /** Shows `table` for `current`, with the names of codes and the last day with data from the profile's lists (never fails). */
  async function showModel(current: CurrentQuery, table: StatsPreview["table"], reach?: PreviewFacts["reach"]) {
    const reference = await loadPreviewReference(runtime, current.query.profile);
    const facts: PreviewFacts = { ...statsPreviewFacts(current.query, reference), ...(reach ? { reach } : {}) };
    return previewPanel.show(table, current.formula, facts);
  }

  /** Preview: one page of the answer (one per period with compare=); Count all rows reads the rest when asked. */
  async function preview(signal: AbortSignal): Promise<void> {
    const current = currentQuery();
    if (!current) return;
    status.busy("Fetching the preview…");
    let answer: StatsPreview;
    try {
      answer = await runtime.functions.statsPreview(current.query, signal);
    } catch (error) {
      // A cancelled preview leaves the one shown as it was; a failed one says why in its place.
      if (!signal.aborted) {
        previewPanel.showError(plainMessage(error));
        countAll.offer(undefined);
      }
      throw error;
    }
    // Only a whole answer sizes an inserted formula: the first page of a longer one would not.
    if (answer.complete) previews.remember(current.formula, answer.table);
    const reach = {
      complete: answer.complete,
      ...(answer.rowCount !== undefined ? { rowCount: answer.rowCount } : {}),
    };
    const { summary, model } = await showModel(current, answer.table, reach);
    countAll.offer({ ...model, ...(answer.comparisonPartial ? { comparisonPartial: true } : {}) });
    // The form may have changed while the answer came.
    followForm();
    status.success(`Preview ready: ${summary}`);
    previewPanel.reveal();
  }

  /** Count all rows: every page of the previewed query, with pages read of pages known; Cancel stops it and leaves the preview as it was. */
  async function countAllRows(signal: AbortSignal): Promise<void> {
    const current = currentQuery();
    // Only the query previewed: another one's count would sit under rows it does not describe.
    if (!current || current.formula !== previewPanel.formula) return;
    status.busy("Reading every page of the answer…");
    countAll.started();
    let table: StatsPreview["table"];
    try {
      table = await runtime.functions.statsTable(current.query, signal, (pages: PagesProgress) =>
        countAll.progress(pages),
      );
    } finally {
      countAll.stopped();
    }
    previews.remember(current.formula, table);
    const { summary } = await showModel(current, table);
    countAll.offer(undefined);
    followForm();
    status.success(`All rows read: ${summary}`);
    previewPanel.reveal();
  }

  formElement.addEventListener("submit", (event) => {
    event.preventDefault();
    void runner.run(buttons.preview, preview, { cancellable: true });
  });
  buttons.countAll.addEventListener(
    "click",
    () => void runner.run(buttons.countAll, countAllRows, { cancellable: true }),
  );
  setUpInsertActions(buttons, { context: acting, runner, currentQuery, previews, tableOptions });
  const exports = new ExportActions(
    {
      exportCsv: buttons.exportCsv,
      exportXlsx: buttons.exportXlsx,
      openSheet: buttons.openSheet,
      group: elements.exportGroup,
      note: elements.exportNote,
      moreActions: elements.moreActions,
    },
    acting,
    runner,
    currentQuery,
    () => form.pinnedProfileName(),
  );
  new PowerQueryActions(
    {
      barButton: buttons.powerQueryBar,
      openButton: buttons.powerQuery,
      pbidsButton: buttons.pbids,
      note: elements.powerQueryNote,
    },
    acting,
    runner,
    currentQuery,
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
    // Without the form and Preview, a Preview heading saying "Choose Preview" would point at nothing.
    previewSection.hidden = usable === undefined;
    const identity = referenceIdentity(usable);
    if (identity === referencesLoadedFor) return;
    referencesLoadedFor = identity;
    previews.forget();
    previewPanel.reset();
    countAll.offer(undefined);
    periodNote.dataThrough(undefined);
    if (usable) void pickerLists.load();
    else pickerLists.clear();
  }
  runtime.onProfiles(onProfiles);
  onProfiles(context.current());
  return { ...tableEditing, ...savedQueryLoading(context, form) };
}
