import { readFileSync } from "node:fs";

/** Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ, fixed at 100 on every architecture). */
const MS_PER_TICK = 10;

/**
 * CPU time (user + system, milliseconds) that process `pid` has used, from /proc/<pid>/stat;
 * undefined where there is no /proc (macOS, Windows) or the process is gone.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (2nd field) is in parentheses and may hold spaces: count from after it.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are the 14th and 15th fields, the 12th and 13th after the name.
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return undefined;
  }
}
