import { appendFileSync } from "node:fs";
import path from "node:path";
import {
  groupColumnsOf,
  loggedChanges,
  rowCollector,
  type GroupColumn,
  type RowCollector,
} from "../core/changes/streamed-changes";
import { localToday } from "../core/periods";
import { createReportingRuntime } from "../core/runtime/reporting-runtime";
import { runtimeFetchDependencies, runtimeStatsPages } from "../core/workbook-queries/runtime-fetch";
import { refreshPackage, type FetchDependencies, type TableOutcome } from "../core/xlsx/package-refresh";
import type { TableColumn } from "../core/workbook-queries/table-columns";
import { PackageError } from "../core/xlsx/zip-package";
import { credentialStore, readCredentials } from "./credentials";
import { tmpdir } from "node:os";
import { fileSpool, SPOOL_FILE } from "./file-spool";
import { checkFrozenFile, type FrozenCheckLine } from "./check-frozen";
import { checkNotifyUrl, notifySummary, postSummary } from "./notify";
import type { FileResult, LogLine } from "./run-lines";
import { UsageError } from "./usage-error";
import {
  defaultOutputOf,
  excelLockOf,
  lockedByExcel,
  openWorkbookFile,
  removeStaleTemporaries,
  writeWorkbookFile,
  type WorkbookFile,
} from "./workbook-files";
import { thresholdFor } from "./change-threshold";

/**
 * `npm run refresh-workbook`: refreshes the add-in's tables of each workbook, one JSON line per
 * table on stdout (and in --log), a sentence per workbook on stderr for the person reading.
 * Exit status: 0 every table refreshed, 1 some failed, 2 unusable arguments or file.
 */

export interface RefreshOptions {
  files: string[];
  credentials: string;
  out?: string;
  inPlace?: boolean;
  only?: string[];
  log?: string;
  /** A webhook told when any table or file failed. */
  notifyUrl?: string;
  dryRun?: boolean;
  /** A table whose revenue moved more than this percentage is flagged in its line (default 1). */
  thresholdPercent?: number;
  /** Check the workbooks' frozen sheets against the service instead of refreshing: nothing is written. */
  checkFrozen?: boolean;
}

export interface RefreshIo {
  stdout(line: string): void;
  stderr(line: string): void;
  now?: () => number;
}

interface Collected {
  collector: RowCollector;
  groups: GroupColumn[];
}

function tableLine(
  file: string,
  table: TableOutcome,
  output: string | undefined,
  dryRun: boolean,
  collected: Collected | undefined,
  threshold: number,
): LogLine {
  const changes =
    table.outcome === "refreshed" && collected
      ? loggedChanges(table.changes ?? collected.collector.changes(), collected.groups, threshold)
      : undefined;
  return {
    file,
    table: table.table,
    ...(table.sheet ? { sheet: table.sheet } : {}),
    outcome: table.outcome,
    ...(table.rowsBefore !== undefined ? { rowsBefore: table.rowsBefore, rowsAfter: table.rowsAfter } : {}),
    ...(table.totalsBefore ? { totalsBefore: table.totalsBefore, totalsAfter: table.totalsAfter } : {}),
    ...(changes ? { changes } : {}),
    seconds: table.seconds,
    ...(table.reason ? { reason: table.reason } : {}),
    ...(table.pivots.length > 0 ? { pivotsRefreshOnOpen: table.pivots } : {}),
    ...(output && !dryRun ? { output } : {}),
    ...(dryRun ? { dryRun: true } : {}),
  };
}

const cleanedLine = (file: string, left: string): LogLine => ({
  file,
  outcome: "cleaned",
  reason: `Deleted ${left}, a temporary file left by a refresh that was interrupted more than an hour ago.`,
});

