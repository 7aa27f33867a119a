import type { Option } from "../api";
import { readStatsQuery, type StatsQuery } from "../core/arguments/stats-query";
import { formulaProblem, statsArgumentsOf, statsFormula, type StatsQueryModel } from "../core/formula-text";
import { hasBearerCredentials } from "../core/profiles/profile";
import type { ProfileState } from "../core/profiles/profile-store";
import type { SpillTable } from "../core/rows/spill-table";
import { insertFormulaAtSelection, insertWorkbookSheets } from "../office/workbook";
import type { PaneContext } from "./context";
import { byId, whileBusy } from "./dom";
import { setUpFormulaEditing } from "./formula-edit";
import { setUpFreeze } from "./freeze-action";
import { setUpTableEditing, type TableEditing } from "./table-edit";
import { insertLinkedTable } from "./table-insert";
import { TableOptions } from "./table-options";
import { neutraliseCsv } from "../core/csv-safety";
import { officePlatform } from "../office/host";
import { canOpenInBrowser, openInBrowser } from "../office/browser-window";
import { findHostExports, prepareHostExport, profileUsesHost, type HostExportOffer } from "./host-exports";
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE, checkWorksheetFile, downloadFile, downloadsWork, exportFileName, withByteOrderMark } from "./downloads";
import { PREVIEW_ROWS, renderPreview } from "./preview-table";
import { QueryForm, type PickerFilter } from "./query-form";
import { plainMessage } from "./status";

export const NEEDS_EXCEL = "Inserting needs Excel: open this add-in inside Excel.";

