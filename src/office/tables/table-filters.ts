/**
 * A table's AutoFilter through a refresh. Values written while a filter hides rows land on the
 * wrong rows (office-js #224, a product bug), so the filter's criteria are read, the filters
 * cleared, the rows written, and the criteria applied again to the new rows.
 */

/** The criteria of each filtered column, by the column's index in the table. */
export type SavedFilters = [number, Excel.FilterCriteria][];

/**
 * Criteria as Excel reads them carry null properties that `apply` refuses (office-js #1226):
 * only the set ones are kept. A column whose criteria filter on nothing is not filtered.
 */
function setCriteria(criteria: Excel.FilterCriteria): Excel.FilterCriteria | undefined {
  const set = Object.fromEntries(
    Object.entries(criteria).filter(([, value]) => value !== null && value !== undefined),
  ) as unknown as Excel.FilterCriteria;
  return set.filterOn ? set : undefined;
}

/** Reads the table's filter criteria and clears its filters, so that every row shows while the rows are written. */
export async function clearFiltersFor(context: Excel.RequestContext, table: Excel.Table): Promise<SavedFilters> {
  const filter = table.autoFilter;
  filter.load("criteria");
  await context.sync();
  const saved: SavedFilters = [];
  (filter.criteria ?? []).forEach((criteria, index) => {
    const set = criteria ? setCriteria(criteria) : undefined;
    if (set) saved.push([index, set]);
  });
  if (saved.length > 0) {
    table.clearFilters();
    await context.sync();
  }
  return saved;
}

/**
 * Applies the saved criteria again, to the rows the table holds now: queued, synced by the caller.
 * `apply` needs a range, and a table's own filter covers its header row and body, never its totals
 * row (an Excel-made table `C4:G9` with a totals row keeps `<autoFilter ref="C4:G8">`): `getRange()`
 * would put the totals row under the filter, to be hidden or sorted with the data. The header row
 * is shown: a refresh refuses a table without it before any filter is cleared.
 */
export function applyFiltersAgain(table: Excel.Table, saved: SavedFilters): void {
  if (saved.length === 0) return;
  const filtered = table.getHeaderRowRange().getBoundingRect(table.getDataBodyRange());
  for (const [index, criteria] of saved) table.autoFilter.apply(filtered, index, criteria);
}
