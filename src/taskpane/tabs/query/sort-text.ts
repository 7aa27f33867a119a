import { sortText } from "../../../core/query-words";
import { readableColumnName } from "../../../core/rows/headers";

/** The words of the Sort by controls: a sort is `field` or `field:desc`, shown with the column's readable name. */

/** The column a sort is on, without its direction. */
export function sortFieldOf(order: string): string {
  return order.replace(/:desc$/, "");
}

/** A sort as the list shows it: `Revenues, descending`. */
export function sortItemOf(order: string): { value: string; label: string } {
  return { value: order, label: sortText(order) };
}

/** The sort the selects describe: `field:desc` for descending. */
export function sortOf(field: string, direction: string): string {
  return direction === "desc" ? `${field}:desc` : field;
}

/** Says that a column chosen in the selects is not applied before Add, and what Add does. */
export function pendingSortText(field: string, direction: string): string {
  return field === ""
    ? "Choose a column, then Add: a sort applies once it is in the list above."
    : `Not applied yet: choose Add to sort by ${readableColumnName(field)}, ${direction === "desc" ? "descending" : "ascending"}.`;
}
