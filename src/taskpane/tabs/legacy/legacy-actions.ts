import { legacyStatsFormula } from "../../../core/formula-text";
import { officePlatform } from "../../../office/page-environment";
import { insertFormulaAtSelection } from "../../../office/workbook";
import type { PaneContext } from "../../shell/context";
import { downloadsWork } from "../../widgets/downloads";
import { inExcel } from "../../shared/needs-excel";
import type { ActionRunner } from "../query/action-runner";
import { tableModelOf } from "./header-choice";
import { exportLegacy } from "./legacy-exports";
import type { LegacyQueryForm } from "./legacy-query";
import { insertLegacyTable } from "./legacy-table";
import { BUILD_NAMESPACE } from "../../shared/build-namespace";

export interface LegacyActionElements {
  insertFormula: HTMLButtonElement;
  insertTable: HTMLButtonElement;
  exportCsv: HTMLButtonElement;
  exportXlsx: HTMLButtonElement;
  /** Holds the export buttons. */
  exports: HTMLElement;
  /** Shown instead of the exports where downloads do not work. */
  exportNote: HTMLElement;
}

/**
 * Insert formula, Insert as table, Export CSV and Export Excel of the Legacy tab, run one at a
 * time by the tab's action runner as the Query tab's are: the fetching ones offer Cancel; Insert
 * as table does not, since a table written half way is worse than a wait.
 */
export class LegacyActions {
  constructor(
    /** The context the actions run with (their status is the action bar's). */
    private readonly context: PaneContext,
    private readonly form: LegacyQueryForm,
    runner: ActionRunner,
    elements: LegacyActionElements,
  ) {
    const { insertFormula, insertTable, exportCsv, exportXlsx } = elements;
    insertFormula.addEventListener(
      "click",
      () => void runner.run(insertFormula, (signal) => this.insertFormula(signal), { cancellable: true }),
    );
    insertTable.addEventListener(
      "click",
      () => void runner.run(insertTable, () => this.insertTable(), { cancellable: false }),
    );
    // Excel for Mac ignores downloads (downloads.ts), and the legacy service has no export the
    // add-in's server could prepare: there the buttons give way to a note.
    const canDownload = downloadsWork(officePlatform());
    elements.exports.hidden = !canDownload;
    elements.exportNote.hidden = canDownload;
    exportCsv.addEventListener(
      "click",
      () => void runner.run(exportCsv, (signal) => this.exportFile("csv", signal), { cancellable: true }),
    );
    exportXlsx.addEventListener(
      "click",
      () => void runner.run(exportXlsx, (signal) => this.exportFile("xlsx", signal), { cancellable: true }),
    );
  }

  private async insertFormula(signal: AbortSignal): Promise<void> {
    if (!inExcel(this.context)) return;
    const model = this.form.current()?.model;
    if (!model) return;
    this.context.status.busy("Inserting the formula…");
    // The answer sizes the spill's formats; it stays cached for the formula.
    const result = await this.form.rowsOf(model, signal);
    // Cancel pressed while the answer came: nothing is written.
    signal.throwIfAborted();
    const inserted = await insertFormulaAtSelection({ formula: legacyStatsFormula(model, BUILD_NAMESPACE), result });
    this.context.status.success(`Formula inserted at ${inserted.address}.`);
  }

  private async insertTable(): Promise<void> {
    if (!inExcel(this.context)) return;
    const model = this.form.current()?.model;
    if (!model) return;
    this.context.status.busy("Fetching every row for the table…");
    const tableModel = tableModelOf(model);
    await insertLegacyTable(this.context, tableModel, await this.form.rowsOf(tableModel));
  }

  private async exportFile(kind: "csv" | "xlsx", signal: AbortSignal): Promise<void> {
    const query = this.form.current();
    if (!query) return;
    this.context.status.busy(kind === "csv" ? "Preparing the CSV file…" : "Preparing the Excel file…");
    const table = await this.form.rowsOf(query.model, signal);
    await exportLegacy(this.context, { ...query, table, kind }, signal);
  }
}
