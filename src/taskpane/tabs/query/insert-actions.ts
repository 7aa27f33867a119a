import type { SpillTable } from "../../../core/rows/spill-table";
import { formulaProblem } from "../../../core/formula-text";
import type { ReportingRuntime } from "../../../core/runtime/reporting-runtime";
import { insertFormulaAtSelection } from "../../../office/workbook";
import type { PaneContext } from "../../shell/context";
import { inExcel } from "../../shared/needs-excel";
import type { TableOptions } from "./table-options";
import type { ActionRunner } from "./action-runner";
import type { CurrentQuery } from "./current-query";
import { insertLinkedTable } from "./on-demand-actions";
import type { PreviewCache } from "./preview-cache";

export interface InsertElements {
  insertFormula: HTMLButtonElement;
  insertTable: HTMLButtonElement;
}

/** Insert formula and Insert as table: the query put in the workbook, as a formula or as a linked table. */
export function setUpInsertActions(
  elements: InsertElements,
  deps: {
    /** The context the actions run with (their status is the action bar's). */
    context: PaneContext;
    runner: ActionRunner;
    currentQuery: () => CurrentQuery | undefined;
    previews: PreviewCache;
    tableOptions: TableOptions;
  },
): void {
  const { context, runner, currentQuery, previews, tableOptions } = deps;
  const { status } = context;
  const runtime: Pick<ReportingRuntime, "functions"> = context.runtime;

  async function insertFormula(signal: AbortSignal): Promise<void> {
    if (!inExcel(context)) return;
    const current = currentQuery();
    if (!current) return;
    const problem = formulaProblem(current.formula);
    if (problem) {
      status.show(problem, "error");
      return;
    }
    status.busy("Inserting the formula…");
    // The answer sizes the date format to the rows the spill will show; it stays cached for the formula.
    const table: SpillTable =
      previews.tableOf(current.formula) ?? (await runtime.functions.statsTable(current.query, signal));
    // Cancel pressed while the answer came: nothing is written.
    signal.throwIfAborted();
    const inserted = await insertFormulaAtSelection({ formula: current.formula, result: table });
    const follows = current.model.profile
      ? `stays on the profile ${current.model.profile}`
      : "recalculates with the active profile";
    status.success(`Formula inserted at ${inserted.address}. It ${follows}.`);
  }

  async function insertAsTable(): Promise<void> {
    if (!inExcel(context)) return;
    const current = currentQuery();
    if (!current) return;
    await insertLinkedTable(context, current.model, tableOptions.read());
    void tableOptions.refreshSheets();
  }

  elements.insertFormula.addEventListener(
    "click",
    () => void runner.run(elements.insertFormula, insertFormula, { cancellable: true }),
  );
  // Not cancellable: the table is written in steps that must not stop half way.
  elements.insertTable.addEventListener(
    "click",
    () => void runner.run(elements.insertTable, insertAsTable, { cancellable: false }),
  );
}
