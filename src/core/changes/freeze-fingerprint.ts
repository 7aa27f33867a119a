import type { FreezeSourceInfo, StoredTableQuery as NoteTableQuery } from "../freeze-note";
import type { DateRange } from "../periods";
import { describeQuery } from "../workbook-queries/describe-query";
import type { StoredTableQuery } from "../workbook-queries/stored-query";
import { tableColumnsOf, type TableCell } from "../workbook-queries/table-columns";
import { columnsFromHeader, fingerprintOf, type Fingerprint, type FrozenColumn, type FrozenQuery } from "./fingerprint";
import { formulaStatsCall, frozenTableModel, recordColumns } from "./frozen-check";

/**
 * The fingerprint of what "Freeze for close" copies, from what it read: the data rows (the header
 * and a table's totals row left out), the query's columns, and the query in a form the check can
 * ask again: a table's stored query with its period as the days it meant, or the STATS formula.
 */

export interface FreezeFingerprintInput {
  source: FreezeSourceInfo;
  /** The record of the table copied, when the add-in refreshes it. */
  record?: StoredTableQuery | undefined;
  /** The local day of the freeze. */
  frozenDay: string;
  dataThrough?: string | undefined;
  /** The query as the note words it, for values the add-in cannot ask again. */
  noteQuery: string;
}

export interface FreezeFingerprint {
  fingerprint: Fingerprint;
  /** Whether the copied rows begin with a header row. */
  header: boolean;
}

function queryOf(input: FreezeFingerprintInput): { query: FrozenQuery; columns?: FrozenColumn[]; header?: boolean } {
  const { source, record, frozenDay } = input;
  if (record) {
    const model = frozenTableModel(record.query, frozenDay);
    return { query: { words: describeQuery(model), run: { table: model } }, columns: recordColumns(record.columns) };
  }
  const call = source.formula && source.kind !== "cell" ? formulaStatsCall(source.formula, frozenDay) : undefined;
  if (source.formula && call) {
    return {
      query: { words: source.formula, run: { formula: source.formula } },
      columns: tableColumnsOf(call.request, call.compare),
      header: call.headers !== "none",
    };
  }
  return { query: { words: input.noteQuery } };
}

export function freezeFingerprint(input: FreezeFingerprintInput): FreezeFingerprint {
  const { source } = input;
  const found = queryOf(input);
  // A table shows its header unless the user hid it; a spill has one unless headers=none.
  const header = source.headerRow ?? found.header ?? true;
  const width = source.rows[0]?.length ?? 0;
  const end = source.totalsRow ? -1 : undefined;
  const rows = source.rows.slice(header ? 1 : 0, end) as TableCell[][];
  const columns = (found.columns ?? (header ? columnsFromHeader(source.rows[0] ?? []) : [])).slice(0, width);
  return {
    fingerprint: fingerprintOf({
      query: found.query,
      frozenDay: input.frozenDay,
      dataThrough: input.dataThrough,
      columns,
      rows,
    }),
    header,
  };
}

/** A table's record as the freeze note takes it: the query in words, its period, profile, last refresh. */
export function noteTableQuery(record: StoredTableQuery, frozenDay: string): NoteTableQuery {
  const model = frozenTableModel(record.query, frozenDay);
  const period = "from" in model.period ? (model.period as DateRange) : undefined;
  return {
    words: describeQuery(record.query),
    period,
    profile: record.lastRefresh?.profile ?? record.query.profile,
    refreshedAt: record.lastRefresh?.at,
    dataThrough: record.lastRefresh?.dataThrough,
  };
}
