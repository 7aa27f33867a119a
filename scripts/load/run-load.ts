// The emulator under a bounded load from another process on loopback: statuses, throughput,
// latency and the emulator's memory while it serves. Three processes: this one directs and
// measures, the emulator runs alone in emulator-process.ts (so its memory is its own, sampled
// over IPC), and load-client.ts sends the load. Optionally the same load again through the
// production host's proxy (src/host), as a ratio.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { REPO_ROOT } from "../../test/support/fresh-dist";
import { percentile, startHostProcess, type HostProcess } from "../../test/support/host-process";
import type { EmulatorProcessOptions, FromEmulator, ToEmulator } from "./emulator-process";
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

function merged(parts: readonly TargetResult[]): TargetResult {
  const statuses: Record<string, number> = {};
  for (const part of parts)
    for (const [status, count] of Object.entries(part.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    name: parts[0]!.name,
    requests: parts.reduce((sum, part) => sum + part.requests, 0),
    statuses,
    byKind: parts[0]!.byKind,
    withoutRetryAfter: parts.reduce((sum, part) => sum + part.withoutRetryAfter, 0),
    latencies: parts.flatMap((part) => part.latencies),
    bytes: parts.reduce((sum, part) => sum + part.bytes, 0),
  };
}

/** Figures of the measured seconds; answers other than 200 and 429 count as unexpected whenever they came. */
function figures(
  leg: string,
  measured: TargetResult,
  warmUp: TargetResult,
  seconds: number,
  concurrency: number,
): LegFigures {
  const unexpectedIn = (result: TargetResult) =>
    Object.entries(result.statuses).reduce(
      (sum, [status, count]) => sum + (status === "200" || status === "429" ? 0 : count),
      0,
    ) + result.withoutRetryAfter;
  return {
    leg,
    seconds,
    concurrency,
    requests: measured.requests,
    requestsPerSecond: measured.requests / seconds,
    p50Ms: percentile(measured.latencies, 0.5),
    p99Ms: percentile(measured.latencies, 0.99),
    statuses: measured.statuses,
    unexpected: unexpectedIn(measured) + unexpectedIn(warmUp),
  };
}

/** Runs load-client.ts as its own process with `plan`; resolves with what it printed. */
function loadFromSecondProcess(plan: LoadPlan, onMeasuring: () => void = () => undefined): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(__dirname, "load-client.ts"), JSON.stringify(plan)],
      {
        cwd: REPO_ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NODE_OPTIONS: "" },
      },
    );
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

interface EmulatorProcess {
  baseUrl: string;
  rateLimitedBaseUrl: string;
  token: string;
  memory(collectGarbage: boolean): Promise<NodeJS.MemoryUsage>;
  stop(): Promise<void>;
}

async function startEmulatorProcess(options: EmulatorProcessOptions): Promise<EmulatorProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", join(__dirname, "emulator-process.ts"), JSON.stringify(options)],
    {
      cwd: REPO_ROOT,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, NODE_OPTIONS: "" },
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const waiting: ((message: FromEmulator) => void)[] = [];
  child.on("message", (message: FromEmulator) => waiting.shift()?.(message));
  const next = () => new Promise<FromEmulator>((resolve) => waiting.push(resolve));
  const ready = await Promise.race([next(), exited.then(() => undefined)]);
  if (ready?.kind !== "ready") throw new Error("the emulator process exited before it listened");
  let asking = Promise.resolve() as Promise<unknown>;
  return {
    baseUrl: ready.baseUrl,
    rateLimitedBaseUrl: ready.rateLimitedBaseUrl,
    token: ready.token,
    memory(collectGarbage) {
      // One question at a time, so each answer goes to its question.
      const answer = asking.then(() => {
        const reply = next();
        child.send({ kind: "memory", collectGarbage } satisfies ToEmulator);
        return reply;
      });
      asking = answer.catch(() => undefined);
      return answer.then((message) => {
        if (message.kind !== "memory") throw new Error(`unexpected ${message.kind} from the emulator process`);
        return { rss: message.rss, heapUsed: message.heapUsed } as NodeJS.MemoryUsage;
      });
    },
    async stop() {
      if (child.connected) child.send({ kind: "stop" } satisfies ToEmulator);
      await exited;
    },
  };
}

