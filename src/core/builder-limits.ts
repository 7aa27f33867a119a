import type { FilterName } from "../api";
import type { StatsQueryModel } from "./formula-text";

/**
 * What the task pane's query builder cannot show of a query, though a formula may hold it.
 * Loading such a query would quietly change it on "Update formula" (reordered columns, a dropped
 * option), so the builder refuses it and says why instead.
 */

const EDIT_IN_CELL = "Edit the formula in the cell instead; the builder leaves it as it is.";

/** Why the builder cannot hold `model`, or undefined when it can. `filters` are the builder's filter pickers. */
export function builderProblem(model: StatsQueryModel, filters: readonly FilterName[]): string | undefined {
  const unpicked = Object.keys(model.filters).find((name) => !filters.includes(name as FilterName));
  if (unpicked) return `The formula filters on ${unpicked}, which the builder has no picker for. ${EDIT_IN_CELL}`;
  const byDate = model.groups.includes("date");
  if (!byDate && model.dateGroup !== undefined && model.dateGroup !== "day") {
    return `The formula sets date_group=${model.dateGroup} without grouping by date; the builder offers date grouping only with the Date grouping. ${EDIT_IN_CELL}`;
  }
  if (!byDate && model.dateGroupLimit !== undefined) {
    return `The formula sets date_group_limit without grouping by date; the builder offers it only with the Date grouping. ${EDIT_IN_CELL}`;
  }
  if (model.limit === 0) return `The formula sets limit=0; the builder's Maximum rows starts at 1. ${EDIT_IN_CELL}`;
  if (model.dateGroupLimit === 0)
    return `The formula sets date_group_limit=0; the builder's Most recent periods starts at 1. ${EDIT_IN_CELL}`;
  return undefined;
}
