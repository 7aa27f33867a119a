import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { spoolFilesOf } from "./file-spool";
import { REFRESH_NODE_FLAGS } from "./node-flags";
import type { LogLine } from "./run-lines";
import { removeStaleTemporaries, temporaryOf } from "./workbook-files";

/**
 * One workbook's scheduled refresh in a process of its own: `npm run refresh-workbook`'s command
 * run by the same Node with the heap settings it ships with, so that a refresh that crashes,
 * runs out of memory or hangs costs that workbook's run, never the server that serves the
 * add-in, and a large refresh does not grow the long-lived server's heap.
 */

/** Node's arguments before the command's own, and the folder to run it from. */
export interface RefreshCommand {
  args: string[];
  cwd?: string;
}

/**
 * The refresh command beside the host's code at `moduleFile`: the bundle's
 * `refresh-workbook.js` beside `build/host/server.js` (webpack leaves `__filename` as the
 * bundle's own path on a Node target), or, when the host runs from the sources (tests, tsx),
 * `src/headless/cli.ts` through tsx, run from the repository so that `--import tsx` resolves.
 */
export function refreshCommandOf(moduleFile: string): RefreshCommand {
  const dir = path.dirname(moduleFile);
  if (path.extname(moduleFile) === ".ts")
    return {
      args: [...REFRESH_NODE_FLAGS, "--import", "tsx", path.join(dir, "cli.ts")],
      cwd: path.resolve(dir, "..", ".."),
    };
  return { args: [...REFRESH_NODE_FLAGS, path.join(dir, "refresh-workbook.js")] };
}

/** The command for the host running now, from where its code is. */
export const refreshCommand = (): RefreshCommand => refreshCommandOf(__filename);

/** How a child's run ended, as read by `childOutcome`. */
export interface ChildRun {
  /** The exit code; null when a signal ended it or it never started. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Its JSON lines (stdout). */
  lines: LogLine[];
  /** Its last lines on stderr, to tell an out-of-memory from another death. */
  stderrTail: string[];
  /** Why the host stopped it, if it did. */
  stoppedBy?: "time-limit" | "shutdown";
  /** Why it could not be started. */
  startError?: string;
  /**
   * Whether the workbook was replaced during the run (seen by the host: the file is another one
   * than before). A stop signal is handled once the write is over, so a run stopped late may
   * have refreshed the workbook without reporting on its tables.
   */
  replaced?: boolean;
}

export interface RunningChild {
  pid: number | undefined;
  /** SIGTERM, then SIGKILL if it is still there after the grace period. */
  stop(why: "time-limit" | "shutdown"): void;
  done: Promise<ChildRun>;
}

export interface ChildOptions {
  command: RefreshCommand;
  /** A run longer than this is stopped. */
  timeLimitMs: number;
  /** Between SIGTERM and SIGKILL. */
  graceMs: number;
  /** Each line the child writes on stderr (sentences for the person reading; never a credential). */
  onStderr: (line: string) => void;
}

const STDERR_TAIL = 20;

/** Starts `refresh-workbook FILE --in-place --credentials CREDENTIALS` in a child process. */
export function startRefreshChild(file: string, credentials: string, options: ChildOptions): RunningChild {
  const child = spawn(process.execPath, [...options.command.args, file, "--in-place", "--credentials", credentials], {
    ...(options.command.cwd ? { cwd: options.command.cwd } : {}),
    // The IPC channel says nothing; it closes when the host dies, and the command then stops (temporary-files.ts).
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const lines: LogLine[] = [];
  const stderrTail: string[] = [];
  let stoppedBy: ChildRun["stoppedBy"];
  let startError: string | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  // At once, and for every error: one with no listener (a process the system refused, EMFILE
  // or ENOMEM, which Node reports on its next tick) would end the server.
  const failed = new Promise<void>((resolve) =>
    child.on("error", (error) => {
      startError ??= error.message;
      resolve();
    }),
  );
  if (!child.stdout || !child.stderr) {
    // Refused before it had pipes: no "close" comes, only the error.
    const done = failed.then((): ChildRun => ({
      code: null,
      signal: null,
      lines,
      stderrTail,
      startError: startError ?? "not started",
    }));
    return { pid: undefined, stop: () => undefined, done };
  }

  createInterface({ input: child.stdout }).on("line", (text) => {
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      // Not one of the command's lines: nothing to count.
    }
  });
  createInterface({ input: child.stderr }).on("line", (text) => {
    stderrTail.push(text);
    if (stderrTail.length > STDERR_TAIL) stderrTail.shift();
    if (text.trim() !== "") options.onStderr(text);
  });

  const stop = (why: "time-limit" | "shutdown") => {
    if (stoppedBy || child.exitCode !== null || child.signalCode !== null) return;
    stoppedBy = why;
    child.kill("SIGTERM");
    killTimer = setTimeout(() => child.kill("SIGKILL"), options.graceMs);
  };
  const limit = setTimeout(() => stop("time-limit"), options.timeLimitMs);

  const done = new Promise<ChildRun>((resolve) => {
    // After the pipes are closed, so that every line has been read.
    child.once("close", (code, signal) => {
      clearTimeout(limit);
      clearTimeout(killTimer);
      if (child.pid !== undefined) removeLeftoversOf(child.pid, file);
      resolve({
        code,
        signal,
        lines,
        stderrTail,
        ...(stoppedBy ? { stoppedBy } : {}),
        ...(startError ? { startError } : {}),
      });
    });
  });
  return { pid: child.pid, stop, done };
}

/**
 * Deletes what the run with process id `pid` left, writing `file`, if it was killed outright
 * (SIGKILL, out of memory) and could not: its copy being written beside the file and its row
 * spools in TMPDIR (the host's, which the child inherits). Its names carry its pid, and it has
 * ended, so nothing else writes them; a run that ended on its own left none.
 */
export function removeLeftoversOf(pid: number, file: string): void {
  // Best effort, and never a throw: this runs in the server, when a child ends.
  try {
    rmSync(temporaryOf(file, pid), { force: true });
  } catch {
    // Left for a later run's clean-up of files over an hour old.
  }
  removeStaleTemporaries(tmpdir(), Date.now(), 0, spoolFilesOf(pid));
}
