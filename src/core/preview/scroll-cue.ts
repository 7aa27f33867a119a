/** Where a column sits in the scrolled content, in pixels from the table's left edge. */
export interface ColumnEdges {
  left: number;
  right: number;
}

/** Half-pixel rounding of the layout must not count a column that is fully in view. */
const TOLERANCE_PX = 1;

/** Columns that end beyond the right edge of what the scroll box shows. */
export function columnsHiddenRight(columns: readonly ColumnEdges[], scrollLeft: number, viewWidth: number): number {
  const viewRight = scrollLeft + viewWidth + TOLERANCE_PX;
  return columns.filter((column) => column.right > viewRight).length;
}

/** The cue under a table wider than the pane; empty when every column is in view. */
export function scrollCueText(hiddenRight: number): string {
  if (hiddenRight <= 0) return "";
  return `Scroll sideways for ${hiddenRight} more ${hiddenRight === 1 ? "column" : "columns"}`;
}
