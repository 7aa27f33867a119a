import type { ColumnKind } from "./columns";

/**
 * The pinned columns may take at most this share of the preview's width: the rest is where the
 * figures scroll, and must stay wide enough for one of them with its heading.
 */
export const PINNED_SHARE = 0.65;

/** The leading columns that say what a row is (the date and the groups): all of them are candidates to pin. */
export function leadingGroupColumns(kinds: readonly ColumnKind[]): number {
  const first = kinds.findIndex((kind) => kind !== "date" && kind !== "group");
  return Math.max(1, first === -1 ? kinds.length : first);
}

/**
 * How many leading columns stay in view while the others scroll sideways: every group column
 * whose right edge stays within PINNED_SHARE of the view (`widths` are the candidates', in
 * order), so that a figure is never read without the date and groups it belongs to. The first
 * column is always pinned; an unmeasured view (a hidden tab) pins only it.
 */
export function pinnedColumnCount(widths: readonly number[], viewWidth: number): number {
  if (widths.length === 0) return 0;
  if (viewWidth <= 0) return 1;
  let count = 1;
  let right = widths[0] ?? 0;
  while (count < widths.length && right + (widths[count] ?? 0) <= viewWidth * PINNED_SHARE) {
    right += widths[count] ?? 0;
    count += 1;
  }
  return count;
}
