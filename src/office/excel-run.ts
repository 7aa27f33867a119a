/**
 * Every batch of the add-in goes through here. While the user types in a cell, Excel refuses a
 * batch with InvalidOperationInCellEditMode unless it was started with `delayForCellEdit`
 * (ExcelApi 1.11, on every host the manifest admits): Excel then holds it until the user leaves
 * the cell. Batches start without a click (refresh on open), between a refresh's fetches (Refresh
 * all, the query store's records) and, since a click in the pane does not end the cell edit
 * (office-js issue 3388), after a click as well: waiting for Enter is what the user expects.
 */
export function runExcel<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
  return Excel.run({ delayForCellEdit: true }, batch);
}

/** False outside Excel: office.js missing, or loaded in a plain browser tab. */
export function excelRunAvailable(): boolean {
  return typeof Excel !== "undefined" && typeof Excel.run === "function";
}
