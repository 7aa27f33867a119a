import { spawn } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "../../../support/fresh-dist";
import type { AreaCount } from "./ledger";

/**
 * The suite in other time zones: a process per zone (TZ is read when a process starts), each
 * running the whole reconciliation against an emulator of its own and printing its ledger.
 *
 * - America/Los_Angeles: behind UTC, clocks change on 12 March 2028, inside the data.
 * - Australia/Adelaide: UTC+10:30 then +09:30, a half-hour offset ahead of UTC whose clocks
 *   change on 2 April 2028. A zone a half hour off without daylight saving (Asia/Kolkata) ran
 *   here too; Adelaide covers what it did, and a full run per zone is what CI's time pays for.
 */
export const ZONES = ["America/Los_Angeles", "Australia/Adelaide"] as const;

export interface ZoneResult {
  zone: string;
  /** What the process's clock says of itself: its zone, and its UTC offsets (minutes) at both ends of the data. */
  resolvedZone: string;
  offsets: { first: number; last: number };
  queries: number;
  checks: number;
  counts: AreaCount[];
  problems: string[];
  seconds: number;
}

const RUNNER = join(__dirname, "zone-run.ts");

/** Runs the suite under `zone`; `functionsBuild` is the folder of an existing functions build. */
export function runInZone(zone: string, functionsBuild: string | undefined): Promise<ZoneResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", RUNNER], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        TZ: zone,
        NODE_OPTIONS: "",
        ...(functionsBuild ? { REPORTING_FUNCTIONS_BUILD: functionsBuild } : {}),
      },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.once("error", reject);
    child.once("exit", (code) => {
      const last = stdout.trim().split("\n").at(-1) ?? "";
      try {
        resolve(JSON.parse(last) as ZoneResult);
      } catch {
        reject(
          new Error(
            `the suite under TZ=${zone} exited with ${code} without its result:\n${stdout.slice(-2000)}\n${stderr.slice(-4000)}`,
          ),
        );
      }
    });
  });
}
