// The browser side of test/e2e/pane-preview.test.ts: the pane's own preview model and renderer,
// bundled alone, so that a test can show any answer in them without the Query tab around it.
import type { StatsQuery } from "../../../../src/core/arguments/stats-query";
import { labelLookupOf, previewModel, statsPreviewFacts, type ReferenceLists } from "../../../../src/core/preview";
import type { SpillTable } from "../../../../src/core/rows/spill-table";
import { renderPreviewTable } from "../../../../src/taskpane/preview-table";

export interface PreviewPageInput {
  table: SpillTable;
  query: StatsQuery;
  lists: ReferenceLists;
  dataThrough?: string;
  caption: string;
}

function render(input: PreviewPageInput): void {
  const container = document.getElementById("preview-table");
  if (!container) throw new Error("the test page lacks #preview-table");
  const model = previewModel(
    input.table,
    statsPreviewFacts(input.query, input.table, { labelOf: labelLookupOf(input.lists), ...(input.dataThrough ? { dataThrough: input.dataThrough } : {}) }),
  );
  renderPreviewTable(container, model, { caption: input.caption, label: "Query preview" });
}

(window as unknown as { renderPreview: typeof render }).renderPreview = render;
