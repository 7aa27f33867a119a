import type { Option } from "../api";
import { readStatsQuery, type StatsQuery } from "../core/arguments/stats-query";
import { formulaProblem, statsArgumentsOf, statsFormula, type StatsQueryModel } from "../core/formula-text";
import { hasBearerCredentials } from "../core/profiles/profile";
import { statsPreviewFacts } from "../core/preview";
import type { ProfileState } from "../core/profiles/profile-store";
import type { SpillTable } from "../core/rows/spill-table";
import { insertFormulaAtSelection, insertWorkbookSheets } from "../office/workbook";
import type { PaneContext } from "./context";
import { byId } from "./dom";
// Loaded on first use: the first view does not wait for them.
import { insertLinkedTable, setUpFormulaEditing, setUpFreeze, setUpTableEditing, type TableEditing } from "./query/on-demand-actions";
import { NEEDS_EXCEL } from "./needs-excel";
import { TableOptions } from "./table-options";
import { officePlatform } from "../office/host";
import { canOpenInBrowser } from "../office/browser-window";
import { findHostExports, profileUsesHost, type HostExportOffer } from "./host-exports";
import { addedSheetsText } from "./exports/added-sheets-text";
import { exportStats, statsFileSources } from "./exports/export-stats";
import { statsXlsxFile } from "./exports/stats-file";
import { checkWorksheetFile, downloadsWork } from "./downloads";
import { QueryForm, type PickerFilter } from "./query-form";
import { ActionRunner, ActionStatus } from "./query/action-runner";
import { FieldMessages } from "./query/field-messages";
import { PeriodNote } from "./query/period-note";
import { PreviewPanel } from "./query/preview-panel";
import { loadPreviewReference } from "./preview-labels";
import { PREVIEW_ROWS } from "./preview-table";
import { plainMessage } from "./status";

/**
 * The Query tab: builds a query, previews it, puts it in the workbook, exports it. Returns what
 * the Queries view needs of it: loading a table's query for editing.
 */
