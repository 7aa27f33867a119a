import type { HeaderStyle } from "../arguments/options";
import { dataRows, headerRowCount, type SpillTable } from "../rows/spill-table";
import { previewColumns, type ColumnFacts, type PreviewColumn } from "./columns";
import { previewCell, type PreviewCell } from "./cell-text";
import type { DateBucket } from "./date-buckets";
import { countText } from "./number-format";
import { NO_LABELS, type LabelLookup } from "./labels";
import { columnTotals } from "./totals";

/** Rows shown in the pane; the workbook gets them all. */
export const PREVIEW_ROWS = 20;

/** What is known of the query behind a table, beyond the table itself (its date and percent columns). */
export interface PreviewFacts extends Omit<ColumnFacts, "dateColumns" | "percentColumns"> {
  headers: HeaderStyle;
  /** How the date column groups days (STATS date_group; LEGACY.STATS month or day). */
  dateBucket: DateBucket;
  period?: { from: string; to: string };
  /** The last day with data (`/dates`), when known. */
  dataThrough?: string;
  labelOf?: LabelLookup;
  /** Rows to show; the totals still cover every row of the table. */
  shownRows?: number;
  /**
   * How much of the answer the table holds, when a preview read only its first page; absent, the
   * table is the whole answer.
   */
  reach?: AnswerReach;
}

/** What a preview's first page told of the whole answer (src/core/stats-preview.ts). */
export interface AnswerReach {
  complete: boolean;
  /** Rows of the whole answer, when the service said. */
  rowCount?: number;
}

export interface PreviewRow {
  cells: PreviewCell[];
  /** A date bucket of the row holds fewer days than its length (see date-buckets.ts). */
  partial: boolean;
}

export interface PreviewTotals {
  label: string;
  /** Which rows the totals cover when the preview shows fewer: "all 1,234 rows". */
  detail?: string;
  /** One per column; the first column's is the label's place and stays empty. */
  cells: PreviewCell[];
}

export interface PreviewModel {
  columns: PreviewColumn[];
  /** False for a table without a header row: the headings are then the columns' readable names. */
  hasHeaderRow: boolean;
  rows: PreviewRow[];
  /** Only when the table holds every row of the answer: totals of the first page would mislead. */
  totals?: PreviewTotals;
  /** Data rows of the whole answer; with `countExact` false, rows read so far (the answer holds at least as many). */
  dataRowCount: number;
  countExact: boolean;
  /** The table holds every row of the answer. */
  complete: boolean;
}

function rowsCovered(rowCount: number, shown: number): string | undefined {
  return rowCount > shown ? `all ${countText(rowCount)} rows` : undefined;
}

/**
 * The pane's view of a spill table: the first rows with codes named, dates as YYYY-MM-DD, partial
 * weeks and months marked, numbers as counts, dollars and percentages; and a totals row over every
 * data row of the table (not only those shown), whenever there are groups to total over.
 */
export function previewModel(table: SpillTable, facts: PreviewFacts): PreviewModel {
  const hasHeaderRow = facts.headers !== "none" && headerRowCount(table) > 0;
  const header = hasHeaderRow ? table.rows[0] : undefined;
  const held = table.dataRowCount;
  const data = dataRows(table);
  const shown = Math.min(held, facts.shownRows ?? PREVIEW_ROWS);
  let width = header?.length ?? 0;
  for (const row of data) width = Math.max(width, row.length);
  const columns = previewColumns(header, width, {
    ...facts,
    dateColumns: table.dateColumns,
    percentColumns: table.percentColumns ?? [],
  });
  const context = {
    labelOf: facts.labelOf ?? NO_LABELS,
    buckets: {
      bucket: facts.dateBucket,
      ...(facts.period ? { period: facts.period } : {}),
      ...(facts.dataThrough ? { dataThrough: facts.dataThrough } : {}),
    },
  };
  const rows = data.slice(0, shown).map((row) => {
    const cells = columns.map((column) => previewCell(column, row[column.index], context));
    return { cells, partial: cells.some((cell) => cell.note !== undefined) };
  });
  const complete = facts.reach?.complete ?? true;
  const rowCount = complete ? table.dataRowCount : facts.reach?.rowCount;
  const model: PreviewModel = {
    columns,
    hasHeaderRow,
    rows,
    dataRowCount: rowCount ?? table.dataRowCount,
    countExact: rowCount !== undefined,
    complete,
  };
  const totals =
    complete &&
    held > 1 &&
    columns[0]?.kind !== undefined &&
    (columns[0].kind === "group" || columns[0].kind === "date")
      ? columnTotals(columns, data)
      : undefined;
  if (totals && totals.some((total) => total !== undefined)) {
    const detail = rowsCovered(table.dataRowCount, shown);
    model.totals = {
      label: "Total",
      ...(detail ? { detail } : {}),
      cells: columns.map((column, position) =>
        position === 0 ? { text: "", value: "", numeric: false } : previewCell(column, totals[column.index], context),
      ),
    };
  }
  return model;
}

/** A plain table of texts (the Legacy tab's ad units) in the same view: every row shown, no totals. */
export function textTableModel(headings: readonly string[], rows: readonly (readonly string[])[]): PreviewModel {
  const table = { rows: [[...headings], ...rows.map((row) => [...row])], dateColumns: [], dataRowCount: rows.length };
  const { totals: _totals, ...model } = previewModel(table, {
    groups: [],
    metrics: [],
    headers: "readable",
    dateBucket: "day",
    shownRows: rows.length,
  });
  // Texts throughout: a heading such as "Requests" says nothing here of how to align or total.
  return { ...model, columns: model.columns.map(({ index, heading }) => ({ index, heading, kind: "text" })) };
}
