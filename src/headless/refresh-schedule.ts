import { closeSync, openSync, readdirSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { Cron } from "croner";
import { childOutcome, withoutServerPaths } from "./child-outcome";
import {
  refreshCommand,
  startRefreshChild,
  type ChildRun,
  type RefreshCommand,
  type RunningChild,
} from "./refresh-child";

/**
 * The production host's scheduled refresh (`npm run serve -- --refresh-schedule "0 6 * * *"
 * --refresh-dir DIR --refresh-credentials FILE`): at each tick, every workbook of the folder is
 * refreshed in place by `npm run refresh-workbook -- --in-place`'s command, each workbook in a child
 * process of its own (src/headless/refresh-child.ts) stopped after a time limit. One run at a time per
 * host (a tick during a run is skipped), and one host at a time per file: a lock file beside the
 * workbook (`.BOOK.xlsx.refresh-lock`, created exclusively) keeps two hosts behind a balancer,
 * sharing the folder, from refreshing the same file at once. The last run of each file is kept
 * for `GET /host/refresh/status`: when, tables refreshed and failed, the reasons; nothing secret.
 */

export interface RefreshScheduleOptions {
  schedule: string;
  dir: string;
  credentials: string;
  /** A workbook's refresh still running after this is stopped; 30 minutes by default. */
  timeLimitMs?: number;
  /** How long a stopped refresh has between SIGTERM and SIGKILL; 10 seconds by default. */
  graceMs?: number;
  /** How the child runs the command; by default the one beside the host's code (refreshCommand). */
  command?: RefreshCommand;
  /**
   * A lock older than this is taken for one left by a host that died mid-run: 2 hours by
   * default, or more if the time limit is longer, so that a run still allowed to go on keeps it.
   */
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
/** What a lock's name adds to its workbook's. */
const LOCK_NAME_EXTRA = ".".length + ".refresh-lock".length;

/** Takes the file's lock, or returns false when another run holds a fresh one. */
function takeLock(file: string, staleMs: number, now: number): boolean {
  const lock = lockOf(file);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx", 0o644);
      try {
        writeSync(fd, JSON.stringify({ host: hostname(), pid: process.pid, at: new Date(now).toISOString() }));
      } catch (error) {
        // A lock left empty (a full disk) would keep the file from every run for hours.
        rmSync(lock, { force: true });
        throw error;
      } finally {
        closeSync(fd);
      }
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

/** Why the lock beside a workbook could not be written, and what to do, in words for the status page (no path). */
export function lockProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const writeAccess =
    "Give the server's user write access to the folder of workbooks (with systemd, ReadWritePaths=); the next run refreshes it.";
  const said =
    code === "EROFS"
      ? `the folder is read-only for the server. ${writeAccess}`
      : code === "EACCES" || code === "EPERM"
        ? `the server's user may not write in the folder. ${writeAccess}`
        : code === "ENOSPC" || code === "EDQUOT"
          ? "the disk is full. Free some space; the next run refreshes it."
          : code === "ENAMETOOLONG"
            ? `the workbook's name is too long to name its lock after it. Shorten the name by ${LOCK_NAME_EXTRA} characters.`
            : `${code ? `the system said ${code}` : "an unexpected error"}. Check the folder of workbooks; the next run tries again.`;
  return `The lock file beside this workbook could not be written, so it was not refreshed: ${said}`;
}

/** Removes the file's lock; one that cannot be removed is logged and left to be taken over when stale. */
function removeLock(file: string, log: (message: string) => void): void {
  try {
    rmSync(lockOf(file), { force: true });
  } catch (error) {
    log(
      `refresh: the workbook's lock could not be removed (${(error as NodeJS.ErrnoException).code ?? "error"}); another run takes it over once stale`,
    );
  }
}

export const DEFAULT_TIME_LIMIT_MS = 30 * 60 * 1000;
const DEFAULT_GRACE_MS = 10_000;
const MIN_STALE_LOCK_MS = 2 * 60 * 60 * 1000;

export class RefreshSchedule {
  private job: Cron | undefined;
  private current: Promise<void> | undefined;
  private child: RunningChild | undefined;
  private stopping = false;
  private runs = 0;
  private readonly last = new Map<string, FileRunStatus>();

  constructor(private readonly options: RefreshScheduleOptions) {
    const problem = cronProblem(options.schedule);
    if (problem) throw new Error(`The refresh schedule "${options.schedule}" is not a cron expression: ${problem}`);
  }

  start(): void {
    // protect: a tick that comes while a run is still going is skipped, not queued. croner does
    // not wait for the run: a rejection nobody handles would end the server, so it is caught.
    this.job = new Cron(this.options.schedule, { protect: true }, () =>
      this.runOnce().catch((error: unknown) =>
        this.options.log?.("refresh: the scheduled run stopped on an unexpected error", {
          error: error instanceof Error ? error.name : typeof error,
        }),
      ),
    );
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
    const timeLimitMs = this.options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    const graceMs = this.options.graceMs ?? DEFAULT_GRACE_MS;
    const staleLockMs = this.options.staleLockMs ?? Math.max(MIN_STALE_LOCK_MS, 2 * (timeLimitMs + graceMs));
    const command = this.options.command ?? refreshCommand();
    for (const file of files) {
      if (this.stopping) return;
      const name = path.basename(file);
      const startedAt = new Date().toISOString();
      let locked: boolean;
      try {
        locked = takeLock(file, staleLockMs, Date.now());
      } catch (error) {
        // A folder the server may not write in (systemd's ProtectSystem=strict without
        // ReadWritePaths, a mount owned by another user): this file's run fails, the server stays.
        const reason = lockProblem(error);
        this.options.log?.("refresh: a workbook's lock could not be written", { file: name, reason });
        this.last.set(file, {
          file: name,
          startedAt,
          finishedAt: new Date().toISOString(),
          status: 2,
          tablesRefreshed: 0,
          tablesFailed: 0,
          reasons: [reason],
        });
        continue;
      }
      if (!locked) {
        this.last.set(file, {
          file: name,
          startedAt,
          finishedAt: startedAt,
          status: "skipped",
          tablesRefreshed: 0,
          tablesFailed: 0,
          reasons: ["Another host is refreshing this workbook; it was left to that run."],
        });
        continue;
      }
      let run: ChildRun;
      // The command writes through a rename: a replaced workbook is another file (inode) than before.
      const before = identityOf(file);
      try {
        this.child = startRefreshChild(file, this.options.credentials, {
          command,
          timeLimitMs,
          graceMs,
          onStderr: (line) => this.options.log?.(line, { file: name }),
        });
        run = await this.child.done;
      } catch (error) {
        const startError = error instanceof Error ? error.message : String(error);
        run = { code: null, signal: null, lines: [], stderrTail: [], startError };
      } finally {
        this.child = undefined;
        removeLock(file, (reason) => this.options.log?.(reason, { file: name }));
      }
      run = { ...run, replaced: identityOf(file) !== before };
      const outcome = childOutcome(run, name, timeLimitMs);
      if (outcome.status === 2 && outcome.tablesFailed === 0)
        this.options.log?.("refresh: a workbook's refresh did not finish", { file: name, reasons: outcome.reasons });
      const reasons = outcome.reasons.map((reason) =>
        withoutServerPaths(reason, this.options.dir, this.options.credentials),
      );
      this.last.set(file, { file: name, startedAt, finishedAt: new Date().toISOString(), ...outcome, reasons });
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

  /**
   * Stops the ticks, stops the workbook's refresh in progress (its child process; the workbook
   * is written through a temporary file and a rename, so it is left as it was) and waits for it.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.job?.stop();
    this.child?.stop("shutdown");
    await this.current;
  }
}

/** A file's identity on its disk (device and inode), or undefined when it cannot be read. */
function identityOf(file: string): string | undefined {
  try {
    const stat = statSync(file);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
  }
}
