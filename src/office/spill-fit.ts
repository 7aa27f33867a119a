import { headerRowCount, type SpillTable } from "../core/rows/spill-table";
import { DEFAULT_SPILL_BUDGET_BYTES, jsonBytes, omittedRowsNote } from "../core/spill-limit";
import { rowEncoder, type DateCellStyle, type SpillOutput } from "./formatted-values";

/** A table cut to one spill, its rows as Excel receives them. */
export interface FittedSpill {
  /** The header, the first data rows that fit, then (when any were left out) the note saying how many. */
  rows: SpillOutput;
  /** Rows above the data: the header row, or the blank row of an empty answer. */
  headerRows: number;
  /** Data rows kept. */
  shownRows: number;
  /** Data rows of the whole answer left out (0 when all fit). */
  omittedRowCount: number;
}

/**
 * The one cut of a spill: the header, as many first data rows as fit in `budgetBytes`, then one
 * row saying how many were left out and how to get them all, padded to the table's width. Each
 * row is encoded once, as this Excel receives it in `style` (a dated value costs about five
 * times a bare serial), measured once as the UTF-8 of its JSON, and the encoded rows are what
 * is returned. Never throws: a spill that fails would blank every cell, which is
 * worse than a partial one that says so.
 */
export function fitSpill(
  table: SpillTable,
  style: DateCellStyle,
  budgetBytes: number = DEFAULT_SPILL_BUDGET_BYTES,
): FittedSpill {
  const { rows, dataRowCount } = table;
  const encode = rowEncoder(table, style);
  const headerRows = headerRowCount(table);
  let width = 1;
  for (let index = 0; index < rows.length; index++) width = Math.max(width, rows[index]!.length);
  // The note has no number, so it goes as it is, whatever the style.
  const noteBytes = (omitted: number) => jsonBytes(omittedRowsNote(omitted, width));
  // Note texts only grow with the count they give, so the longest is that of every row.
  const longestNote = noteBytes(dataRowCount);

  const output: SpillOutput = [];
  // "[" then each row followed by "," or the closing "]".
  let used = 1;
  for (let index = 0; index < headerRows; index++) {
    const row = encode(rows[index]!);
    used += jsonBytes(row) + 1;
    output.push(row);
  }
  let kept = 0;
  while (kept < dataRowCount) {
    const row = encode(rows[headerRows + kept]!);
    const next = used + jsonBytes(row) + 1;
    const left = dataRowCount - kept - 1;
    // A row kept costs at least 4 bytes ("[x]" and a comma) while its note shrinks by at most 2
    // ("1,000" to "999"): the size only grows, so the first row that does not fit ends the
    // search. The exact note is measured only near the end of the budget.
    const needed = left === 0 || next + longestNote + 1 <= budgetBytes ? next : next + noteBytes(left) + 1;
    if (needed > budgetBytes) break;
    output.push(row);
    used = next;
    kept++;
  }
  const omittedRowCount = dataRowCount - kept;
  if (omittedRowCount > 0) output.push(omittedRowsNote(omittedRowCount, width));
  return { rows: output, headerRows, shownRows: kept, omittedRowCount };
}