/** The Query tab: builds a query, previews it, puts it in the workbook, exports it. */
/** Returns what the Queries view needs of it: loading a table's query for editing. */
export function setUpQueryTab(context: PaneContext): TableEditing {
  const { runtime } = context;
  const form = new QueryForm(
    () => context.today(),
    () => context.current().active?.name,
  );
  const formElement = byId<HTMLFormElement>("query-form");
  const signedOut = byId("query-signed-out");
  const formula = byId<HTMLTextAreaElement>("query-formula");
  const previewSummary = byId("query-preview-summary");
  const previewTable = byId("query-preview-table");
  const buttons = {
    preview: byId<HTMLButtonElement>("query-preview"),
    insertFormula: byId<HTMLButtonElement>("query-insert-formula"),
    insertTable: byId<HTMLButtonElement>("query-insert-table"),
    exportCsv: byId<HTMLButtonElement>("query-export-csv"),
    exportXlsx: byId<HTMLButtonElement>("query-export-xlsx"),
    openSheet: byId<HTMLButtonElement>("query-open-sheet"),
    refreshAll: byId<HTMLButtonElement>("query-refresh-all"),
  };
  /** The formula text and row count of the last preview, to size the date format. */
  let lastPreview: { formula: string; table: SpillTable } | undefined;
  let referencesLoadedFor: string | undefined;
  let loadGeneration = 0;

  if (context.host !== "excel") {
    for (const button of [buttons.insertFormula, buttons.insertTable, buttons.openSheet, byId("query-edit-formula"), byId("query-freeze")]) {
      button.setAttribute("aria-describedby", "host-notice");
    }
  }

  function showFormula(): void {
    const read = form.read();
    formula.value = "model" in read ? statsFormula(read.model) : "";
    formula.setAttribute("aria-description", "model" in read ? "" : read.problem);
  }
  form.onChange(showFormula);
  const tableOptions = new TableOptions(context.host === "excel");
  form.onChange(() => {
    const read = form.read();
    tableOptions.groupsChanged("model" in read ? read.model.groups : []);
  });

  /** The query of the form, checked by the same parser the formulas use. */
  function currentQuery(): { model: StatsQueryModel; query: StatsQuery; formula: string; period: { from: string; to: string } } | undefined {
    const read = form.read();
    if ("problem" in read) {
      context.status.show(read.problem, "error");
      read.field.focus();
      return undefined;
    }
    try {
      const query = readStatsQuery(statsArgumentsOf(read.model), () => context.today());
      return { model: read.model, query, formula: statsFormula(read.model), period: read.period };
    } catch (error) {
      context.status.show(plainMessage(error), "error");
      return undefined;
    }
  }

  function activeBearer(): { client: NonNullable<ReturnType<typeof runtime.clients>["reporting"]> } | undefined {
    const client = runtime.clients().reporting;
    if (!client) {
      context.status.show("Sign in on the Connect tab with a profile that has an access token.", "error");
      return undefined;
    }
    return { client };
  }

  async function preview(): Promise<void> {
    const current = currentQuery();
    if (!current) return;
    context.status.busy("Fetching the preview…");
    try {
      const table = await runtime.functions.statsTable(current.query);
      lastPreview = { formula: current.formula, table };
      const hasHeader = current.query.headers !== "none";
      const header = hasHeader ? table.rows[0] : undefined;
      const data = table.dataRowCount === 0 ? [] : table.rows.slice(hasHeader ? 1 : 0, (hasHeader ? 1 : 0) + PREVIEW_ROWS);
      const total = table.dataRowCount;
      const summary =
        total === 0
          ? "No statistics match this query: try a longer period or fewer filters."
          : `${total.toLocaleString()} ${total === 1 ? "row" : "rows"} in total${total > data.length ? `; the first ${data.length} are shown` : ""}.`;
      previewSummary.textContent = summary;
      renderPreview(previewTable, header, data, { dateColumn: table.dateColumns[0], caption: `Preview of ${current.formula}` });
      context.status.success(`Preview ready: ${summary}`);
    } catch (error) {
      previewSummary.textContent = plainMessage(error);
      context.status.error(error);
    }
  }

  async function tableOf(query: StatsQuery, formulaText: string): Promise<SpillTable> {
    if (lastPreview?.formula === formulaText) return lastPreview.table;
    return runtime.functions.statsTable(query);
  }

  async function insertFormula(): Promise<void> {
    if (context.host !== "excel") {
      context.status.show(NEEDS_EXCEL, "error");
      return;
    }
    const current = currentQuery();
    if (!current) return;
    const problem = formulaProblem(current.formula);
    if (problem) {
      context.status.show(problem, "error");
      return;
    }
    context.status.busy("Inserting the formula…");
    try {
      // The answer sizes the date format to the rows the spill will show; it stays cached for the formula.
      const table = await tableOf(current.query, current.formula);
      const inserted = await insertFormulaAtSelection({ formula: current.formula, result: table });
      context.status.success(`Formula inserted at ${inserted.address}. It recalculates with the active profile.`);
    } catch (error) {
      context.status.error(error);
    }
  }

  async function insertAsTable(): Promise<void> {
    if (context.host !== "excel") {
      context.status.show(NEEDS_EXCEL, "error");
      return;
    }
    const current = currentQuery();
    if (!current) return;
    try {
      await insertLinkedTable(context, current.model, tableOptions.read());
      void tableOptions.refreshSheets();
    } catch (error) {
      context.status.error(error);
    }
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

  /** Says how many CSV fields were neutralised, after what happened to the file. */
  function neutralisedNote(count: number): string {
    return count === 0
      ? ""
      : ` ${count === 1 ? "1 field" : `${count.toLocaleString()} fields`} a spreadsheet would have read as a formula ` +
          `${count === 1 ? "starts" : "start"} with ' so that ${count === 1 ? "it stays" : "they stay"} text.`;
  }

  async function exportFile(kind: "csv" | "xlsx"): Promise<void> {
    const current = currentQuery();
    const connection = current && activeBearer();
    if (!current || !connection) return;
    context.status.busy(kind === "csv" ? "Preparing the CSV file…" : "Preparing the Excel file…");
    try {
      const name = exportFileName(current.period, current.query.request.groups ?? [], kind);
      if (exportRoute() === "host" && hostExports) {
        // The server prepares the file (the CSV checked as below) and the browser downloads it.
        const prepared = await prepareHostExport({
          offer: hostExports,
          origin: location.origin,
          token: context.current().active?.token ?? "",
          format: kind,
          fileName: name,
          request: current.query.request,
        });
        openInBrowser(prepared.url);
        context.status.success(`Opened ${prepared.fileName} in your browser, which saves it; the link works once, within a minute.${neutralisedNote(prepared.neutralised)}`);
        return;
      }
      if (kind === "xlsx") {
        downloadFile(name, (await connection.client.statsXlsx(current.query.request)) as Uint8Array<ArrayBuffer>, XLSX_MEDIA_TYPE);
        context.status.success(`Downloaded ${name}.`);
        return;
      }
      // The service's CSV carries names its users typed: a spreadsheet opening the file would run
      // one starting with = as a formula (CSV injection), so no field is passed on unchecked.
      const checked = neutraliseCsv(await connection.client.statsCsv(current.query.request));
      downloadFile(name, withByteOrderMark(checked.csv), CSV_MEDIA_TYPE);
      context.status.success(`Downloaded ${name}.${neutralisedNote(checked.neutralised)}`);
    } catch (error) {
      context.status.error(error);
    }
  }

  async function openAsWorksheet(): Promise<void> {
    if (context.host !== "excel") {
      context.status.show(NEEDS_EXCEL, "error");
      return;
    }
    const current = currentQuery();
    const connection = current && activeBearer();
    if (!current || !connection) return;
    context.status.busy("Fetching the Excel export…");
    try {
      const bytes = await connection.client.statsXlsx(current.query.request);
      checkWorksheetFile(bytes.length, officePlatform());
      const inserted = await insertWorkbookSheets(bytes);
      context.status.success(`Added the worksheet ${inserted.sheetNames.join(", ")} to this workbook.`);
    } catch (error) {
      context.status.error(error);
    }
  }

  async function refreshAll(): Promise<void> {
    context.status.busy("Refreshing every REPORTING formula…");
    try {
      lastPreview = undefined;
      await runtime.refreshAll();
      context.status.success(
        context.host === "excel"
          ? "Cached answers cleared; every REPORTING formula is recalculating."
          : "Cached answers cleared. Formulas live in Excel: open the add-in there to recalculate them.",
      );
    } catch (error) {
      context.status.error(error);
    }
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
        if (generation === loadGeneration) form.setAvailablePeriod(period);
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
    const identity = usable ? `${usable.name}|${usable.baseUrl}|${usable.token?.length ?? 0}` : undefined;
    if (identity === referencesLoadedFor) return;
    referencesLoadedFor = identity;
    lastPreview = undefined;
    if (usable) void loadReferences();
    else {
      loadGeneration += 1;
      for (const picker of Object.values(form.pickers)) picker.setOptions([]);
    }
  }

  formElement.addEventListener("submit", (event) => {
    event.preventDefault();
    void whileBusy(buttons.preview, preview);
  });
  buttons.insertFormula.addEventListener("click", () => void whileBusy(buttons.insertFormula, insertFormula));
  buttons.insertTable.addEventListener("click", () => void whileBusy(buttons.insertTable, insertAsTable));
  // Excel for Mac ignores downloads (downloads.ts): rather than buttons that silently do nothing,
  // the pane offers Open as worksheet there and says why, unless the add-in's own server
  // (src/host) can prepare the file for the browser and the profile reaches the service through it.
  function showExportChoices(): void {
    const route = exportRoute();
    buttons.exportCsv.hidden = route === "none";
    buttons.exportXlsx.hidden = route === "none";
    byId("query-export-note").hidden = route !== "none";
  }
  showExportChoices();
  if (!downloadsWork(platform)) {
    void findHostExports(location.origin).then((offer) => {
      hostExports = offer;
      showExportChoices();
    });
  }
  buttons.exportCsv.addEventListener("click", () => void whileBusy(buttons.exportCsv, () => exportFile("csv")));
  buttons.exportXlsx.addEventListener("click", () => void whileBusy(buttons.exportXlsx, () => exportFile("xlsx")));
  buttons.openSheet.addEventListener("click", () => void whileBusy(buttons.openSheet, openAsWorksheet));
  buttons.refreshAll.addEventListener("click", () => void whileBusy(buttons.refreshAll, refreshAll));

  setUpFormulaEditing(context, form, () => currentQuery()?.formula);
  setUpFreeze(context);
  const tableEditing = setUpTableEditing(context, form);

  runtime.onProfiles(onProfiles);
  onProfiles(context.current());
  showFormula();
  return tableEditing;
}
