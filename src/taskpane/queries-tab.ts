import { describeQuery } from "../core/workbook-queries/describe-query";
import type { RefreshItem, RefreshProgress, RefreshReport } from "../core/workbook-queries/refresh-run";
import type { StoredTableQuery } from "../core/workbook-queries/stored-query";
import { reportingFormulaCensus, type FormulaCount } from "../office/tables/formula-census";
import { goToTable, linkedTablesNow, type LinkedTableNow } from "../office/tables/linked-tables";
import { pageQueries } from "../office/tables/page-queries";
import { loadWithDocument, startupBehaviorSupported } from "../office/tables/startup";
import type { PaneContext } from "./context";
import { byId, el, whileBusy } from "./dom";
import { onQueriesChanged } from "./queries-events";
import { plainMessage } from "./status";
import type { TableEditing } from "./table-edit";

export interface QueriesView {
  /** Lists the workbook's tables and formulas afresh. */
  reload(): Promise<void>;
  /** Refresh all, with progress, Cancel and the results; `why` opens the status message. */
  refreshAll(why?: string): Promise<RefreshReport | undefined>;
}

const NEEDS_EXCEL = "The workbook's queries live in Excel: open this add-in there to see and refresh them.";

function when(iso: string | undefined): string {
  return iso ? new Date(iso).toLocaleString() : "never";
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

function formulasText(counts: readonly FormulaCount[]): string {
  if (counts.length === 0) return "No REPORTING formula in this workbook.";
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  return `${plural(total, "REPORTING formula")}: ${counts.map((entry) => `${entry.count.toLocaleString()} on ${entry.sheet}`).join(", ")}. Refresh all recalculates them.`;
}

function resultText(item: RefreshItem): string {
  switch (item.state) {
    case "refreshed": {
      if (item.kind === "formulas") return `${item.label}: recalculated.`;
      const parts = [`${item.label}: refreshed, ${plural(item.rows ?? 0, "row")}`];
      if (item.dataThrough) parts.push(`data through ${item.dataThrough}`);
      if (item.pivots) parts.push(`${plural(item.pivots, "PivotTable")} refreshed`);
      return `${parts.join(", ")}.${item.warning ? ` ${item.warning}` : ""}`;
    }
    case "failed":
      return `${item.label}: failed. ${item.reason ?? ""}`;
    case "not_refreshed":
      return `${item.label}: ${item.reason ?? "not refreshed."}`;
    case "running":
      return `${item.label}: refreshing…`;
    case "waiting":
      return `${item.label}: waiting.`;
  }
}

/** The Queries tab: every refreshable thing of the workbook, Refresh all, and refresh on open. */
export function setUpQueriesTab(context: PaneContext, editing: TableEditing, showQueryTab: () => void): QueriesView {
  const list = byId<HTMLUListElement>("queries-tables");
  const empty = byId("queries-empty");
  const unreadable = byId("queries-unreadable");
  const formulas = byId("queries-formulas");
  const refreshAllButton = byId<HTMLButtonElement>("queries-refresh-all");
  const cancel = byId<HTMLButtonElement>("queries-cancel");
  const reloadButton = byId<HTMLButtonElement>("queries-reload");
  const progress = byId("queries-progress");
  const bar = byId<HTMLProgressElement>("queries-progress-bar");
  const progressText = byId("queries-progress-text");
  const results = byId<HTMLUListElement>("queries-results");
  const onOpen = byId<HTMLInputElement>("queries-refresh-on-open");
  const inExcel = context.host === "excel";
  let loading: Promise<void> | undefined;

  function itemFor(record: StoredTableQuery, now: LinkedTableNow | undefined): HTMLLIElement {
    const found = now?.found ? now : undefined;
    const name = found?.name ?? record.table.name;
    const meta = [
      found ? `On ${found.sheet}` : "Not in the workbook any more",
      plural(record.lastRefresh?.rows ?? 0, "row"),
      `last refreshed ${when(record.lastRefresh?.at)}${record.lastRefresh?.profile ? ` with ${record.lastRefresh.profile}` : ""}`,
      `data through ${record.lastRefresh?.dataThrough ?? "unknown"}`,
    ].join(" · ");
    const actions = (
      [
        ["refresh", "Refresh", () => refreshOne(record)],
        ["edit", "Edit", async () => {
          showQueryTab();
          await editing.edit(record);
        }],
        ["goto", "Go to", () => goTo(record)],
        ["unlink", "Remove link", () => unlink(record)],
      ] as const
    ).map(([action, label, run]) => {
      const button = el("button", { className: "secondary", text: label, attrs: { type: "button", "data-action": action, "aria-label": `${label}: ${name}` } });
      button.addEventListener("click", () => void whileBusy(button, run));
      return button;
    });
    return el("li", { attrs: { "data-query-id": record.id, "data-table": name } }, [
      el("h3", { text: name }),
      el("p", { className: "hint", text: meta }),
      el("p", { text: describeQuery(record.query) }),
      record.pivots.length > 0 && el("p", { className: "hint", text: `PivotTable ${record.pivots.map((pivot) => `${pivot.name} on ${pivot.sheet}`).join(", ")}` }),
      record.lastFailure && el("p", { className: "problem", text: `The last refresh failed (${when(record.lastFailure.at)}): ${record.lastFailure.reason}` }),
      el("div", { className: "button-row" }, actions),
    ]);
  }

  async function load(): Promise<void> {
    if (!inExcel) {
      empty.hidden = false;
      empty.textContent = NEEDS_EXCEL;
      formulas.textContent = "";
      for (const control of [refreshAllButton, reloadButton, onOpen]) control.disabled = true;
      return;
    }
    const { store } = pageQueries();
    const [stored, census, options] = await Promise.all([store.list(), reportingFormulaCensus(), store.options()]);
    const now = await linkedTablesNow(stored.records);
    list.replaceChildren(...stored.records.map((record) => itemFor(record, now.get(record.id))));
    empty.hidden = stored.records.length > 0;
    unreadable.hidden = stored.unreadable === 0;
    unreadable.textContent = `${plural(stored.unreadable, "stored query", "stored queries")} of this workbook could not be read by this version of the add-in and ${stored.unreadable === 1 ? "is" : "are"} left as ${stored.unreadable === 1 ? "it is" : "they are"}.`;
    formulas.textContent = formulasText(census);
    onOpen.checked = options.refreshOnOpen;
  }

  function reload(): Promise<void> {
    loading ??= load()
      .catch((error: unknown) => context.status.show(`The workbook's queries could not be listed. ${plainMessage(error)}`, "error"))
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  function showProgress(step: RefreshProgress): void {
    progress.hidden = false;
    bar.max = Math.max(1, step.total);
    bar.value = step.done;
    const current = step.current.length > 0 ? `: ${step.current.join(", ")}` : "";
    progressText.textContent = step.cancelled
      ? `Cancelling… ${step.done} of ${step.total} done${current}`
      : `Refreshing ${Math.min(step.done + 1, step.total)} of ${step.total}${current}`;
    results.hidden = false;
    results.replaceChildren(...step.items.map((item) => el("li", { className: item.state, attrs: { "data-id": item.id }, text: resultText(item) })));
  }

  function summary(report: RefreshReport): string {
    const failed = report.items.filter((item) => item.state === "failed").length;
    const skipped = report.items.filter((item) => item.state === "not_refreshed").length;
    const refreshed = report.items.filter((item) => item.state === "refreshed").length;
    if (report.cancelled) return `Refresh cancelled: ${refreshed} of ${report.total} refreshed, ${skipped} not refreshed${failed ? `, ${failed} failed` : ""}. What finished stays.`;
    if (failed > 0) return `Refreshed ${refreshed} of ${report.total}; ${plural(failed, "failure")}, with the reason below.`;
    return `Refreshed all ${report.total}: formulas recalculated, ${plural(report.total - 1, "table")} refreshed.`;
  }

  async function run(start: (listener: (step: RefreshProgress) => void) => Promise<RefreshReport>, why?: string): Promise<RefreshReport | undefined> {
    if (!inExcel) {
      context.status.show(NEEDS_EXCEL, "error");
      return undefined;
    }
    cancel.hidden = false;
    context.status.busy(why ?? "Refreshing…");
    try {
      const report = await start(showProgress);
      showProgress(report);
      progressText.textContent = summary(report);
      const failed = report.items.some((item) => item.state === "failed");
      context.status.show(`${why ? `${why} ` : ""}${summary(report)}`, failed ? "error" : "success");
      return report;
    } catch (error) {
      context.status.error(error);
      return undefined;
    } finally {
      cancel.hidden = true;
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

  async function setRefreshOnOpen(): Promise<void> {
    const on = onOpen.checked;
    try {
      await pageQueries().store.setOptions({ refreshOnOpen: on });
      const loads = await loadWithDocument(on);
      context.status.success(
        on
          ? loads
            ? "This workbook refreshes its formulas and tables when it opens."
            : "This workbook refreshes when the add-in opens. This Excel cannot load the add-in with the workbook by itself (SharedRuntime 1.1): open the Reporting pane to refresh."
          : "This workbook no longer refreshes when it opens.",
      );
    } catch (error) {
      onOpen.checked = !on;
      context.status.error(error);
    }
  }

  refreshAllButton.addEventListener("click", () => void whileBusy(refreshAllButton, () => refreshAll()));
  cancel.addEventListener("click", () => {
    pageQueries().coordinator.cancel();
    context.status.busy("Cancelling: what is being written finishes, the rest stays as it was…");
  });
  reloadButton.addEventListener("click", () => void whileBusy(reloadButton, reload));
  onOpen.addEventListener("change", () => void setRefreshOnOpen());
  onOpen.setAttribute("data-startup-supported", String(startupBehaviorSupported()));
  onQueriesChanged(() => void reload());
  return { reload, refreshAll };
}
