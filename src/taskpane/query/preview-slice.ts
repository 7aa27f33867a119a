import type { PreviewCell } from "../preview-table";

/** The rows a preview shows of a table, and the sentence saying how many there are. Pure. */
export interface PreviewSlice {
  header: readonly PreviewCell[] | undefined;
  rows: readonly (readonly PreviewCell[])[];
  summary: string;
}

export function previewSlice(
  table: { rows: readonly (readonly PreviewCell[])[]; dataRowCount: number },
  hasHeader: boolean,
  maxRows: number,
): PreviewSlice {
  const first = hasHeader ? 1 : 0;
  const header = hasHeader ? table.rows[0] : undefined;
  const rows = table.dataRowCount === 0 ? [] : table.rows.slice(first, first + maxRows);
  const total = table.dataRowCount;
  const summary =
    total === 0
      ? "No statistics match this query: try a longer period or fewer filters."
      : `${total.toLocaleString("en-US")} ${total === 1 ? "row" : "rows"} in total${total > rows.length ? `; the first ${rows.length} are shown` : ""}.`;
  return { header, rows, summary };
}
