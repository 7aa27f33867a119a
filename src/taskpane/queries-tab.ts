import type { FilterLabels } from "../core/exports/query-sheet";
import type { RefreshProgress, RefreshReport } from "../core/workbook-queries/refresh-run";
import { isLegacyModel, type StoredTableQuery } from "../core/workbook-queries/stored-query";
import { reportingFormulaCensus } from "../office/tables/formula-census";
import { goToTable, linkedTablesNow, tablesNamedLikeAddins } from "../office/tables/linked-tables";
import { pageQueries } from "../office/tables/page-queries";
import type { PaneContext } from "./context";
import { byId, whileBusy } from "./dom";
import { filterLabelsOf } from "./exports/export-facts";
import { onQueriesChanged } from "./queries-events";
import { NEEDS_EXCEL, formulasText, orphanTablesText, RECOVERED_TEXT, refreshFailed, refreshSummary, unreadableText } from "./queries/queries-text";
import { RefreshOnOpenOption } from "./queries/refresh-on-open-option";
import { RefreshProgressView, RefreshResults } from "./queries/refresh-progress";
import { TablesList } from "./queries/tables-list";
import { plainMessage } from "./status";
import type { TableEditing } from "./table-edit";

export interface QueriesView {
  /** Lists the workbook's tables and formulas afresh, while the tab is shown (selecting it lists them again). */
  reload(): Promise<void>;
  /** Refresh all, with progress, Cancel and the results; `why` opens the status message. */
  refreshAll(why?: string): Promise<RefreshReport | undefined>;
}

/** The Queries tab: every refreshable thing of the workbook, Refresh all, and refresh on open. */
export function setUpQueriesTab(context: PaneContext, editing: TableEditing, showQueryTab: () => void): QueriesView {
  const panel = byId("panel-queries");
  const unreadable = byId("queries-unreadable");
  const formulas = byId("queries-formulas");
  const refreshAllButton = byId<HTMLButtonElement>("queries-refresh-all");
  const cancel = byId<HTMLButtonElement>("queries-cancel");
  const reloadButton = byId<HTMLButtonElement>("queries-reload");
  const onOpenBox = byId<HTMLInputElement>("queries-refresh-on-open");
  const tables = new TablesList(byId<HTMLUListElement>("queries-tables"), byId("queries-empty"), {
    refresh: refreshOne,
    edit: async (record) => {
      showQueryTab();
      await editing.edit(record);
    },
    goTo,
    unlink,
  });
  const progress = new RefreshProgressView({
    root: byId("queries-progress"),
    bar: byId<HTMLProgressElement>("queries-progress-bar"),
    text: byId("queries-progress-text"),
    cancel,
  });
  const results = new RefreshResults(byId<HTMLUListElement>("queries-results"));
  const onOpen = new RefreshOnOpenOption(context, onOpenBox);
  const inExcel = context.host === "excel";
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    if (!inExcel) {
      tables.showEmpty(NEEDS_EXCEL);
      formulas.textContent = "";
      for (const control of [refreshAllButton, reloadButton, onOpenBox]) control.disabled = true;
      return;
    }
    const { store } = pageQueries();
    const [stored, census, options] = await Promise.all([store.list(), reportingFormulaCensus(), store.options()]);
    tables.show(stored.records, await linkedTablesNow(stored.records));
    void nameFilterCodes(stored.records);
    if (stored.records.length === 0) {
      const orphans = await tablesNamedLikeAddins();
      if (orphans.length > 0) tables.showEmpty(orphanTablesText(orphans));
    }
    const notices = [stored.unreadable > 0 ? unreadableText(stored.unreadable) : "", stored.recovered ? RECOVERED_TEXT : ""].filter((text) => text !== "");
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
  async function nameFilterCodes(records: readonly StoredTableQuery[]): Promise<void> {
    const labels = new Map(
      await Promise.all(
        records.map(async (record): Promise<[string, FilterLabels]> => [
          record.id,
          isLegacyModel(record.query) ? {} : await filterLabelsOf(context.runtime, record.query.filters, { profile: record.query.profile }),
        ]),
      ),
    );
    tables.label((record) => labels.get(record.id));
  }

  function reload(): Promise<void> {
    // Counting every formula of a large workbook is slow: a hidden tab is counted when it is shown.
    if (panel.hidden) return Promise.resolve();
    if (loading) return loading;
    panel.setAttribute("aria-busy", "true");
    loading = load()
      .catch((error: unknown) => context.status.show(`The workbook's queries could not be listed. ${plainMessage(error)}`, "error"))
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

  async function run(start: (listener: (step: RefreshProgress) => void) => Promise<RefreshReport>, why?: string): Promise<RefreshReport | undefined> {
    if (!inExcel) {
      context.status.show(NEEDS_EXCEL, "error");
      return undefined;
    }
    progress.start();
    context.status.busy(why ?? "Refreshing…");
    try {
      const report = await start(showStep);
      results.show(report);
      progress.finish(report);
      context.status.show(`${why ? `${why} ` : ""}${refreshSummary(report)}`, refreshFailed(report) ? "error" : "success");
      return report;
    } catch (error) {
      context.status.error(error);
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
      context.status.success(`The table ${record.table.name} no longer refreshes: it stays in the workbook with its values.`);
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
  return { reload, refreshAll };
}