/** The emulator's RSS every SAMPLE_EVERY_MS; `measuring()` drops what was sampled during the warm-up. */
function sampleMemory(emulator: EmulatorProcess): {
  samples: { rss: number }[];
  measuring(): void;
  stop(): Promise<void>;
} {
  let samples: { rss: number }[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      samples.push({ rss: (await emulator.memory(false)).rss });
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  return {
    get samples() {
      return samples;
    },
    measuring: () => {
      samples = [];
    },
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

function memoryOf(samples: readonly { rss: number }[], before: NodeJS.MemoryUsage, after: NodeJS.MemoryUsage): Memory {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const peak = (part: readonly { rss: number }[]) =>
    part.length === 0 ? 0 : Math.max(...part.map((sample) => sample.rss)) / MB;
  const thirds: [number, number, number] = [
    peak(samples.slice(0, third)),
    peak(samples.slice(third, 2 * third)),
    peak(samples.slice(2 * third)),
  ];
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
  const emulator = await startEmulatorProcess({ data: LOAD_DATA, rateLimitPerMinute: RATE_LIMIT_PER_MINUTE });
  try {
    const before = await emulator.memory(true);
    const sampler = sampleMemory(emulator);
    const result = await loadFromSecondProcess(
      {
        warmUpSeconds: WARM_UP_SECONDS,
        seconds: options.seconds,
        targets: [
          { name: "service", baseUrl: emulator.baseUrl, token: emulator.token, workers: options.concurrency },
          {
            name: "rate-limited",
            baseUrl: emulator.rateLimitedBaseUrl,
            token: emulator.token,
            workers: RATE_LIMITED_WORKERS,
          },
        ],
      },
      () => sampler.measuring(),
    );
    await sampler.stop();
    const after = await emulator.memory(true);
    const [service, rateLimited] = result.targets as [TargetResult, TargetResult];
    const [serviceWarmUp, rateLimitedWarmUp] = result.warmUp as [TargetResult, TargetResult];
    const report: LoadReport = {
      direct: figures("straight to the emulator", service, serviceWarmUp, result.seconds, options.concurrency),
      // The door's few requests are spent in the first second, so its figures span the whole run.
      rateLimited: figures(
        `rate-limited door (${RATE_LIMIT_PER_MINUTE}/min)`,
        merged([rateLimitedWarmUp, rateLimited]),
        { ...rateLimited, requests: 0, statuses: {}, withoutRetryAfter: 0, latencies: [] },
        result.seconds + result.warmUpSeconds,
        RATE_LIMITED_WORKERS,
      ),
      memory: memoryOf(sampler.samples, before, after),
      host: { unavailable: "not asked" },
    };
    if (options.host) {
      let host: HostProcess | undefined;
      try {
        host = await startHostProcess(emulator.baseUrl);
      } catch (error) {
        report.host = {
          unavailable: `the host did not start: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
      if (host) {
        try {
          const through = await loadFromSecondProcess({
            warmUpSeconds: WARM_UP_SECONDS,
            seconds: options.seconds,
            targets: [
              {
                name: "host",
                baseUrl: `${host.url}/service/bearer`,
                token: emulator.token,
                workers: options.concurrency,
              },
            ],
          });
          report.host = figures(
            "through the host's proxy",
            through.targets[0]!,
            through.warmUp[0]!,
            through.seconds,
            options.concurrency,
          );
        } finally {
          await host.stop();
        }
      }
    }
    return report;
  } finally {
    await emulator.stop();
  }
}
