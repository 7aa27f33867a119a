import type { SpillCell, SpillRows } from "./cell-values";
import type { SpillTable } from "./rows/spill-table";

/** Excel on the web refuses results near 5 MB; the default leaves room for its own envelope. */
export const DEFAULT_SPILL_BUDGET_BYTES = 4_500_000;

// Room kept for the closing message row itself.
const MESSAGE_RESERVE_BYTES = 300;
// A double written out takes at most about 24 characters; most take far fewer.
const NUMBER_BYTES = 20;

/** A cheap upper-side guess of a cell's size once serialized (a separator included). */
export function estimateCellBytes(cell: SpillCell): number {
  if (typeof cell === "number") return NUMBER_BYTES + 1;
  if (typeof cell === "string") return cell.length + 3;
  return 6;
}

function estimateRowBytes(row: readonly SpillCell[]): number {
  let bytes = 2;
  for (let index = 0; index < row.length; index++) bytes += estimateCellBytes(row[index]!);
  return bytes;
}

export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function omittedRowsMessage(omitted: number): string {
  const rows = omitted === 1 ? "1 more row" : `${formatCount(omitted)} more rows`;
  return `${rows} not shown: use Insert as table in the Reporting task pane to bring them all.`;
}

/**
 * Keeps a table within the spill budget: the rows that fit, then one row saying how many were
 * left out and how to get them all, padded to the table's width. Never throws: a spill that
 * fails would blank every cell, which is worse than a partial one that says so.
 */
export function limitSpill(table: SpillTable, budgetBytes: number = DEFAULT_SPILL_BUDGET_BYTES): SpillTable {
  const { rows } = table;
  const limit = Math.max(budgetBytes - MESSAGE_RESERVE_BYTES, 0);
  let used = 0;
  let kept = 0;
  while (kept < rows.length) {
    const next = used + estimateRowBytes(rows[kept]!);
    if (next > limit) break;
    used = next;
    kept++;
  }
  if (kept === rows.length) return table;
  const headerCount = rows.length - table.dataRowCount;
  const keptDataRows = Math.max(kept - headerCount, 0);
  const omitted = table.dataRowCount - keptDataRows;
  const width = Math.max(...rows.slice(0, Math.max(kept, 1)).map((row) => row.length), 1);
  const messageRow: SpillCell[] = new Array<SpillCell>(width).fill("");
  messageRow[0] = omittedRowsMessage(omitted);
  const limited: SpillRows = rows.slice(0, headerCount + keptDataRows);
  limited.push(messageRow);
  return { ...table, rows: limited, omittedRowCount: omitted };
}
