import type { Application } from "../api";
import { addDays } from "../core/calendar";
import { legacyArgumentsOf, legacyStatsFormula, type LegacyQueryModel } from "../core/formula-text";
import { LEGACY_FUNCTION_GROUPS, type LegacyFunctionGroup } from "../core/legacy/group-by";
import { hasLegacyCredentials } from "../core/profiles/profile";
import type { ProfileState } from "../core/profiles/profile-store";
import { insertFormulaAtSelection } from "../office/workbook";
import type { PaneContext } from "./context";
import { byId, clear, el, optionElement, whileBusy } from "./dom";
import { OrderedList } from "./ordered-list";
import { PREVIEW_ROWS, renderPreview } from "./preview-table";
import { NEEDS_EXCEL } from "./query-tab";
import { plainMessage } from "./status";

export const LEGACY_GROUP_LABELS: Record<LegacyFunctionGroup, string> = {
  month: "Month",
  day: "Day",
  ad_unit_id: "Ad unit",
  country: "Country",
  ad_unit_type: "Ad unit type",
  ad_unit_name: "Ad unit name",
  application: "Application",
};

/** The Legacy tab: applications with their ad units, and the legacy statistics. */
export function setUpLegacyTab(context: PaneContext): void {
  const { runtime } = context;
  const content = byId("legacy-content");
  const signedOut = byId("legacy-signed-out");
  const applicationsBox = byId("legacy-applications");
  const loadButton = byId<HTMLButtonElement>("legacy-load-applications");
  const formElement = byId<HTMLFormElement>("legacy-form");
  const from = byId<HTMLInputElement>("legacy-from");
  const to = byId<HTMLInputElement>("legacy-to");
  const groups = new OrderedList(byId<HTMLOListElement>("legacy-groups"));
  const groupAdd = byId<HTMLSelectElement>("legacy-group-add");
  const formula = byId<HTMLTextAreaElement>("legacy-formula");
  const previewButton = byId<HTMLButtonElement>("legacy-preview");
  const insertButton = byId<HTMLButtonElement>("legacy-insert-formula");
  const summary = byId("legacy-preview-summary");
  const table = byId("legacy-preview-table");
  let loadedFor: string | undefined;

  const yesterday = addDays(context.today(), -1);
  to.value = yesterday;
  from.value = addDays(yesterday, -29);
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

  function readModel(): LegacyQueryModel | { problem: string; field: HTMLElement } {
    if (!from.value) return { problem: "Choose the first day.", field: from };
    if (!to.value) return { problem: "Choose the last day.", field: to };
    if (to.value < from.value) return { problem: "The last day comes before the first day: swap them.", field: to };
    return { period: { from: from.value, to: to.value }, groupBy: groups.values() as LegacyFunctionGroup[] };
  }

  function showFormula(): void {
    const model = readModel();
    formula.value = "problem" in model ? "" : legacyStatsFormula(model);
  }

  function currentModel(): LegacyQueryModel | undefined {
    const model = readModel();
    if ("problem" in model) {
      context.status.show(model.problem, "error");
      model.field.focus();
      return undefined;
    }
    return model;
  }

  function renderApplications(applications: readonly Application[]): void {
    clear(applicationsBox);
    if (applications.length === 0) {
      applicationsBox.append(el("p", { className: "empty", text: "This key reaches no application." }));
      return;
    }
    const list = el("div", { className: "applications" });
    for (const application of applications) {
      const units = el("table", {}, [
        el("caption", { className: "hint", text: `Ad units of ${application.name}` }),
        el("thead", {}, [el("tr", {}, ["Name", "Type", "Id"].map((text) => el("th", { text, attrs: { scope: "col" } })))]),
        el(
          "tbody",
          {},
          application.ad_unit_details.map((unit) =>
            el("tr", {}, [el("td", { text: unit.name }), el("td", { text: unit.type }), el("td", { text: unit.id })]),
          ),
        ),
      ]);
      list.append(
        el("details", { attrs: { "data-app-key": String(application.app_key) } }, [
          el("summary", {
            text: `${application.name} (${application.platform}) · ${application.ad_unit_details.length} ad units`,
          }),
          el("p", { className: "hint", text: `App key ${application.app_key} · ${application.bundle} · ${application.publisher_name}` }),
          el("div", { className: "table-wrap" }, [units]),
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
    const model = currentModel();
    if (!model) return;
    context.status.busy("Fetching the legacy preview…");
    try {
      const args = legacyArgumentsOf(model);
      const result = await runtime.functions.legacyStats(args.from, args.to, args.groupBy, args.options);
      const data = result.dataRowCount === 0 ? [] : result.rows.slice(1, 1 + PREVIEW_ROWS);
      const total = result.dataRowCount;
      const text =
        total === 0
          ? "No statistics for this period."
          : `${total.toLocaleString()} ${total === 1 ? "row" : "rows"} in total${total > data.length ? `; the first ${data.length} are shown` : ""}.`;
      summary.textContent = text;
      renderPreview(table, result.rows[0], data, { dateColumn: result.dateColumns[0], caption: `Preview of ${legacyStatsFormula(model)}` });
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
      const args = legacyArgumentsOf(model);
      const result = await runtime.functions.legacyStats(args.from, args.to, args.groupBy, args.options);
      const inserted = await insertFormulaAtSelection({ formula: legacyStatsFormula(model), result });
      context.status.success(`Formula inserted at ${inserted.address}.`);
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
  loadButton.addEventListener("click", () => void whileBusy(loadButton, () => loadApplications()));

  refreshGroupChoices();
  showFormula();
  runtime.onProfiles(onProfiles);
  onProfiles(context.current());
}
