import path from "node:path";
import { formatLimit } from "../client/errors";
import type { ChildRun } from "./refresh-child";

/**
 * What the status route says of one workbook's scheduled run in its child process: the tables
 * its JSON lines report, or, when the child was stopped or died before it could say, the reason
 * in plain words. The command never prints a credential, so its sentences may be shown.
 */

export interface ChildOutcome {
  /** 0 every table refreshed, 1 some failed, 2 the file could not be used or the run did not finish. */
  status: 0 | 1 | 2;
  tablesRefreshed: number;
  tablesFailed: number;
  reasons: string[];
}

const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

function deathDetail(run: ChildRun): string {
  if (run.startError) return `it could not be started: ${run.startError}`;
  if (run.stderrTail.some((line) => OUT_OF_MEMORY.test(line))) return "it ran out of memory";
  if (run.signal) return `it was ended by the signal ${run.signal}`;
  return `it ended with exit status ${run.code} before reporting on any table`;
}

function tablesOf(run: ChildRun): Omit<ChildOutcome, "status"> {
  const tables = run.lines.filter((line) => line.table !== undefined);
  return {
    tablesRefreshed: tables.filter((line) => line.outcome === "refreshed").length,
    tablesFailed: run.lines.filter((line) => line.outcome === "failed").length,
    reasons: run.lines.flatMap((line) =>
      line.outcome === "failed" && line.reason ? [line.table ? `${line.table}: ${line.reason}` : line.reason] : [],
    ),
  };
}

/** Why a run ended before it could report, as the end of a sentence. */
function stopDetail(run: ChildRun, timeLimitMs: number): string {
  if (run.stoppedBy === "time-limit") return `it took longer than ${formatLimit(timeLimitMs)} and was stopped`;
  if (run.stoppedBy === "shutdown") return "the server was shutting down and stopped it";
  return `it stopped unexpectedly (${deathDetail(run)})`;
}

export function childOutcome(run: ChildRun, file: string, timeLimitMs: number): ChildOutcome {
  const none = { tablesRefreshed: 0, tablesFailed: 0 };
  const finished = run.code === 0 || run.code === 1 || run.code === 2;
  // Written, then stopped or killed: what its lines say of the tables, or that it was written.
  if (!finished && run.replaced) {
    const tables = tablesOf(run);
    if (tables.tablesRefreshed + tables.tablesFailed > 0) return { status: tables.tablesFailed > 0 ? 1 : 0, ...tables };
    return {
      status: 2,
      ...none,
      reasons: [
        `The workbook was refreshed and written, but ${stopDetail(run, timeLimitMs)} before it reported on its tables. Open it to check them; the next scheduled run refreshes it again.`,
      ],
    };
  }
  if (run.stoppedBy === "time-limit")
    return {
      status: 2,
      ...none,
      reasons: [
        `The refresh of this workbook took longer than ${formatLimit(timeLimitMs)} and was stopped. The workbook was left as it was. The service may be slow or not answering: the next scheduled run tries again. If its tables are very large, ask whoever runs the server to raise --refresh-timeout.`,
      ],
    };
  if (run.stoppedBy === "shutdown")
    return {
      status: 2,
      ...none,
      reasons: [
        "The server was shutting down, so the refresh of this workbook was stopped. The workbook was left as it was; the next scheduled run refreshes it.",
      ],
    };
  if (finished && run.lines.length > 0) return { status: run.code as 0 | 1 | 2, ...tablesOf(run) };
  // Exit status 2 and no line: the command refused to start (a credentials file it cannot use,
  // say) and said why on stderr, in its own words.
  const said = run.stderrTail.filter((line) => line.trim() !== "" && !line.startsWith("Usage:"));
  if (run.code === 2 && said.length > 0) return { status: 2, ...none, reasons: [said.join(" ")] };
  return {
    status: 2,
    ...none,
    reasons: [
      `The refresh of this workbook stopped unexpectedly (${deathDetail(run)}). The workbook was left as it was, and the other workbooks are still refreshed. The next scheduled run tries again; if it stops again, run npm run refresh-workbook -- ${file} --in-place --credentials FILE on the server to see why.`,
    ],
  };
}

/**
 * A reason as the status route shows it: `GET /host/refresh/status` needs no credential, so the
 * server's own paths (the folder of workbooks, the credentials file) are not shown in it, only
 * the names of the files; the server's log keeps the whole sentence.
 */
export function withoutServerPaths(reason: string, dir: string, credentials: string): string {
  const folders = [...new Set([path.resolve(dir), dir])].map((folder) => folder.replace(/[\\/]+$/, "") + path.sep);
  let shown = reason;
  for (const credentialsPath of new Set([path.resolve(credentials), credentials]))
    shown = shown.split(credentialsPath).join(path.basename(credentials));
  for (const folder of folders) shown = shown.split(folder).join("");
  return shown;
}