function summary(result: FileResult, output: string | undefined): string {
  const tables = result.lines.filter((line) => line.table !== undefined);
  const refreshed = tables.filter((line) => line.outcome === "refreshed");
  const failed = tables.filter((line) => line.outcome === "failed");
  const parts = [`${path.basename(result.file)}: ${refreshed.length} table(s) refreshed, ${failed.length} failed`];
  for (const line of failed) parts.push(`  ${line.table}: ${line.reason}`);
  for (const line of refreshed.filter((one) => one.changes)) {
    const { line: words, flagged, thresholdPercent } = line.changes!;
    parts.push(
      `  ${line.table}: ${words}${flagged ? ` (revenue moved more than ${thresholdPercent} %: check it before relying on it)` : ""}`,
    );
  }
  for (const line of result.lines.filter((one) => one.outcome === "cleaned")) parts.push(`  ${line.reason}`);
  for (const note of result.notes ?? []) parts.push(`  ${note}`);
  const pivots = refreshed.flatMap((line) => line.pivotsRefreshOnOpen ?? []);
  if (pivots.length > 0)
    parts.push(`  PivotTables refreshed when the file is next opened in Excel: ${pivots.join(", ")}`);
  if (output) parts.push(`  Written to ${output}`);
  return parts.join("\n");
}

async function refreshFile(file: string, options: RefreshOptions, deps: FetchDependencies): Promise<FileResult> {
  const dryRun = options.dryRun === true;
  if (!options.out && !dryRun && lockedByExcel(file)) {
    throw new UsageError(
      `${file} is open in Excel (${path.basename(excelLockOf(file))} is beside it), so it was not refreshed. Close it in Excel and run the refresh again, or give --out to write the refreshed copy to another file.`,
    );
  }
  const input = openWorkbookFile(file);
  try {
    return await refreshOpenFile(file, input, options, deps);
  } finally {
    input.close();
  }
}

