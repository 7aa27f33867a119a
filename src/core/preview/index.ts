export { PREVIEW_ROWS, previewModel, textTableModel, type PreviewFacts, type PreviewModel, type PreviewRow, type PreviewTotals } from "./preview-model";
export { previewColumns, metricOfHeading, isNumericKind, type ColumnKind, type PreviewColumn, type Metric, type Variant } from "./columns";
export type { PreviewCell } from "./cell-text";
export { bucketNote, type DateBucket } from "./date-buckets";
export { labelLookupOf, NO_LABELS, type LabelLookup, type ReferenceLists } from "./labels";
export { countText, dollarText, percentText } from "./number-format";
export { columnsHiddenRight, scrollCueText, type ColumnEdges } from "./scroll-cue";
export { legacyPreviewFacts, statsPreviewFacts, type KnownToThePane } from "./query-facts";
