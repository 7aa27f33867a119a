import { rmSync } from "node:fs";

/**
 * The temporary files this run has made and not yet removed (row spools, the refreshed copy
 * being written), so that a run stopped by a signal, or left alone by the host that started it,
 * deletes them on its way out instead of leaving them for a later run to find an hour on.
 */

const made = new Set<string>();

export const temporaryFiles = {
  add(file: string): void {
    made.add(file);
  },
  /** The file is gone or has become the output: nothing to delete any more. */
  delete(file: string): void {
    made.delete(file);
  },
  removeAll(): void {
    for (const file of made) {
      try {
        rmSync(file, { force: true });
      } catch {
        // One that cannot be deleted (its folder's permissions changed) must not keep the others, or the stop.
      }
    }
    made.clear();
  },
};

const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/**
 * Deletes the run's temporary files when it is stopped: on SIGTERM, SIGINT or SIGHUP (then ends
 * by that same signal, so that whoever sent it sees it did), and when the host that started it
 * with an IPC channel goes away (a host killed outright: its child must not refresh on alone).
 * A signal that comes while the workbook is being written is handled once the write is over:
 * the copy is then complete and already in place, or removed.
 */
export function stopCleanlyOnSignals(): void {
  for (const signal of STOP_SIGNALS) {
    process.once(signal, () => {
      temporaryFiles.removeAll();
      process.kill(process.pid, signal);
    });
  }
  if (process.channel) {
    // The channel must not keep the run alive once its work is done.
    process.channel.unref();
    process.once("disconnect", () => {
      temporaryFiles.removeAll();
      process.exit(129);
    });
  }
}