async function refreshOpenFile(
  file: string,
  input: WorkbookFile,
  options: RefreshOptions,
  deps: FetchDependencies,
): Promise<FileResult> {
  const dryRun = options.dryRun === true;
  // Each table's rows as they stream past, for its change report: a table retried starts afresh.
  const collected = new Map<string, Collected>();
  const observeRows = (table: string, columns: readonly TableColumn[]) => {
    const collector = rowCollector(columns);
    collected.set(table, { collector, groups: groupColumnsOf(columns) });
    return collector;
  };
  let refreshed;
  try {
    refreshed = await refreshPackage(input, deps, { observeRows, ...(options.only ? { only: options.only } : {}) });
  } catch (error) {
    if (error instanceof PackageError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
  const output = options.inPlace ? file : (options.out ?? defaultOutputOf(file));
  const failed = refreshed.tables.some((table) => table.outcome === "failed");
  if (refreshed.tables.length === 0) {
    refreshed.dispose();
    return {
      file,
      status: 0,
      lines: [
        {
          file,
          outcome: "unchanged",
          reason: "This workbook holds no table the add-in refreshes: nothing was written.",
        },
      ],
    };
  }
  const cleaned: LogLine[] = [];
  try {
    if (!dryRun && refreshed.changed) {
      for (const name of removeStaleTemporaries(path.dirname(output)))
        cleaned.push(cleanedLine(file, path.join(path.dirname(output), name)));
      writeWorkbookFile(output, refreshed.package.outputEntries());
    }
  } finally {
    refreshed.dispose();
  }
  const written = !dryRun && refreshed.changed ? output : undefined;
  const threshold = thresholdFor(refreshed.package, options.thresholdPercent);
  const logRefusal = written && refreshed.refreshLog.state === "refused" ? refreshed.refreshLog.reason : undefined;
  const tableLines = refreshed.tables.map((table) => {
    const line = tableLine(file, table, written, dryRun, collected.get(table.table), threshold);
    return logRefusal && line.outcome === "refreshed" ? { ...line, refreshLogLeftAlone: logRefusal } : line;
  });
  return { file, status: failed ? 1 : 0, notes: logRefusal ? [logRefusal] : [], lines: [...cleaned, ...tableLines] };
}

export async function refreshFiles(options: RefreshOptions, io: RefreshIo): Promise<0 | 1 | 2> {
  const emit = (line: LogLine | FrozenCheckLine) => {
    const text = JSON.stringify(line);
    io.stdout(text);
    if (options.log) appendFileSync(options.log, `${text}\n`, { mode: 0o600 });
  };
  let deps: FetchDependencies;
  let notifyUrl: string | undefined;
  try {
    if (options.files.length === 0)
      throw new UsageError(
        "Name at least one workbook: npm run refresh-workbook -- BOOK.xlsx --credentials CREDENTIALS.json",
      );
    if (options.out && options.inPlace) throw new UsageError("Give either --out or --in-place, not both.");
    if (options.out && options.files.length > 1)
      throw new UsageError(
        "--out names one file: with several workbooks, leave it out (each gets BOOK.refreshed.xlsx) or use --in-place.",
      );
    const threshold = options.thresholdPercent;
    if (threshold !== undefined && !(Number.isFinite(threshold) && threshold >= 0)) {
      throw new UsageError(
        "--threshold takes a percentage of 0 or more, such as 1 or 0.5 (revenue moving more than that is flagged).",
      );
    }
    if (options.notifyUrl) notifyUrl = checkNotifyUrl(options.notifyUrl);
    const store = credentialStore(readCredentials(options.credentials));
    const runtime = createReportingRuntime({
      store,
      today: localToday(),
    });
    await runtime.ready;
    deps = {
      ...runtimeFetchDependencies(runtime),
      // Rows page by page into a file, not all of them in memory (see docs/headless-refresh.md).
      statsPages: (query, signal, onPage) => runtimeStatsPages(runtime, query, signal, onPage),
      spool: () => fileSpool(),
      ...(io.now ? { now: io.now } : {}),
    } satisfies FetchDependencies;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(error.message);
    return 2;
  }
  let status: 0 | 1 | 2 = 0;
  if (options.checkFrozen) {
    for (const file of options.files) {
      try {
        const checked = await checkFrozenFile(file, deps, options.thresholdPercent);
        checked.lines.forEach(emit);
        io.stderr(
          checked.lines.length === 0
            ? `${path.basename(file)}: no frozen sheet to check (Freeze selection as values on the add-in's Query tab makes one).`
            : [`${path.basename(file)}:`, ...checked.lines.map((line) => `  ${line.line}`)].join("\n"),
        );
        status = Math.max(status, checked.status) as 0 | 1 | 2;
      } catch (error) {
        const reason = error instanceof Error ? error.message : "Something unexpected went wrong.";
        emit({ file, outcome: "failed", reason });
        io.stderr(reason);
        status = 2;
      }
    }
    return status;
  }
  const results: FileResult[] = [];
  // Rows spooled by runs that were killed before they could delete them.
  if (!options.dryRun)
    for (const name of removeStaleTemporaries(tmpdir(), Date.now(), undefined, SPOOL_FILE))
      emit(cleanedLine(path.join(tmpdir(), name), path.join(tmpdir(), name)));
  for (const file of options.files) {
    let result: FileResult;
    try {
      result = await refreshFile(file, options, deps);
    } catch (error) {
      const reason =
        error instanceof UsageError || error instanceof Error ? error.message : "Something unexpected went wrong.";
      result = { file, status: 2, lines: [{ file, outcome: "failed", reason }] };
    }
    result.lines.forEach(emit);
    io.stderr(summary(result, result.lines.find((line) => line.output)?.output));
    status = Math.max(status, result.status) as 0 | 1 | 2;
    results.push(result);
  }
  if (notifyUrl && status !== 0) {
    try {
      await postSummary(notifyUrl, notifySummary(results, (io.now ?? Date.now)()));
    } catch (error) {
      // The address may hold the webhook's secret: the message names the route, never the URL.
      io.stderr(`The failure notification could not be sent: ${error instanceof Error ? error.message : "no answer"}`);
    }
  }
  return status;
}
