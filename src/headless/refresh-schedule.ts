import { closeSync, openSync, readdirSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { Cron } from "croner";
import type { FetchLike } from "../client";
import { refreshFiles } from "./refresh-files";
import type { LogLine } from "./run-lines";

/**
 * The production host's scheduled refresh (`npm run serve -- --refresh-schedule "0 6 * * *"
 * --refresh-dir DIR --refresh-credentials FILE`): at each tick, every workbook of the folder is
 * refreshed in place, as `npm run refresh-workbook -- --in-place` does. One run at a time per
 * host (a tick during a run is skipped), and one host at a time per file: a lock file beside the
 * workbook (`.BOOK.xlsx.refresh-lock`, created exclusively) keeps two hosts behind a balancer,
 * sharing the folder, from refreshing the same file at once. The last run of each file is kept
 * for `GET /host/refresh/status`: when, tables refreshed and failed, the reasons; nothing secret.
 */

export interface RefreshScheduleOptions {
  schedule: string;
  dir: string;
  credentials: string;
  /** The service's fetch (tests); the global one otherwise. */
  fetch?: FetchLike;
  /** A lock older than this is taken for one left by a host that died mid-run; 2 hours by default. */
  staleLockMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

export interface FileRunStatus {
  file: string;
  startedAt: string;
  finishedAt: string;
  /** 0 every table refreshed, 1 some failed, 2 the file could not be used. */
  status: 0 | 1 | 2 | "skipped";
  tablesRefreshed: number;
  tablesFailed: number;
  reasons: string[];
}

export interface ScheduleStatus {
  schedule: string;
  nextRun: string | null;
  running: boolean;
  runs: number;
  files: FileRunStatus[];
}

/** Checks a cron expression the way the schedule will read it; the problem in words, or undefined. */
export function cronProblem(expression: string): string | undefined {
  try {
    new Cron(expression, { paused: true }).stop();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : "it is not a cron expression";
  }
}

/** The workbooks a run refreshes: .xlsx files, not Excel's owner files, hidden files or copies this command wrote. */
export function workbooksIn(dir: string): string[] {
  return readdirSync(dir)
    .filter(
      (name) =>
        name.toLowerCase().endsWith(".xlsx") &&
        !name.startsWith("~$") &&
        !name.startsWith(".") &&
        !name.toLowerCase().endsWith(".refreshed.xlsx"),
    )
    .sort()
    .map((name) => path.join(dir, name));
}

const lockOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.refresh-lock`);

/** Takes the file's lock, or returns false when another run holds a fresh one. */
function takeLock(file: string, staleMs: number, now: number): boolean {
  const lock = lockOf(file);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx", 0o644);
      writeSync(fd, JSON.stringify({ host: hostname(), pid: process.pid, at: new Date(now).toISOString() }));
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let age: number;
      try {
        age = now - statSync(lock).mtimeMs;
      } catch {
        continue;
      }
      if (age < staleMs) return false;
      rmSync(lock, { force: true });
    }
  }
  return false;
}

export class RefreshSchedule {
  private job: Cron | undefined;
  private current: Promise<void> | undefined;
  private runs = 0;
  private readonly last = new Map<string, FileRunStatus>();

  constructor(private readonly options: RefreshScheduleOptions) {
    const problem = cronProblem(options.schedule);
    if (problem) throw new Error(`The refresh schedule "${options.schedule}" is not a cron expression: ${problem}`);
  }

  start(): void {
    // protect: a tick that comes while a run is still going is skipped, not queued.
    this.job = new Cron(this.options.schedule, { protect: true }, () => this.runOnce());
  }

  /** Refreshes every workbook of the folder once, one file after the other. */
  runOnce(): Promise<void> {
    this.current ??= this.run().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }

  private async run(): Promise<void> {
    this.runs += 1;
    let files: string[];
    try {
      files = workbooksIn(this.options.dir);
    } catch {
      this.options.log?.("refresh: the folder of workbooks could not be read", { dir: this.options.dir });
      return;
    }
    for (const file of files) {
      const startedAt = new Date().toISOString();
      if (!takeLock(file, this.options.staleLockMs ?? 2 * 60 * 60 * 1000, Date.now())) {
        this.last.set(file, {
          file: path.basename(file),
          startedAt,
          finishedAt: startedAt,
          status: "skipped",
          tablesRefreshed: 0,
          tablesFailed: 0,
          reasons: ["Another host is refreshing this workbook; it was left to that run."],
        });
        continue;
      }
      const lines: LogLine[] = [];
      let status: 0 | 1 | 2;
      try {
        status = await refreshFiles(
          { files: [file], credentials: this.options.credentials, inPlace: true },
          {
            stdout: (line) => lines.push(JSON.parse(line) as LogLine),
            stderr: (line) => this.options.log?.(line),
            ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          },
        );
      } catch (error) {
        status = 2;
        lines.push({
          file,
          outcome: "failed",
          reason: error instanceof Error ? error.message : "Something unexpected went wrong.",
        });
      } finally {
        rmSync(lockOf(file), { force: true });
      }
      const tables = lines.filter((line) => line.table !== undefined);
      this.last.set(file, {
        file: path.basename(file),
        startedAt,
        finishedAt: new Date().toISOString(),
        status,
        tablesRefreshed: tables.filter((line) => line.outcome === "refreshed").length,
        tablesFailed: lines.filter((line) => line.outcome === "failed").length,
        reasons: lines.flatMap((line) =>
          line.outcome === "failed" && line.reason ? [line.table ? `${line.table}: ${line.reason}` : line.reason] : [],
        ),
      });
    }
  }

  status(): ScheduleStatus {
    const next = this.job?.nextRun();
    return {
      schedule: this.options.schedule,
      nextRun: next ? next.toISOString() : null,
      running: this.current !== undefined,
      runs: this.runs,
      files: [...this.last.values()],
    };
  }

  /** Stops the ticks and waits for a run in progress to finish (a workbook is never left half-written anyway). */
  async stop(): Promise<void> {
    this.job?.stop();
    await this.current;
  }
}
