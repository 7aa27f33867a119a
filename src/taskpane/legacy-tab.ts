import type { Application } from "../api";
import { legacyArgumentsOf, legacyStatsFormula, type LegacyQueryModel } from "../core/formula-text";
import { LEGACY_FUNCTION_GROUPS, type LegacyFunctionGroup } from "../core/legacy/group-by";
import { LEGACY_READABLE_GROUPS } from "../core/legacy/legacy-rows";
import { hasLegacyCredentials } from "../core/profiles/profile";
import type { ProfileState } from "../core/profiles/profile-store";
import type { DateRange } from "../core/periods";
import type { SpillTable } from "../core/rows/spill-table";
import { officePlatform } from "../office/host";
import { insertFormulaAtSelection } from "../office/workbook";
import type { PaneContext } from "./context";
import { byId, clear, el, optionElement, whileBusy } from "./dom";
import { downloadsWork } from "./downloads";
import { exportLegacy } from "./legacy/legacy-exports";
import { insertLegacyTable } from "./legacy/legacy-table";
import { PeriodField } from "./legacy/period-field";
import { OrderedList } from "./ordered-list";
import { legacyPreviewFacts, previewModel, textTableModel } from "../core/preview";
import { loadPreviewReference } from "./preview-labels";
import { PREVIEW_ROWS, renderPreviewTable } from "./preview-table";
import { NEEDS_EXCEL } from "./needs-excel";
import { plainMessage } from "./status";

/** The groupings as the columns they make are named (the Query tab's names where they match). */
export const LEGACY_GROUP_LABELS: Record<LegacyFunctionGroup, string> = LEGACY_READABLE_GROUPS;

