/**
 * Tells the Queries view that the workbook's stored queries changed (a table inserted, a query
 * edited), so that it lists them afresh, without the Query tab knowing about the view.
 */
const QUERIES_CHANGED = "reporting:queries-changed";

export function queriesChanged(): void {
  document.dispatchEvent(new Event(QUERIES_CHANGED));
}

export function onQueriesChanged(listener: () => void): void {
  document.addEventListener(QUERIES_CHANGED, listener);
}
