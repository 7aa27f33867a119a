import { commandWording } from "../../client/command-text";
import { isReportingError, ReportingError } from "../../client/errors";
import type { TableChanges } from "../changes/table-changes";
import { tableQueryXml } from "../workbook-queries/record-xml";
import { refreshTables, type WorkbookRefreshOperations } from "../workbook-queries/refresh-run";
import type { StoredTableQuery } from "../workbook-queries/stored-query";
import type { TableColumn } from "../workbook-queries/table-columns";
import { failureReason, withFailure } from "../workbook-queries/table-refresh";
import { appendRefreshLog, withObservedChanges, type RefreshLogOutcome } from "./refresh-log-append";
import { storedQueryParts } from "./stored-query-parts";
import { memorySpool, refreshTableRows, type PagedFetchDependencies, type RowSpool } from "./table-fetch";
import {
  findTableInfo,
  rewriteTable,
  TableWriteError,
  type TableRewrite,
  type TableRowObserver,
  type TableRows,
} from "./table-rewrite";
import { dropStaleCalcChain, markPivotCaches, setFullCalcOnLoad, type RefreshedExtent } from "./workbook-recalc";
import { WorkbookPackage } from "./workbook-package";
import type { ZipSource } from "./zip-package";

/**
 * Refreshing the add-in's tables in a workbook file, without Excel: each stored query runs
 * through the pane's own steps (its query, its conversion of rows, the same record of the last
 * refresh or failure, refreshTables's failed table beside refreshed ones), with a write into the
 * package's parts instead of Office.js. Rows are streamed: fetched page by page into a spool,
 * and the sheets holding them are written from the spool when the package is written
 * (`dispose` frees the spools after that). Nothing here reads or writes a file itself.
 */

export type TableOutcomeState = "refreshed" | "failed";

export interface TableOutcome {
  table: string;
  sheet?: string;
  outcome: TableOutcomeState;
  /** Why it failed, in plain words. */
  reason?: string;
  rowsBefore?: number;
  rowsAfter?: number;
  totalsBefore?: Record<string, number>;
  totalsAfter?: Record<string, number>;
  seconds: number;
  /** The PivotTables Excel will rebuild on open because they are built on this table. */
  pivots: string[];
  /** What the refresh changed, when `observeRows` heard the rows with a report. */
  changes?: TableChanges;
}

export interface PackageRefresh {
  tables: TableOutcome[];
  /** Whether any part changed (a refreshed table, or a failure recorded with its query). */
  changed: boolean;
  calcChainDropped: boolean;
  /** The rows added to the workbook's Refresh log, or why not. */
  refreshLog: RefreshLogOutcome;
  package: WorkbookPackage;
  /** Frees the new rows the package's sheets are written from: call it once the package is written. */
  dispose(): void;
}

export type FetchDependencies = PagedFetchDependencies;

export interface PackageRefreshOptions {
  /** Table names to refresh (case does not count); every stored table when absent. */
  only?: readonly string[];
  concurrency?: number;
  /** Hears each refreshed table's old and new rows as they stream past (the change report's seam). */
  observeRows?(table: string, columns: readonly TableColumn[]): TableRowObserver | undefined;
}

/** A failure as an operator reads it in the run log: the error contract's command-line wording. */
export const commandFailureReason = (error: unknown): string =>
  isReportingError(error) ? error.commandMessage : commandWording(failureReason(error));

const nameIn = (names: readonly string[], name: string) =>
  names.some((candidate) => candidate.toLowerCase() === name.toLowerCase());

