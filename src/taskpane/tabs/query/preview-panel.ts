import { previewModel, type PreviewFacts, type PreviewModel } from "../../../core/preview";
import type { SpillTable } from "../../../core/rows/spill-table";
import { previewSummaryText } from "../../widgets/preview-summary";
import { renderPreviewTable } from "../../widgets/preview-table";

const NO_MATCH = "No statistics match this query: try a longer period or fewer filters.";

export interface PreviewPanelElements {
  section: HTMLElement;
  summary: HTMLElement;
  stale: HTMLElement;
  table: HTMLElement;
}

/**
 * The Query tab's preview: the one place that renders the table (renderPreviewTable), marks it out
 * of date the moment the query differs from the one previewed, and brings it into view with
 * focus on its summary, so that the results of Preview are never left below the fold.
 */
export class PreviewPanel {
  /** The formula text of the preview shown; undefined before the first one. */
  private shownFormula: string | undefined;
  private readonly initialSummary: string;

  constructor(private readonly elements: PreviewPanelElements) {
    this.initialSummary = elements.summary.textContent ?? "";
  }

  get formula(): string | undefined {
    return this.shownFormula;
  }

  /**
   * Shows the first rows of `table`, the preview of `formula`, with totals of all its rows when
   * it holds them all, names for codes and partial periods marked (`facts`); returns the summary
   * sentence and the model shown.
   */
  show(table: SpillTable, formula: string, facts: PreviewFacts): { summary: string; model: PreviewModel } {
    const model = previewModel(table, facts);
    const summary = previewSummaryText(model.dataRowCount, model.rows.length, NO_MATCH, model.countExact);
    this.elements.summary.textContent = summary;
    renderPreviewTable(this.elements.table, model, {
      caption: `Preview of ${formula}`,
      label: "Rows of the query preview",
    });
    this.shownFormula = formula;
    this.follow(formula);
    return { summary, model };
  }

  /** A failed preview says why in place of the summary; the rows of the last one go, as they no longer answer the query. */
  showError(message: string): void {
    this.elements.summary.textContent = message;
    this.elements.table.replaceChildren();
    this.shownFormula = undefined;
    this.follow(undefined);
  }

  /** Forgets the preview (a switch of profile): its rows belong to another account. */
  reset(): void {
    this.elements.summary.textContent = this.initialSummary;
    this.elements.table.replaceChildren();
    this.shownFormula = undefined;
    this.follow(undefined);
  }

  /** Follows the form: the preview is out of date whenever the query (or its absence) differs from the one shown; says whether it is. */
  follow(currentFormula: string | undefined): boolean {
    const stale = this.shownFormula !== undefined && currentFormula !== this.shownFormula;
    this.elements.stale.hidden = !stale;
    this.elements.section.classList.toggle("stale", stale);
    if (stale) this.elements.section.dataset.stale = "true";
    else delete this.elements.section.dataset.stale;
    return stale;
  }

  /** Scrolls the preview into view and moves focus to its summary, which a screen reader then reads. */
  reveal(): void {
    this.elements.section.scrollIntoView({ block: "start", behavior: "instant" });
    this.elements.summary.focus({ preventScroll: true });
  }
}
