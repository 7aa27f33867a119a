import type { FilterLabels } from "../../../core/exports/query-sheet";
import type { RefreshProgress, RefreshReport } from "../../../core/workbook-queries/refresh-run";
import { savedQueryNameProblem, type SavedQuery } from "../../../core/workbook-queries/saved-query";
import { changeThresholdOf, DEFAULT_CHANGE_THRESHOLD } from "../../../core/workbook-queries/workbook-options";
import { isLegacyModel, type StoredTableQuery } from "../../../core/workbook-queries/stored-query";
import { reportingFormulaCensus } from "../../../office/tables/formula-census";
import { goToTable, linkedTablesNow, tablesNamedLikeAddins } from "../../../office/tables/linked-tables";
import { pageQueries } from "../../../office/tables/page-queries";
import { savedQueryStore } from "../../../office/tables/saved-query-store";
import type { PaneContext } from "../../shell/context";
import { whileBusy } from "../../widgets/dom";
import { filterLabelsOf } from "../../exports/export-facts";
import { loadPreviewReference } from "../../shared/preview-labels";
import { onQueriesChanged } from "../../shared/queries-events";
import { changeSummaryText } from "./change-text";
import { ChangeThresholdOption } from "./change-threshold-option";
import {
  NEEDS_EXCEL,
  SAVED_NEEDS_EXCEL,
  formulasText,
  orphanTablesText,
  RECOVERED_TEXT,
  refreshFailed,
  refreshSummary,
  unreadableText,
} from "./queries-text";
import { setUpFrozenChecks } from "./frozen-checks";
import { RefreshOnOpenOption } from "./refresh-on-open-option";
import { RefreshProgressView, RefreshResults } from "./refresh-progress";
import { SavedQueriesList } from "./saved-list";
import { TablesList } from "./tables-list";
import { plainMessage } from "../../shell/status";
import type { SavedQueryLoading } from "../query/save-query";
import type { TableEditing } from "../query/table-edit";
import { queriesElements } from "./elements";

export interface QueriesView {
  /** Lists the workbook's tables and formulas afresh, while the tab is shown (selecting it lists them again). */
  reload(): Promise<void>;
  /** Refresh all, with progress, Cancel and the results; `why` opens the status message. */
  refreshAll(why?: string): Promise<RefreshReport | undefined>;
}

