// The emulator under a bounded load from a second process on loopback (load-client.ts): statuses,
// throughput, latency and the emulator's memory while it serves. The emulator runs in this
// process, so process.memoryUsage() is its memory; the load comes from the other process.
// Optionally the same load again through the production host's proxy (src/host), as a ratio.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { widestBearer } from "../../bench/support/widest-bearer";
import { REPO_ROOT } from "../../test/support/fresh-dist";
import { MEASURING, type LoadPlan, type LoadResult, type TargetResult } from "./load-client";

/** The data the mix of load-client.ts asks about: 120 days ending 2026-06-29. */
export const LOAD_DATA = { seed: 1, days: 120, today: "2026-06-30" } as const;
/** Requests per minute of the rate-limited door: a few of its workers run into the documented 429. */
const RATE_LIMIT_PER_MINUTE = 10;
const RATE_LIMITED_WORKERS = 2;
const SAMPLE_EVERY_MS = 100;
/** Load before the measured seconds: the database's caches and the allocator settle first. */
const WARM_UP_SECONDS = 2;
const MB = 1024 * 1024;

export interface LoadOptions {
  seconds: number;
  /** Workers on the service (16 to 32); the rate-limited door gets two more. */
  concurrency: number;
  /** Also run the load through `npm run serve`'s server (from its source) in front of the emulator. */
  host: boolean;
}

export interface Memory {
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  heapBeforeMb: number;
  heapAfterMb: number;
  /** RSS peaks of each third of the run, in MB. */
  rssThirdsMb: [number, number, number];
  /** The last third peaks at most 10% (and 16 MB) above the second, and the heap after the run is back within 32 MB. */
  levelsOff: boolean;
}

export interface LegFigures {
  leg: string;
  seconds: number;
  concurrency: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  /** Answers other than 200 and 429, requests without any answer, and 429s without Retry-After. */
  unexpected: number;
}

export interface LoadReport {
  direct: LegFigures;
  /** The rate-limited door: shows the documented 429 under the same load. */
  rateLimited: LegFigures;
  memory: Memory;
  /** Through the host's proxy, or why it could not be run. */
  host: LegFigures | { unavailable: string };
}

function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

function figures(leg: string, result: TargetResult, seconds: number, concurrency: number): LegFigures {
  const expected = (status: string) => status === "200" || status === "429";
  const unexpected = Object.entries(result.statuses).reduce((sum, [status, count]) => sum + (expected(status) ? 0 : count), 0) + result.withoutRetryAfter;
  return {
    leg,
    seconds,
    concurrency,
    requests: result.requests,
    requestsPerSecond: result.requests / seconds,
    p50Ms: percentile(result.latencies, 0.5),
    p99Ms: percentile(result.latencies, 0.99),
    statuses: result.statuses,
    unexpected,
  };
}

/** Runs load-client.ts as its own process with `plan`; resolves with what it printed. */
function loadFromSecondProcess(plan: LoadPlan, onMeasuring: () => void = () => undefined): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(__dirname, "load-client.ts"), JSON.stringify(plan)], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    let last = "";
    let stderr = "";
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line === MEASURING) onMeasuring();
      else if (line.trim() !== "") last = line;
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => {
      try {
        resolve(JSON.parse(last) as LoadResult);
      } catch {
        reject(new Error(`the load process exited with ${code}: ${stderr.slice(-2000)}`));
      }
    });
  });
}

function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** RSS every SAMPLE_EVERY_MS; `measuring()` drops what was sampled during the warm-up. */
function sampleMemory(): { samples: { rss: number }[]; measuring(): void; stop(): void } {
  let samples: { rss: number }[] = [];
  const timer = setInterval(() => samples.push({ rss: process.memoryUsage().rss }), SAMPLE_EVERY_MS);
  return {
    get samples() {
      return samples;
    },
    measuring: () => {
      samples = [];
    },
    stop: () => clearInterval(timer),
  };
}

/** `npm run serve`'s server from its source, plain HTTP on loopback (as behind a load balancer), proxying to `serviceUrl`. */
async function startHost(serviceUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const staticDir = mkdtempSync(join(tmpdir(), "reporting-load-host-"));
  writeFileSync(join(staticDir, "taskpane.html"), "<!doctype html><title>pane</title>");
  // The default log level, as deployed: it also prints the address it listens on.
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

function memoryOf(samples: readonly { rss: number }[], before: NodeJS.MemoryUsage, after: NodeJS.MemoryUsage): Memory {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const peak = (part: readonly { rss: number }[]) => (part.length === 0 ? 0 : Math.max(...part.map((sample) => sample.rss)) / MB);
  const thirds: [number, number, number] = [peak(samples.slice(0, third)), peak(samples.slice(third, 2 * third)), peak(samples.slice(2 * third))];
  const heapBeforeMb = before.heapUsed / MB;
  const heapAfterMb = after.heapUsed / MB;
  return {
    rssBeforeMb: before.rss / MB,
    rssPeakMb: Math.max(before.rss / MB, ...thirds),
    rssAfterMb: after.rss / MB,
    heapBeforeMb,
    heapAfterMb,
    rssThirdsMb: thirds,
    levelsOff: thirds[2] <= thirds[1] * 1.1 + 16 && heapAfterMb <= heapBeforeMb + 32,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const emulator: RunningEmulator = await startEmulator(LOAD_DATA);
  // The same data behind a door that limits the rate, so the load meets the documented 429.
  const limited = await startEmulator({ ...LOAD_DATA, store: emulator.store, rateLimitPerMinute: RATE_LIMIT_PER_MINUTE });
  const { token } = widestBearer(emulator.credentials);
  try {
    collectGarbage();
    const before = process.memoryUsage();
    const sampler = sampleMemory();
    const result = await loadFromSecondProcess(
      {
        warmUpSeconds: WARM_UP_SECONDS,
        seconds: options.seconds,
        targets: [
          { name: "service", baseUrl: emulator.baseUrl, token, workers: options.concurrency },
          { name: "rate-limited", baseUrl: limited.baseUrl, token, workers: RATE_LIMITED_WORKERS },
        ],
      },
      () => sampler.measuring(),
    );
    sampler.stop();
    collectGarbage();
    const after = process.memoryUsage();
    const [service, rateLimited] = result.targets as [TargetResult, TargetResult];
    const report: LoadReport = {
      direct: figures("straight to the emulator", service, result.seconds, options.concurrency),
      rateLimited: figures(`rate-limited door (${RATE_LIMIT_PER_MINUTE}/min)`, rateLimited, result.seconds, RATE_LIMITED_WORKERS),
      memory: memoryOf(sampler.samples, before, after),
      host: { unavailable: "not asked" },
    };
    if (options.host) {
      let host: Awaited<ReturnType<typeof startHost>> | undefined;
      try {
        host = await startHost(emulator.baseUrl);
      } catch (error) {
        report.host = { unavailable: `the host did not start: ${error instanceof Error ? error.message : String(error)}` };
      }
      if (host) {
        try {
          const through = await loadFromSecondProcess({
            warmUpSeconds: WARM_UP_SECONDS,
            seconds: options.seconds,
            targets: [{ name: "host", baseUrl: `${host.url}/service/bearer`, token, workers: options.concurrency }],
          });
          report.host = figures("through the host's proxy", through.targets[0]!, through.seconds, options.concurrency);
        } finally {
          await host.stop();
        }
      }
    }
    return report;
  } finally {
    await limited.close();
    await emulator.close();
  }
}