/** The Legacy tab: applications with their ad units, and the legacy statistics. */
export function setUpLegacyTab(context: PaneContext): void {
  const { runtime } = context;
  const content = byId("legacy-content");
  const signedOut = byId("legacy-signed-out");
  const applicationsBox = byId("legacy-applications");
  const loadButton = byId<HTMLButtonElement>("legacy-load-applications");
  const formElement = byId<HTMLFormElement>("legacy-form");
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
  const groups = new OrderedList(byId<HTMLOListElement>("legacy-groups"), { focusWhenEmpty: byId("legacy-group-add") });
  const groupAdd = byId<HTMLSelectElement>("legacy-group-add");
  const formula = byId<HTMLTextAreaElement>("legacy-formula");
  const previewButton = byId<HTMLButtonElement>("legacy-preview");
  const insertButton = byId<HTMLButtonElement>("legacy-insert-formula");
  const insertTableButton = byId<HTMLButtonElement>("legacy-insert-table");
  const exportCsvButton = byId<HTMLButtonElement>("legacy-export-csv");
  const exportXlsxButton = byId<HTMLButtonElement>("legacy-export-xlsx");
  const summary = byId("legacy-preview-summary");
  const table = byId("legacy-preview-table");
  let loadedFor: string | undefined;

  groups.set([{ value: "day", label: LEGACY_GROUP_LABELS.day }]);

  function refreshGroupChoices(): void {
    const chosen = new Set(groups.values());
    // The service nests by day or by month, not both.
    const excluded = chosen.has("day") ? "month" : chosen.has("month") ? "day" : undefined;
    groupAdd.replaceChildren(
      ...LEGACY_FUNCTION_GROUPS.filter((group) => !chosen.has(group) && group !== excluded).map((group) =>
        optionElement(group, LEGACY_GROUP_LABELS[group]),
      ),
    );
  }

  function readModel(): { model: LegacyQueryModel; range: DateRange } | { problem: string; field: HTMLElement } {
    const reading = period.read();
    if ("problem" in reading) return { problem: reading.problem, field: period.field(reading.field) };
    return { model: { period: reading.period, groupBy: groups.values() as LegacyFunctionGroup[] }, range: reading.range };
  }

  function showFormula(): void {
    const read = readModel();
    formula.value = "problem" in read ? "" : legacyStatsFormula(read.model);
  }

  function currentQuery(): { model: LegacyQueryModel; range: DateRange } | undefined {
    const read = readModel();
    if ("problem" in read) {
      context.status.show(read.problem, "error");
      read.field.focus();
      return undefined;
    }
    return read;
  }

  function currentModel(): LegacyQueryModel | undefined {
    return currentQuery()?.model;
  }

  /** Every row of the query, from the cache the preview and LEGACY.STATS formulas share. */
  function rowsOf(model: LegacyQueryModel): Promise<SpillTable> {
    const args = legacyArgumentsOf(model);
    return runtime.functions.legacyStats(args.from, args.to, args.groupBy, args.options);
  }

  function renderApplications(applications: readonly Application[]): void {
    clear(applicationsBox);
    if (applications.length === 0) {
      applicationsBox.append(el("p", { className: "empty", text: "This key reaches no application." }));
      return;
    }
    const list = el("div", { className: "applications" });
    for (const application of applications) {
      const units = el("div");
      // The same renderer as the previews: at 320 px the Id column scrolls, with a cue, behind a sticky Name.
      renderPreviewTable(
        units,
        textTableModel(["Name", "Type", "Id"], application.ad_unit_details.map((unit) => [unit.name, unit.type, unit.id])),
        { caption: `Ad units of ${application.name}`, label: `Ad units of ${application.name} (${application.app_key})` },
      );
      list.append(
        el("details", { attrs: { "data-app-key": String(application.app_key) } }, [
          el("summary", {
            text: `${application.name} (${application.platform}) · ${application.ad_unit_details.length} ad units`,
          }),
          el("p", { className: "hint", text: `App key ${application.app_key} · ${application.bundle} · ${application.publisher_name}` }),
          units,
        ]),
      );
    }
    applicationsBox.append(list);
  }

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
      renderApplications(answer.applications);
      if (announce) context.status.success(`${answer.applications.length} applications loaded.`);
    } catch (error) {
      clear(applicationsBox);
      applicationsBox.append(el("p", { className: "result error", text: plainMessage(error) }));
      context.status.error(error);
    }
  }

  async function preview(): Promise<void> {
    const current = currentQuery();
    if (!current) return;
    const { model, range } = current;
    context.status.busy("Fetching the legacy preview…");
    try {
      const result = await rowsOf(model);
      const data = result.dataRowCount === 0 ? [] : result.rows.slice(1, 1 + PREVIEW_ROWS);
      const total = result.dataRowCount;
      const text =
        total === 0
          ? "No statistics for this period."
          : `${total.toLocaleString()} ${total === 1 ? "row" : "rows"} in total${total > data.length ? `; the first ${data.length} are shown` : ""}.`;
      summary.textContent = text;
      // Names for codes come from the Reporting lists when the profile has a token; otherwise codes stay.
      const { labelOf } = await loadPreviewReference(runtime);
      const facts = legacyPreviewFacts({ groupBy: [...model.groupBy], headers: "readable", period: range }, result, { labelOf, shownRows: PREVIEW_ROWS });
      renderPreviewTable(table, previewModel(result, facts), { caption: `Preview of ${legacyStatsFormula(model)}`, label: "Rows of the legacy preview" });
      context.status.success(`Legacy preview ready: ${text}`);
    } catch (error) {
      summary.textContent = plainMessage(error);
      context.status.error(error);
    }
  }

  async function insertFormula(): Promise<void> {
    if (context.host !== "excel") {
      context.status.show(NEEDS_EXCEL, "error");
      return;
    }
    const model = currentModel();
    if (!model) return;
    context.status.busy("Inserting the formula…");
    try {
      const result = await rowsOf(model);
      const inserted = await insertFormulaAtSelection({ formula: legacyStatsFormula(model), result });
      context.status.success(`Formula inserted at ${inserted.address}.`);
    } catch (error) {
      context.status.error(error);
    }
  }

  async function insertAsTable(): Promise<void> {
    if (context.host !== "excel") {
      context.status.show(NEEDS_EXCEL, "error");
      return;
    }
    const model = currentModel();
    if (!model) return;
    context.status.busy("Fetching every row for the table…");
    try {
      await insertLegacyTable(context, await rowsOf(model), model.groupBy);
    } catch (error) {
      context.status.error(error);
    }
  }

  async function exportFile(kind: "csv" | "xlsx"): Promise<void> {
    const query = currentQuery();
    if (!query) return;
    context.status.busy(kind === "csv" ? "Preparing the CSV file…" : "Preparing the Excel file…");
    try {
      await exportLegacy(context, { ...query, table: await rowsOf(query.model), kind });
    } catch (error) {
      context.status.error(error);
    }
  }

  function onProfiles(state: ProfileState): void {
    const active = state.active;
    const usable = active && hasLegacyCredentials(active) ? active : undefined;
    signedOut.hidden = usable !== undefined;
    content.hidden = usable === undefined;
    const identity = usable ? `${usable.name}|${usable.legacyBaseUrl}|${usable.apiKey}|${usable.apiSecret}` : undefined;
    if (identity === loadedFor) return;
    loadedFor = identity;
    clear(applicationsBox);
    if (usable) void loadApplications(false);
  }

  groups.onChange(() => {
    refreshGroupChoices();
    showFormula();
  });
  byId("legacy-group-add-button").addEventListener("click", () => {
    const value = groupAdd.value as LegacyFunctionGroup;
    if (value) groups.add({ value, label: LEGACY_GROUP_LABELS[value] });
    groupAdd.focus();
  });
  formElement.addEventListener("input", showFormula);
  formElement.addEventListener("change", showFormula);
  formElement.addEventListener("submit", (event) => {
    event.preventDefault();
    void whileBusy(previewButton, preview);
  });
  insertButton.addEventListener("click", () => void whileBusy(insertButton, insertFormula));
  insertTableButton.addEventListener("click", () => void whileBusy(insertTableButton, insertAsTable));
  // Excel for Mac ignores downloads (downloads.ts), and the legacy service has no export the
  // add-in's server could prepare: there the buttons give way to a note.
  const canDownload = downloadsWork(officePlatform());
  byId("legacy-exports").hidden = !canDownload;
  byId("legacy-export-note").hidden = canDownload;
  exportCsvButton.addEventListener("click", () => void whileBusy(exportCsvButton, () => exportFile("csv")));
  exportXlsxButton.addEventListener("click", () => void whileBusy(exportXlsxButton, () => exportFile("xlsx")));
  loadButton.addEventListener("click", () => void whileBusy(loadButton, () => loadApplications()));

  refreshGroupChoices();
  showFormula();
  runtime.onProfiles(onProfiles);
  onProfiles(context.current());
}