/** The Queries tab: every refreshable thing of the workbook, Refresh all, refresh on open, and the saved queries. */
export function setUpQueriesTab(
  context: PaneContext,
  editing: TableEditing & SavedQueryLoading,
  showQueryTab: () => void,
): QueriesView {
  const elements = queriesElements();
  const panel = elements.panel;
  const unreadable = elements.unreadable;
  const formulas = elements.formulas;
  const formulasTitle = elements.formulasTitle;
  const refreshAllButton = elements.refreshAll;
  const cancel = elements.cancel;
  const reloadButton = elements.reload;
  const onOpenBox = elements.refreshOnOpen;
  const tables = new TablesList(elements.tables, elements.empty, {
    refresh: refreshOne,
    edit: async (record) => {
      showQueryTab();
      await editing.edit(record);
    },
    goTo,
    unlink,
  });
  const saved = new SavedQueriesList(elements.saved, elements.savedEmpty, {
    async load(query) {
      showQueryTab();
      await editing.loadSaved(query);
    },
    rename,
    remove: removeSaved,
  });
  const progress = new RefreshProgressView({
    root: elements.progress,
    bar: elements.progressBar,
    text: elements.progressText,
    cancel,
  });
  const results = new RefreshResults(elements.results);
  const onOpen = new RefreshOnOpenOption(context, onOpenBox);
  const thresholdInput = elements.changeThreshold;
  const thresholdOption = new ChangeThresholdOption(context, thresholdInput, () => void reload());
  const inExcel = context.host === "excel";
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    if (!inExcel) {
      tables.showEmpty(NEEDS_EXCEL);
      saved.showEmpty(SAVED_NEEDS_EXCEL);
      // No workbook to count formulas in: no heading over an empty paragraph.
      for (const element of [formulasTitle, formulas]) element.hidden = true;
      for (const control of [refreshAllButton, reloadButton, onOpenBox, thresholdInput]) control.disabled = true;
      return;
    }
    const { store } = pageQueries();
    const [stored, census, options, savedQueries] = await Promise.all([
      store.list(),
      reportingFormulaCensus(),
      store.options(),
      savedQueryStore().list(),
    ]);
    const threshold = changeThresholdOf(options);
    thresholdOption.show(threshold);
    tables.changes = {
      threshold,
      kept: pageQueries().changes,
      labels: async (record) => (await loadPreviewReference(context.runtime, record.query.profile)).labelOf,
    };
    tables.show(stored.records, await linkedTablesNow(stored.records));
    saved.show(savedQueries.queries);
    void nameFilterCodes(stored.records, savedQueries.queries);
    if (stored.records.length === 0) {
      const orphans = await tablesNamedLikeAddins();
      if (orphans.length > 0) tables.showEmpty(orphanTablesText(orphans));
    }
    const unreadableCount = stored.unreadable + savedQueries.unreadable;
    const notices = [
      unreadableCount > 0 ? unreadableText(unreadableCount) : "",
      stored.recovered ? RECOVERED_TEXT : "",
    ].filter((text) => text !== "");
    unreadable.hidden = notices.length === 0;
    unreadable.textContent = notices.join(" ");
    formulas.textContent = formulasText(census);
    onOpen.show(options.refreshOnOpen);
  }

  /**
   * The names of the filters' codes (an organization's id), from the reference lists of each
   * query's profile through the runtime's cache: shown once they come, so that a slow service
   * never holds the list back; a list that fails leaves its codes as they are.
   */
  async function nameFilterCodes(records: readonly StoredTableQuery[], queries: readonly SavedQuery[]): Promise<void> {
    const labelsOf = async (model: { filters: SavedQuery["query"]["filters"]; profile?: string | undefined }) =>
      filterLabelsOf(context.runtime, model.filters, { profile: model.profile });
    const [tableLabels, savedLabels] = await Promise.all([
      Promise.all(
        records.map(async (record): Promise<[string, FilterLabels]> => [
          record.id,
          isLegacyModel(record.query) ? {} : await labelsOf(record.query),
        ]),
      ),
      Promise.all(
        queries.map(async (query): Promise<[string, FilterLabels]> => [query.id, await labelsOf(query.query)]),
      ),
    ]);
    const byTable = new Map(tableLabels);
    const bySaved = new Map(savedLabels);
    tables.label((record) => byTable.get(record.id));
    saved.label((query) => bySaved.get(query.id));
  }

  async function rename(query: SavedQuery, name: string): Promise<string | undefined> {
    const wanted = name.trim();
    try {
      const store = savedQueryStore();
      const problem = savedQueryNameProblem(wanted, (await store.list()).queries, query.id);
      if (problem) return problem;
      await store.put({ ...query, name: wanted });
      context.status.success(`Renamed the saved query ${query.name} to ${wanted}.`);
    } catch (error) {
      context.status.show(`The saved query ${query.name} was not renamed. ${plainMessage(error)}`, "error");
      return undefined;
    }
    await reload();
    return undefined;
  }

  async function removeSaved(query: SavedQuery): Promise<void> {
    try {
      await savedQueryStore().remove(query.id);
      context.status.success(
        `Deleted the saved query ${query.name}. Tables and formulas made from it stay as they are.`,
      );
    } catch (error) {
      context.status.show(`The saved query ${query.name} was not deleted. ${plainMessage(error)}`, "error");
    }
    await reload();
  }

  function reload(): Promise<void> {
    // Counting every formula of a large workbook is slow: a hidden tab is counted when it is shown.
    if (panel.hidden) return Promise.resolve();
    if (loading) return loading;
    panel.setAttribute("aria-busy", "true");
    loading = load()
      .catch((error: unknown) =>
        context.status.show(`The workbook's queries could not be listed. ${plainMessage(error)}`, "error"),
      )
      .finally(() => {
        loading = undefined;
        panel.removeAttribute("aria-busy");
      });
    return loading;
  }

  function showStep(step: RefreshProgress): void {
    progress.show(step);
    results.show(step);
  }

  async function run(
    start: (listener: (step: RefreshProgress) => void) => Promise<RefreshReport>,
    why?: string,
  ): Promise<RefreshReport | undefined> {
    // A refresh the pane starts by itself (`why`: the workbook opened) is said on every tab.
    const status = why ? context.status.pane : context.status;
    if (!inExcel) {
      status.show(NEEDS_EXCEL, "error");
      return undefined;
    }
    progress.start();
    status.busy(why ?? "Refreshing…");
    try {
      // Read each time: a refresh on open runs before the tab was ever shown.
      results.threshold = await pageQueries()
        .store.options()
        .then(changeThresholdOf, () => DEFAULT_CHANGE_THRESHOLD);
      const report = await start(showStep);
      results.show(report);
      const changes = changeSummaryText(report, results.threshold);
      progress.finish(report, changes);
      status.show(
        `${why ? `${why} ` : ""}${refreshSummary(report)}${changes}`,
        refreshFailed(report) ? "error" : "success",
      );
      return report;
    } catch (error) {
      status.error(error);
      return undefined;
    } finally {
      progress.stop();
      await reload();
    }
  }

  function refreshAll(why?: string): Promise<RefreshReport | undefined> {
    return run((listener) => pageQueries().coordinator.refreshAll(listener), why);
  }

  async function refreshOne(record: StoredTableQuery): Promise<void> {
    await run((listener) => pageQueries().coordinator.refreshTables([record], listener));
  }

  async function goTo(record: StoredTableQuery): Promise<void> {
    try {
      await goToTable(record);
      context.status.success(`Showing the table ${record.table.name}.`);
    } catch (error) {
      context.status.error(error);
    }
  }

  async function unlink(record: StoredTableQuery): Promise<void> {
    try {
      await pageQueries().store.remove(record.id);
      context.status.success(
        `The table ${record.table.name} no longer refreshes: it stays in the workbook with its values.`,
      );
    } catch (error) {
      context.status.error(error);
    }
    await reload();
  }

  refreshAllButton.addEventListener("click", () => void whileBusy(refreshAllButton, () => refreshAll()));
  cancel.addEventListener("click", () => {
    pageQueries().coordinator.cancel();
    context.status.busy("Cancelling: what is being written finishes, the rest stays as it was…");
  });
  reloadButton.addEventListener("click", () => void whileBusy(reloadButton, reload));
  onQueriesChanged(() => void reload());
  setUpFrozenChecks(context);
  return { reload, refreshAll };
}
