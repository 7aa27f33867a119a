import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { REPO_ROOT } from "./fresh-dist";

export interface HostProcess {
  /** `http://127.0.0.1:<port>`, as the host printed it. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The production host in a process of its own, as deployed (plain HTTP on 127.0.0.1 behind a
 * trusted loopback proxy, default log level), proxying `serviceUrl` and serving a one-page
 * static folder: for the load script and the proxy benchmark, which measure it from outside.
 */
export async function startHostProcess(serviceUrl: string): Promise<HostProcess> {
  const staticDir = mkdtempSync(join(tmpdir(), "reporting-host-process-"));
  writeFileSync(join(staticDir, "taskpane.html"), "<!doctype html><title>pane</title>");
  const flags = ["--plain-http", "--trust-proxy", "loopback", "--listen-host", "127.0.0.1", "--port", "0", "--static-dir", staticDir, "--service-url", serviceUrl];
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "src", "host", "cli.ts"), ...flags], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`it said nothing for 60 s: ${stderr.slice(-500)}`));
    }, 60_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`it exited with code ${code}: ${stderr.trim().split("\n").slice(-3).join(" ")}`));
    });
    // The host logs one JSON record a line; the one saying "listening" carries its address.
    createInterface({ input: child.stdout }).on("line", (line) => {
      try {
        const record = JSON.parse(line) as { msg?: string; url?: string };
        if (record.msg === "listening" && record.url) {
          clearTimeout(timer);
          resolve(record.url);
        }
      } catch {
        // Not a log record.
      }
    });
  });
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The nearest-rank percentile (`share` 0.99 for p99) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}
