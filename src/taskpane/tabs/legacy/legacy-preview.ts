import { legacyStatsFormula } from "../../../core/formula-text";
import { legacyPreviewFacts, previewModel } from "../../../core/preview";
import { withReadableHeader } from "../../../core/legacy/legacy-rows";
import type { SpillTable } from "../../../core/rows/spill-table";
import type { PaneContext } from "../../shell/context";
import { loadPreviewReference } from "../../shared/preview-labels";
import { renderPreviewTable } from "../../widgets/preview-table";
import { plainMessage } from "../../shell/status";
import type { LegacyQuery } from "./legacy-query";
import { previewSummaryText } from "../../widgets/preview-summary";
import { NO_LEGACY_STATISTICS } from "./legacy-text";
import { BUILD_NAMESPACE } from "../../shared/build-namespace";

export interface LegacyPreviewElements {
  /** The preview's section, brought into view when rows arrive. */
  section: HTMLElement;
  /** Focusable (tabindex -1): it takes the focus after Preview, so that a screen reader reads it. */
  summary: HTMLElement;
  table: HTMLElement;
}

/** The Legacy tab's preview: a summary line and the first rows, with names for codes. */
export class LegacyPreview {
  constructor(
    private readonly context: PaneContext,
    private readonly elements: LegacyPreviewElements,
  ) {}

  /**
   * Run by the tab's action runner, which says a failure in the status and action bars. A
   * cancelled preview leaves the one shown as it was; a failed one says why in its place.
   */
  async show(query: LegacyQuery, fetchRows: () => Promise<SpillTable>, signal: AbortSignal): Promise<void> {
    const { context, elements } = this;
    const { model, range } = query;
    context.status.busy("Fetching the legacy preview…");
    let result: SpillTable;
    try {
      result = await fetchRows();
    } catch (error) {
      if (!signal.aborted) elements.summary.textContent = plainMessage(error);
      throw error;
    }
    // Names for codes come from the Reporting lists when the profile has a token; otherwise codes stay.
    const { labelOf } = await loadPreviewReference(context.runtime);
    signal.throwIfAborted();
    // Without a header row (headers=none) the preview still has headings: the readable ones.
    const table = withReadableHeader(result, model.groupBy);
    const headers = model.headers === "api" ? "api" : "readable";
    const facts = legacyPreviewFacts({ groupBy: [...model.groupBy], headers, period: range }, { labelOf });
    const shown = previewModel(table, facts);
    const text = previewSummaryText(shown.dataRowCount, shown.rows.length, NO_LEGACY_STATISTICS);
    elements.summary.textContent = text;
    renderPreviewTable(elements.table, shown, {
      caption: `Preview of ${legacyStatsFormula(model, BUILD_NAMESPACE)}`,
      label: "Rows of the legacy preview",
    });
    context.status.success(`Legacy preview ready: ${text}`);
    // As on the Query tab: the rows are never left below the fold.
    elements.section.scrollIntoView({ block: "start", behavior: "instant" });
    elements.summary.focus({ preventScroll: true });
  }
}
