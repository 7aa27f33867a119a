import { countText } from "../../core/preview";

/**
 * The line above a preview's rows, in the Query and Legacy tabs alike: how many rows the answer
 * holds and how many are shown; `none` says what to do when it holds none.
 */
export function previewSummaryText(total: number, shown: number, none: string, exact = true): string {
  if (total === 0) return none;
  // The service did not say how many rows there are: it sent a full page, so there may be more.
  if (!exact) return `At least ${countText(total)} rows; the first ${countText(shown)} are shown.`;
  return `${countText(total)} ${total === 1 ? "row" : "rows"} in total${total > shown ? `; the first ${countText(shown)} are shown` : ""}.`;
}