export function setUpQueryTab(context: PaneContext): TableEditing {
  const { runtime } = context;
  const actionBar = byId("query-actions");
  const status = new ActionStatus(byId("query-action-message"));
  /** The context the actions run with: their outcomes are also written next to the buttons. */
  const acting: PaneContext = { ...context, status };
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
  const runner = new ActionRunner(
    { progress: byId("query-action-progress"), message: byId("query-action-message"), cancel: byId<HTMLButtonElement>("query-cancel") },
    status,
    () => Object.values(buttons),
    (listener) => runtime.onRetry(listener),
  );
  /** The formula text and row count of the last preview, to size the date format. */
  let lastPreview: { formula: string; table: SpillTable } | undefined;
  let referencesLoadedFor: string | undefined;
  let loadGeneration = 0;

  // Outside Excel these can never work: they are not shown, and the host notice says why.
  if (context.host !== "excel") {
    for (const hidden of [buttons.insertFormula, buttons.insertTable, buttons.openSheet, buttons.editFormula, buttons.freeze]) hidden.hidden = true;
    for (const id of ["query-insert-group", "query-freeze-hint", "query-table-options"]) byId(id).hidden = true;
  }

  /** The formula of the form; while a field is wrong, the last valid one stays, greyed, with a word to fix the field. */
  let lastValidFormula = "";
  function showFormula(): void {
    const read = form.read();
    const valid = "model" in read;
    if (valid) lastValidFormula = statsFormula(read.model);
    formula.value = lastValidFormula;
    formula.classList.toggle("outdated", !valid);
    formulaNote.hidden = valid;
    fieldMessages.show(form.problems());
    previewPanel.follow(valid ? lastValidFormula : undefined);
    const choice = form.periodChoice();
    periodNote.period(choice.range, choice.word);
  }
  form.onChange(showFormula);
  // An error said about the query before it changed no longer applies.
  form.onChange(() => status.clearError());
  const tableOptions = new TableOptions(context.host === "excel");
  form.onChange(() => {
    const read = form.read();
    tableOptions.groupsChanged("model" in read ? read.model.groups : []);
  });

  /** The query of the form, checked by the same parser the formulas use. */
  function currentQuery(): { model: StatsQueryModel; query: StatsQuery; formula: string; period: { from: string; to: string } } | undefined {
    const read = form.read();
    if ("problem" in read) {
      status.show(`Fix the marked field first: ${read.problem}`, "error");
      read.field.focus();
      return undefined;
    }
    try {
      const query = readStatsQuery(statsArgumentsOf(read.model), () => context.today());
      return { model: read.model, query, formula: statsFormula(read.model), period: read.period };
    } catch (error) {
      status.show(plainMessage(error), "error");
      return undefined;
    }
  }

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
    lastPreview = { formula: current.formula, table };
    // The pickers' lists, already cached: names for codes and the last day with data. Never fails.
    const reference = await loadPreviewReference(runtime);
    const facts = statsPreviewFacts(current.query, table, { ...reference, shownRows: PREVIEW_ROWS });
    const summary = previewPanel.show(table, current.formula, facts);
    status.success(`Preview ready: ${summary}`);
    previewPanel.reveal();
  }

  async function tableOf(query: StatsQuery, formulaText: string, signal: AbortSignal): Promise<SpillTable> {
    if (lastPreview?.formula === formulaText) return lastPreview.table;
    return runtime.functions.statsTable(query, signal);
  }

  async function insertFormula(signal: AbortSignal): Promise<void> {
    if (context.host !== "excel") {
      status.show(NEEDS_EXCEL, "error");
      return;
    }
    const current = currentQuery();
    if (!current) return;
    const problem = formulaProblem(current.formula);
    if (problem) {
      status.show(problem, "error");
      return;
    }
    status.busy("Inserting the formula…");
    // The answer sizes the date format to the rows the spill will show; it stays cached for the formula.
    const table = await tableOf(current.query, current.formula, signal);
    // Cancel pressed while the answer came: nothing is written.
    signal.throwIfAborted();
    const inserted = await insertFormulaAtSelection({ formula: current.formula, result: table });
    status.success(`Formula inserted at ${inserted.address}. It recalculates with the active profile.`);
  }

  async function insertAsTable(): Promise<void> {
    if (context.host !== "excel") {
      status.show(NEEDS_EXCEL, "error");
      return;
    }
    const current = currentQuery();
    if (!current) return;
    await insertLinkedTable(acting, current.model, tableOptions.read());
    void tableOptions.refreshSheets();
  }

  const platform = officePlatform();
  /** What the add-in's own server offers for exports, once known; undefined from any other server. */
  let hostExports: HostExportOffer | undefined;
  /** Where an export goes from here: a download, the browser by way of the host (Excel for Mac), or nowhere. */
  function exportRoute(): "download" | "host" | "none" {
    if (downloadsWork(platform)) return "download";
    const viaHost = hostExports !== undefined && canOpenInBrowser() && profileUsesHost(context.current().active?.baseUrl, hostExports, location.origin);
    return viaHost ? "host" : "none";
  }

  async function exportFile(kind: "csv" | "xlsx", signal: AbortSignal): Promise<void> {
    const current = currentQuery();
    if (!current) return;
    await exportStats(acting, { ...current, kind, host: exportRoute() === "host" ? hostExports : undefined }, signal);
  }

  async function openAsWorksheet(signal: AbortSignal): Promise<void> {
    if (context.host !== "excel") {
      status.show(NEEDS_EXCEL, "error");
      return;
    }
    const current = currentQuery();
    if (!current) return;
    const sources = statsFileSources(context, current.query);
    if (!sources) {
      status.show("Sign in on the Connect tab with a profile that has an access token.", "error");
      return;
    }
    status.busy("Preparing the Excel file…");
    // The file Export Excel saves (the query's header, the Query sheet), measured as it is sent.
    const file = await statsXlsxFile(sources, current, signal);
    checkWorksheetFile(file.bytes.length, officePlatform());
    signal.throwIfAborted();
    const inserted = await insertWorkbookSheets(file.bytes);
    status.success(addedSheetsText(inserted.sheetNames));
  }

  async function refreshAll(): Promise<void> {
    status.busy("Refreshing every REPORTING formula…");
    lastPreview = undefined;
    await runtime.refreshAll();
    status.success(
      context.host === "excel"
        ? "Cached answers cleared; every REPORTING formula is recalculating."
        : "Cached answers cleared. Formulas live in Excel: open the add-in there to recalculate them.",
    );
  }

  /** Fills the pickers through the runtime's cache, which the REPORTING reference functions share. */
  async function loadReferences(): Promise<void> {
    const generation = ++loadGeneration;
    const fill = async (filter: PickerFilter, load: () => Promise<Option[]>) => {
      try {
        const options = await load();
        if (generation === loadGeneration) form.setFilterOptions(filter, options);
      } catch (error) {
        if (generation === loadGeneration) form.setFilterUnavailable(filter, `Could not load this list. ${plainMessage(error)}`);
        throw error;
      }
    };
    // Runs by itself after a profile change: the status bar keeps the answer to what the user did
    // ("Now using profile ...") and hears from this load only when a list failed.
    const results = await Promise.allSettled([
      fill("organizations", async () => (await runtime.reference("details")).organizations),
      fill("countries", () => runtime.reference("countries")),
      fill("formats", () => runtime.reference("formats")),
      fill("integration_types", () => runtime.reference("integrationTypes")),
      fill("device_types", () => runtime.reference("deviceTypes")),
      fill("asset_types", () => runtime.reference("assetTypes")),
      fill("assets", async () => (await runtime.reference("assets")).map((asset) => ({ value: asset.value, label: asset.label }))),
      runtime.reference("dates").then((period) => {
        if (generation !== loadGeneration) return;
        form.setAvailablePeriod(period);
        periodNote.dataThrough(period.to);
      }),
    ]);
    if (generation !== loadGeneration) return;
    const failure = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failure) context.status.show(`Some filter lists could not be loaded. ${plainMessage(failure.reason)}`, "error");
  }

  function onProfiles(state: ProfileState): void {
    form.profileChanged();
    showExportChoices();
    const active = state.active;
    const usable = active && hasBearerCredentials(active) ? active : undefined;
    signedOut.hidden = usable !== undefined;
    formElement.hidden = usable === undefined;
    actionBar.hidden = usable === undefined;
    const identity = usable ? `${usable.name}|${usable.baseUrl}|${usable.token?.length ?? 0}` : undefined;
    if (identity === referencesLoadedFor) return;
    referencesLoadedFor = identity;
    lastPreview = undefined;
    previewPanel.reset();
    periodNote.dataThrough(undefined);
    if (usable) void loadReferences();
    else {
      loadGeneration += 1;
      for (const picker of Object.values(form.pickers)) picker.setOptions([]);
    }
  }

  formElement.addEventListener("submit", (event) => {
    event.preventDefault();
    void runner.run(buttons.preview, preview, { cancellable: true });
  });
  buttons.insertFormula.addEventListener("click", () => void runner.run(buttons.insertFormula, insertFormula, { cancellable: true }));
  // Not cancellable: the table is written in steps that must not stop half way.
  buttons.insertTable.addEventListener("click", () => void runner.run(buttons.insertTable, insertAsTable, { cancellable: false }));
  // Excel for Mac ignores downloads (downloads.ts): rather than buttons that silently do nothing,
  // the pane offers Open as worksheet there and says why, unless the add-in's own server
  // (src/host) can prepare the file for the browser and the profile reaches the service through it.
  function showExportChoices(): void {
    const route = exportRoute();
    buttons.exportCsv.hidden = route === "none";
    buttons.exportXlsx.hidden = route === "none";
    byId("query-export-group").hidden = route === "none";
    byId("query-export-note").hidden = route !== "none";
    // There, Open as worksheet is the export: its disclosure starts open so that it is in sight.
    if (route === "none") byId<HTMLDetailsElement>("query-more-actions").open = true;
  }
  showExportChoices();
  if (!downloadsWork(platform)) {
    void findHostExports(location.origin).then((offer) => {
      hostExports = offer;
      showExportChoices();
    });
  }
  buttons.exportCsv.addEventListener("click", () => void runner.run(buttons.exportCsv, (signal) => exportFile("csv", signal), { cancellable: true }));
  buttons.exportXlsx.addEventListener("click", () => void runner.run(buttons.exportXlsx, (signal) => exportFile("xlsx", signal), { cancellable: true }));
  buttons.openSheet.addEventListener("click", () => void runner.run(buttons.openSheet, openAsWorksheet, { cancellable: true }));
  buttons.refreshAll.addEventListener("click", () => void runner.run(buttons.refreshAll, refreshAll, { cancellable: false }));

  setUpFormulaEditing(context, form, () => currentQuery()?.formula);
  setUpFreeze(context);
  const tableEditing = setUpTableEditing(context, form);

  runtime.onProfiles(onProfiles);
  onProfiles(context.current());
  showFormula();
  return tableEditing;
}
