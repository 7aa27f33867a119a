import { legacyStatsFormula } from "../../core/formula-text";
import { officePlatform } from "../../office/host";
import { insertFormulaAtSelection } from "../../office/workbook";
import type { PaneContext } from "../context";
import { whileBusy } from "../dom";
import { downloadsWork } from "../downloads";
import { NEEDS_EXCEL } from "../needs-excel";
import { exportLegacy } from "./legacy-exports";
import type { LegacyQueryForm } from "./legacy-query";
import { insertLegacyTable } from "./legacy-table";

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

/** Insert formula, Insert as table, Export CSV and Export Excel of the Legacy tab. */
export class LegacyActions {
  constructor(
    private readonly context: PaneContext,
    private readonly form: LegacyQueryForm,
    elements: LegacyActionElements,
  ) {
    const { insertFormula, insertTable, exportCsv, exportXlsx } = elements;
    insertFormula.addEventListener("click", () => void whileBusy(insertFormula, () => this.insertFormula()));
    insertTable.addEventListener("click", () => void whileBusy(insertTable, () => this.insertTable()));
    // Excel for Mac ignores downloads (downloads.ts), and the legacy service has no export the
    // add-in's server could prepare: there the buttons give way to a note.
    const canDownload = downloadsWork(officePlatform());
    elements.exports.hidden = !canDownload;
    elements.exportNote.hidden = canDownload;
    exportCsv.addEventListener("click", () => void whileBusy(exportCsv, () => this.exportFile("csv")));
    exportXlsx.addEventListener("click", () => void whileBusy(exportXlsx, () => this.exportFile("xlsx")));
  }

  private inExcel(): boolean {
    if (this.context.host === "excel") return true;
    this.context.status.show(NEEDS_EXCEL, "error");
    return false;
  }

  private async insertFormula(): Promise<void> {
    if (!this.inExcel()) return;
    const model = this.form.current()?.model;
    if (!model) return;
    const { status } = this.context;
    status.busy("Inserting the formula…");
    try {
      const result = await this.form.rowsOf(model);
      const inserted = await insertFormulaAtSelection({ formula: legacyStatsFormula(model), result });
      status.success(`Formula inserted at ${inserted.address}.`);
    } catch (error) {
      status.error(error);
    }
  }

  private async insertTable(): Promise<void> {
    if (!this.inExcel()) return;
    const model = this.form.current()?.model;
    if (!model) return;
    this.context.status.busy("Fetching every row for the table…");
    try {
      await insertLegacyTable(this.context, model, await this.form.rowsOf(model));
    } catch (error) {
      this.context.status.error(error);
    }
  }

  private async exportFile(kind: "csv" | "xlsx"): Promise<void> {
    const query = this.form.current();
    if (!query) return;
    this.context.status.busy(kind === "csv" ? "Preparing the CSV file…" : "Preparing the Excel file…");
    try {
      await exportLegacy(this.context, { ...query, table: await this.form.rowsOf(query.model), kind });
    } catch (error) {
      this.context.status.error(error);
    }
  }
}
