import { GROUPS } from "../../api";
import { readStatsQuery, type StatsQuery } from "../arguments/stats-query";
import { readFormulaCall } from "../formula-call";
import { callsAddinFunction } from "../formula-namespace";
import { legacyTableData } from "../workbook-queries/legacy-table-data";
import { periodOfWord, type Today } from "../periods";
import { isLegacyModel, type StoredTableModel } from "../workbook-queries/stored-query";
import type { TableCell, TableData } from "../workbook-queries/table-columns";
import {
  failureReason,
  legacyTableArguments,
  statsTableData,
  tableStatsQuery,
  type TableRefreshDependencies,
} from "../workbook-queries/table-refresh";
import { frozenTable, valuesHash, type FrozenColumn, type FrozenRun } from "./fingerprint";
import type { FrozenSheetRecord } from "./frozen-sheet-record";
import { hasChanges, movedBeyond, tableChanges, type TableChanges } from "./table-changes";

/**
 * "Check frozen sheets": each frozen sheet's query asked of the service again, fresh, and what it
 * answers now compared with the frozen values. The frozen sheet is only read. The pane and the
 * headless command both run it, with their own ways to fetch and to read the sheet.
 */

/** How a table's stored query is kept in a fingerprint: its period as the days it meant that day. */
export function frozenTableModel(model: StoredTableModel, frozenDay: string): StoredTableModel {
  if (!("word" in model.period)) return model;
  const { from, to } = periodOfWord(model.period.word, frozenDay);
  return { ...model, period: { from, to } };
}

/** The columns of a stored record's query, as a change report matches them (groups are the rest's keys). */
export function recordColumns(keys: readonly string[]): FrozenColumn[] {
  return keys.map((key) => ({ key, isMetric: !(GROUPS as readonly string[]).includes(key) }));
}

/** A REPORTING.STATS formula's query as typed, read as it was read on `frozenDay`; undefined for another call, or one with cell references. */
export function formulaStatsCall(formula: string, frozenDay: string): StatsQuery | undefined {
  const read = readFormulaCall(formula);
  if (
    "problem" in read ||
    !callsAddinFunction(read.call, "STATS") ||
    read.call.args.some((arg) => arg.kind === "expression")
  )
    return undefined;
  const [from, to, groups, metrics, filters, orders, options] = read.call.args.map((arg) =>
    "value" in arg ? arg.value : null,
  );
  try {
    return readStatsQuery({ from, to, groups, metrics, filters, orders, options }, () => frozenDay);
  } catch {
    return undefined;
  }
}

/** What the check asks of a STATS formula: its query, with a header and never from a cache. */
export function formulaStatsQuery(formula: string, frozenDay: string): StatsQuery | undefined {
  const query = formulaStatsCall(formula, frozenDay);
  return query && { ...query, headers: query.headers === "none" ? "readable" : query.headers, cacheSeconds: 0 };
}

/** Whether the check can ask `run` again. */
export function canRun(run: FrozenRun | undefined, frozenDay: string): run is FrozenRun {
  return run !== undefined && ("table" in run || formulaStatsQuery(run.formula, frozenDay) !== undefined);
}

export type FrozenFetchDependencies = Pick<TableRefreshDependencies, "fetch" | "fetchLegacy">;

/** The rows `run` gives now, asked afresh (never from a cache). */
export async function fetchFrozenQuery(
  run: FrozenRun,
  frozenDay: string,
  deps: FrozenFetchDependencies,
  signal: AbortSignal,
): Promise<TableData> {
  const today: Today = () => frozenDay;
  if ("formula" in run) {
    const query = formulaStatsQuery(run.formula, frozenDay);
    if (!query) throw new Error("not a query the add-in can ask again");
    return statsTableData(await deps.fetch(query, signal), query);
  }
  const model = run.table;
  if (isLegacyModel(model))
    return legacyTableData(await deps.fetchLegacy(legacyTableArguments(model, true), signal), model.groupBy);
  const query = tableStatsQuery(model, today, true);
  return statsTableData(await deps.fetch(query, signal), query);
}

export type FrozenCheck =
  | {
      kind: "unchanged" | "moved";
      record: FrozenSheetRecord;
      changes: TableChanges;
      /** Revenue moved more than the threshold. */
      beyond: boolean;
      /** The frozen cells are no longer those frozen (their hash differs): they, as they are now, were compared. */
      edited: boolean;
      /** The rows the service gives now: what the comparison sheet is written from. */
      fresh: TableData;
    }
  | { kind: "unchecked"; record: FrozenSheetRecord; reason: string };

/** The comparison of the frozen rows (as the sheet holds them now) with the rows the service gives now. */
export function frozenCheckOf(
  record: FrozenSheetRecord,
  frozenNow: readonly (readonly TableCell[])[],
  fresh: TableData,
  thresholdPercent: number,
): FrozenCheck {
  const { fingerprint } = record;
  const changes = tableChanges(frozenTable(fingerprint.columns, frozenNow), {
    columns: fresh.columns,
    rows: fresh.rows,
  });
  return {
    kind: hasChanges(changes) ? "moved" : "unchanged",
    record,
    changes,
    beyond: movedBeyond(changes, thresholdPercent),
    edited: valuesHash(frozenNow) !== fingerprint.hash,
    fresh,
  };
}

export interface FrozenCheckDependencies extends FrozenFetchDependencies {
  /** The frozen data rows as the sheet holds them now; undefined when the sheet is gone. */
  readFrozen(record: FrozenSheetRecord): Promise<TableCell[][] | undefined>;
}

const CANNOT_ASK =
  "its values came from something the add-in cannot ask again (a table it does not refresh, or a formula with cell references)";

/** One frozen sheet checked; a failure is a reason in words, never an exception, so that the others are still checked. */
export async function checkFrozenSheet(
  record: FrozenSheetRecord,
  deps: FrozenCheckDependencies,
  thresholdPercent: number,
  signal: AbortSignal,
): Promise<FrozenCheck> {
  const { run } = record.fingerprint.query;
  if (!canRun(run, record.fingerprint.frozenDay)) return { kind: "unchecked", record, reason: CANNOT_ASK };
  try {
    const frozenNow = await deps.readFrozen(record);
    if (frozenNow === undefined) return { kind: "unchecked", record, reason: "its sheet is no longer in the workbook" };
    const fresh = await fetchFrozenQuery(run, record.fingerprint.frozenDay, deps, signal);
    return frozenCheckOf(record, frozenNow, fresh, thresholdPercent);
  } catch (error) {
    return { kind: "unchecked", record, reason: failureReason(error) };
  }
}

/** Every frozen sheet, one after another (the service is asked one query at a time). */
export async function checkFrozenSheets(
  records: readonly FrozenSheetRecord[],
  deps: FrozenCheckDependencies,
  thresholdPercent: number,
  signal: AbortSignal,
): Promise<FrozenCheck[]> {
  const checks: FrozenCheck[] = [];
  for (const record of records) {
    if (signal.aborted) break;
    checks.push(await checkFrozenSheet(record, deps, thresholdPercent, signal));
  }
  return checks;
}
