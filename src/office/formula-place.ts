/**
 * Whether a spilling formula may go in a cell. A formula's result cannot spill inside an Excel
 * table (#SPILL!), and a formula typed or written directly under a table's last row or right of
 * its last column is taken into the table by Excel's automatic expansion (AutoCorrect's
 * "Include new rows and columns in table", which applies to add-ins' writes too), where it gives
 * #SPILL! as well. Such a cell is refused, saying what to select instead.
 */

const MOVE_AWAY = "Select a cell with at least one empty row or column between it and the table, then insert again.";

/** The first table a range touches, with whether it shows a totals row; none when there is none. */
function tablesOf(range: Excel.Range): Excel.TableScopedCollection {
  const tables = range.getTables(false);
  tables.load("items/name, items/showTotals");
  return tables;
}

/**
 * Why a result of `rows` x `columns` spilled from `cell` would give #SPILL! because of a table (it
 * would fall in one, or Excel would take `cell` into the table above it or left of it), in words;
 * undefined when it would not.
 */
export async function tableInTheWay(
  context: Excel.RequestContext,
  cell: Excel.Range,
  rows: number,
  columns: number,
): Promise<string | undefined> {
  cell.load("address, rowIndex, columnIndex");
  const over = tablesOf(cell.getResizedRange(Math.max(rows, 1) - 1, Math.max(columns, 1) - 1));
  await context.sync();
  const inside = over.items[0];
  if (inside) {
    return `The formula was not inserted: its result would spill from ${cell.address} into the table ${inside.name}, and a result cannot spill inside an Excel table (#SPILL!). ${MOVE_AWAY}`;
  }
  const above = cell.rowIndex > 0 ? tablesOf(cell.getOffsetRange(-1, 0)) : undefined;
  const left = cell.columnIndex > 0 ? tablesOf(cell.getOffsetRange(0, -1)) : undefined;
  if (!above && !left) return undefined;
  await context.sync();
  // Under a totals row a table does not grow: Excel expands a table only from its last data row.
  const grows = above?.items.find((table) => !table.showTotals);
  const widens = left?.items[0];
  const table = grows ?? widens;
  if (!table) return undefined;
  return `The formula was not inserted: ${cell.address} is right ${grows ? "under" : "beside"} the table ${table.name}, so Excel would take it into the table, where a result cannot spill (#SPILL!). ${MOVE_AWAY}`;
}
