import { describeQuery } from "../../../core/workbook-queries/describe-query";
import { queryModelOf, storedModelOf, type StoredStatsTableQuery } from "../../../core/workbook-queries/stored-query";
import { refreshStoredTable } from "../../../core/workbook-queries/table-refresh";
import { pageQueries } from "../../../office/tables/page-queries";
import { refreshTablePivots } from "../../../office/tables/pivot-tables";
import type { PaneContext } from "../../shell/context";
import { whileBusy } from "../../widgets/dom";
import { queriesChanged } from "../../shared/queries-events";
import { currentQueryOf } from "./current-query";
import type { QueryForm } from "./query-form";
import { plainMessage } from "../../shell/status";
import { queryElements } from "./elements";

export interface TableEditing {
  /** Loads a table's query into the builder; saving re-runs it into the same table. Settles once shown (its code may load first). */
  edit(record: StoredStatsTableQuery): void | Promise<void>;
}

/**
 * Editing a stored table's query in the Query tab's builder. "Save and refresh the table" runs
 * the edited query into the same table (its own columns, formats, sort and filter kept) and only
 * then stores it: a query that fails leaves the table and its stored query as they were.
 */
export function setUpTableEditing(context: PaneContext, form: QueryForm): TableEditing {
  const banner = queryElements().tableEditing;
  const text = queryElements().tableEditingText;
  const save = queryElements().tableSave;
  const stop = queryElements().tableStop;
  let editing: StoredStatsTableQuery | undefined;

  function show(record: StoredStatsTableQuery | undefined): void {
    editing = record;
    banner.hidden = record === undefined;
    text.textContent = record
      ? `Editing the query of the table ${record.table.name} (${describeQuery(record.query)}). Change it, then save: the table gets the new rows and keeps its own columns and formats.`
      : "";
  }

  async function saveEdit(): Promise<void> {
    const record = editing;
    if (!record) return;
    // The check every action of the Query tab runs: a query the formulas would refuse never reaches the table.
    const current = currentQueryOf(form, context.status, () => context.today());
    if (!current) return;
    context.status.busy(`Refreshing the table ${record.table.name} with the edited query…`);
    try {
      const { coordinator, tableRefresh, logRefreshes } = pageQueries();
      let logProblem = "";
      const next = await coordinator.exclusive(async (signal) => {
        const refreshed = await refreshStoredTable(record, tableRefresh, signal, storedModelOf(current.model));
        await refreshTablePivots(refreshed).catch(() => 0);
        await logRefreshes([refreshed]).catch(
          (error: unknown) => void (logProblem = ` The Refresh log sheet did not get its row. ${plainMessage(error)}`),
        );
        return refreshed;
      });
      show(undefined);
      queriesChanged();
      context.status.success(
        `The table ${next.table.name} now runs the edited query: ${(next.lastRefresh?.rows ?? 0).toLocaleString()} rows.${logProblem}`,
      );
    } catch (error) {
      context.status.show(`The table ${record.table.name} was not changed. ${plainMessage(error)}`, "error");
    }
  }

  save.addEventListener("click", () => void whileBusy(save, saveEdit));
  stop.addEventListener("click", () => {
    show(undefined);
    context.status.show("Stopped editing: the table keeps its query.");
  });

  return {
    edit(record) {
      const problem = form.load(queryModelOf(record.query));
      if (problem) {
        context.status.show(`The builder cannot show the query of ${record.table.name}. ${problem}`, "error");
        return;
      }
      show(record);
      context.status.show(
        `The query of ${record.table.name} is in the builder. Change it, then choose Save and refresh the table.`,
      );
    },
  };
}
