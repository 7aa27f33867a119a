export {
  PREVIEW_ROWS,
  previewModel,
  textTableModel,
  type AnswerReach,
  type PreviewFacts,
  type PreviewModel,
} from "./preview-model";
export { isNumericKind } from "./columns";
export type { PreviewCell } from "./cell-text";
export { bucketNote } from "./date-buckets";
export { labelLookupOf, type LabelLookup, type ReferenceLists } from "./labels";
export { countText, moneyText, percentText } from "./number-format";
export { columnsHiddenRight, scrollCueText, type ColumnEdges } from "./scroll-cue";
export { leadingGroupColumns, pinnedColumnCount } from "./pinned-columns";
export { legacyPreviewFacts, statsPreviewFacts } from "./query-facts";