export async function refreshPackage(
  input: Uint8Array | ZipSource,
  deps: FetchDependencies,
  options: PackageRefreshOptions = {},
): Promise<PackageRefresh> {
  const pkg = new WorkbookPackage(input);
  const parts = storedQueryParts(pkg);
  const outcomes: TableOutcome[] = [];
  const pathOf = new Map<string, string>();
  const records: StoredTableQuery[] = [];
  for (const part of parts) {
    if ("problem" in part) {
      outcomes.push({
        table: part.path,
        outcome: "failed",
        reason: `A stored table query (${part.path}) could not be read: ${part.problem}. Open the workbook in Excel with the latest add-in, refresh that table there and save; this command leaves it as it is.`,
        seconds: 0,
        pivots: [],
      });
    } else if (!options.only || nameIn(options.only, part.record.table.name)) {
      records.push(part.record);
      pathOf.set(part.record.id, part.path);
    }
  }
  for (const name of options.only ?? []) {
    if (!records.some((record) => record.table.name.toLowerCase() === name.toLowerCase())) {
      outcomes.push({
        table: name,
        outcome: "failed",
        reason: `This workbook has no table named ${name} that the add-in refreshes. Check the name (as on Excel's Table Design tab).`,
        seconds: 0,
        pivots: [],
      });
    }
  }

  let sharedStrings: string[] | undefined;
  const rewrites = new Map<string, TableRewrite>();
  const seconds = new Map<string, number>();
  const extents: RefreshedExtent[] = [];
  const pivots = new Map<string, string[]>();
  const spools: RowSpool[] = [];
  const observers = new Map<string, TableRowObserver | undefined>();
  const saved = new Map<string, StoredTableQuery>();
  const reports = new Map<string, TableChanges>();
  const save = (record: StoredTableQuery) => pkg.replace(pathOf.get(record.id)!, tableQueryXml(record));
  const write = (record: StoredTableQuery, rows: TableRows) => {
    const table = findTableInfo(pkg, record.table.name, record.table.sheet);
    if (!table) {
      throw new TableWriteError(
        `The table ${record.table.name} is no longer in the workbook (renamed or deleted in Excel without the add-in open). Open the workbook in Excel and check the add-in's Queries tab. Nothing was written.`,
      );
    }
    let rewrite: TableRewrite;
    try {
      sharedStrings ??= pkg.sharedStrings();
      observers.set(record.id, options.observeRows?.(table.displayName, rows.columns));
      rewrite = rewriteTable(pkg, table, record.columns.length, rows, sharedStrings, observers.get(record.id));
    } catch (error) {
      if (error instanceof ReportingError) throw error;
      throw new TableWriteError(
        `The table ${table.displayName} was not refreshed: the sheet ${table.sheet.name} could not be read. Open the workbook in Excel, save it, then run the refresh again. The table keeps its previous rows.`,
      );
    }
    rewrites.set(record.id, rewrite);
    return { excelId: record.table.excelId, name: table.displayName, sheet: table.sheet.name, rows: rows.count };
  };
  const dispose = () => {
    for (const spool of spools.splice(0)) spool.dispose();
  };
  const ops: WorkbookRefreshOperations = {
    clearCache: () => undefined,
    recalculateFormulas: async () => undefined,
    listTables: async () => records,
    async refreshTable(record, signal) {
      const start = deps.now();
      const spool = (deps.spool ?? memorySpool)();
      try {
        const fetched = await refreshTableRows(record, deps, spool, signal, (rows) => write(record, rows));
        // Computed once (seconds on 100,000 rows): the record, its log row and the run's line share it.
        const report = observers.get(record.id)?.changes?.();
        if (report) reports.set(record.id, report);
        const next = withObservedChanges(fetched, report);
        save(next);
        saved.set(record.id, next);
        spools.push(spool);
        return next;
      } catch (error) {
        spool.dispose();
        throw error;
      } finally {
        seconds.set(record.id, (deps.now() - start) / 1000);
      }
    },
    async recordFailure(record, reason) {
      save(withFailure(record, reason, deps.now()));
    },
    async refreshPivots(record) {
      const rewrite = rewrites.get(record.id)!;
      const extent: RefreshedExtent = {
        tableName: rewrite.table.displayName,
        sheetName: rewrite.table.sheet.name,
        sheetId: rewrite.table.sheet.sheetId,
        oldData: rewrite.oldData,
        newData: rewrite.newData,
        touched: rewrite.touched,
      };
      extents.push(extent);
      const names = markPivotCaches(pkg, extent);
      pivots.set(record.id, names);
      return names.length;
    },
    now: deps.now,
  };
  const report = await refreshTables(ops, records, {
    reasonOf: commandFailureReason,
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
  });
  for (const item of report.items) {
    const record = records.find((candidate) => candidate.id === item.id)!;
    const rewrite = rewrites.get(item.id);
    const took = seconds.get(item.id) ?? 0;
    if (item.state === "refreshed" && rewrite) {
      outcomes.push({
        table: rewrite.table.displayName,
        sheet: rewrite.table.sheet.name,
        outcome: "refreshed",
        rowsBefore: rewrite.rowsBefore,
        rowsAfter: rewrite.rowsAfter,
        totalsBefore: rewrite.totalsBefore,
        totalsAfter: rewrite.totalsAfter,
        seconds: took,
        pivots: pivots.get(item.id) ?? [],
        ...(reports.has(item.id) ? { changes: reports.get(item.id)! } : {}),
        ...(item.warning ? { reason: item.warning } : {}),
      });
    } else {
      outcomes.push({
        table: record.table.name,
        sheet: record.table.sheet,
        outcome: "failed",
        reason: item.reason ?? "It was not refreshed.",
        seconds: took,
        pivots: [],
      });
    }
  }
  const log = appendRefreshLog(
    pkg,
    report.items.flatMap((item) => (item.state === "refreshed" && saved.has(item.id) ? [saved.get(item.id)!] : [])),
  );
  if (log.extent) extents.push(log.extent);
  let calcChainDropped = false;
  if (extents.length > 0) {
    setFullCalcOnLoad(pkg);
    calcChainDropped = dropStaleCalcChain(pkg, extents);
  }
  return {
    tables: outcomes,
    changed: report.items.length > 0,
    calcChainDropped,
    refreshLog: log.outcome,
    package: pkg,
    dispose,
  };
}
