import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { REPO_ROOT } from "./fresh-dist";

/** Node's arguments for the host from its TypeScript source, as `npm run serve` runs its bundle. */
export const HOST_FROM_SOURCE = ["--import", "tsx", join(REPO_ROOT, "src", "host", "cli.ts")];
const START_TIMEOUT_MS = 60_000;

/** A directory with a page to serve, for a host measured or tested as a proxy rather than for the build. */
export function minimalBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "reporting-host-static-"));
  writeFileSync(join(dir, "taskpane.html"), "<!doctype html><title>pane</title>");
  return dir;
}

export interface SpawnedHost {
  /** The address the host printed in its "listening" record. */
  url: string;
  child: ChildProcess;
  /** The exit code, once the host has exited. */
  exited: Promise<number | null>;
}

/**
 * Runs node with `args` (the host and its flags) in a process of its own and waits for the
 * host's "listening" log record, which carries its address. Every line the host writes, on
 * stdout (its JSON log) or stderr, goes to `onLine`, after the start too: both pipes must be
 * read, or a host with a full pipe stops. A host that exits or stays silent for 60 s instead
 * rejects with what it wrote.
 */
export async function spawnHost(
  args: readonly string[],
  onLine: (line: string) => void = () => undefined,
): Promise<SpawnedHost> {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Kept until the host listens, for the error of one that does not; after that only passed on.
  let startup: string[] | undefined = [];
  const take = (line: string) => {
    startup?.push(line);
    onLine(line);
  };
  createInterface({ input: child.stderr }).on("line", take);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the host said nothing for ${START_TIMEOUT_MS / 1000} s:\n${startup?.join("\n")}`));
    }, START_TIMEOUT_MS);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited with code ${code}:\n${startup?.join("\n")}`));
    });
    createInterface({ input: child.stdout }).on("line", (line) => {
      take(line);
      if (startup === undefined) return;
      const record = parsedLine(line);
      if (record?.msg === "listening" && typeof record.url === "string") {
        clearTimeout(timer);
        startup = undefined;
        resolve(record.url);
      }
    });
  });
  return { url, child, exited };
}

/** A line of the host's log as a record; undefined for a line that is not JSON. */
export function parsedLine(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export interface HostProcess {
  /** `http://127.0.0.1:<port>`, as the host printed it. */
  url: string;
  /** The host's process id, for a benchmark that reads its CPU time. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The production host in a process of its own, as deployed (plain HTTP on 127.0.0.1 behind a
 * trusted loopback proxy, default log level), proxying `serviceUrl` and serving a one-page
 * static folder: for the load script and the proxy benchmark, which measure it from outside.
 */
export async function startHostProcess(serviceUrl: string): Promise<HostProcess> {
  const flags = [
    "--plain-http",
    "--trust-proxy",
    "loopback",
    "--listen-host",
    "127.0.0.1",
    "--port",
    "0",
    "--static-dir",
    minimalBuild(),
    "--service-url",
    serviceUrl,
  ];
  const { url, child, exited } = await spawnHost([...HOST_FROM_SOURCE, ...flags]);
  return {
    url,
    pid: child.pid,
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
