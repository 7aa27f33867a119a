/**
 * A table's totals row (Table Design > Total Row) through a refresh. The row sits under the
 * body, so the body cannot grow or shrink under it: the refresh takes it away, then shows it
 * again under the new rows with what the user put in it (SUBTOTAL formulas, labels, formats).
 */

export interface SavedTotals {
  formulas: unknown[][];
  formats: string[][];
}

/** Reads what the totals row holds, then hides it (Excel empties its cells). */
export async function takeTotalsAway(context: Excel.RequestContext, table: Excel.Table): Promise<SavedTotals> {
  const row = table.getTotalRowRange();
  row.load("formulas, numberFormat");
  await context.sync();
  const saved = { formulas: row.formulas, formats: row.numberFormat.map((cells) => cells.map(String)) };
  table.showTotals = false;
  await context.sync();
  return saved;
}

/** Shows the totals row again under the body, holding what it held: queued, synced by the caller. */
export function putTotalsBack(table: Excel.Table, saved: SavedTotals): void {
  table.showTotals = true;
  const row = table.getTotalRowRange();
  // Formats first, so that a label stays the text it was.
  row.numberFormat = saved.formats;
  row.formulas = saved.formulas as string[][];
}
