import { legacyStatsFormula } from "../../core/formula-text";
import { legacyPreviewFacts, previewModel } from "../../core/preview";
import type { SpillTable } from "../../core/rows/spill-table";
import type { PaneContext } from "../context";
import { loadPreviewReference } from "../preview-labels";
import { PREVIEW_ROWS, renderPreviewTable } from "../preview-table";
import { plainMessage } from "../status";
import type { LegacyQuery } from "./legacy-query";
import { previewSummaryText } from "../preview-summary";
import { NO_LEGACY_STATISTICS } from "./legacy-text";

export interface LegacyPreviewElements {
  summary: HTMLElement;
  table: HTMLElement;
}

/** The Legacy tab's preview: a summary line and the first rows, with names for codes. */
export class LegacyPreview {
  constructor(
    private readonly context: PaneContext,
    private readonly elements: LegacyPreviewElements,
  ) {}

  async show(query: LegacyQuery, fetchRows: () => Promise<SpillTable>): Promise<void> {
    const { context, elements } = this;
    const { model, range } = query;
    context.status.busy("Fetching the legacy preview…");
    try {
      const result = await fetchRows();
      // Names for codes come from the Reporting lists when the profile has a token; otherwise codes stay.
      const { labelOf } = await loadPreviewReference(context.runtime);
      const facts = legacyPreviewFacts({ groupBy: [...model.groupBy], headers: "readable", period: range }, result, { labelOf, shownRows: PREVIEW_ROWS });
      const shown = previewModel(result, facts);
      const text = previewSummaryText(shown.dataRowCount, shown.rows.length, NO_LEGACY_STATISTICS);
      elements.summary.textContent = text;
      renderPreviewTable(elements.table, shown, { caption: `Preview of ${legacyStatsFormula(model)}`, label: "Rows of the legacy preview" });
      context.status.success(`Legacy preview ready: ${text}`);
    } catch (error) {
      elements.summary.textContent = plainMessage(error);
      context.status.error(error);
    }
  }
}
