// The production host as its own process (plain HTTP on loopback, as behind a load balancer), for
// the hostile-load probes of this folder: they measure it from outside, RSS read from /proc.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HOST_FROM_SOURCE, minimalBuild, spawnHost } from "../../test/support/host-process";

/** PROBE_HOST_ROOT=<another checkout> probes that checkout's host, e.g. the code before a fix. */
const HOST_ARGS = process.env.PROBE_HOST_ROOT
  ? ["--import", "tsx", join(process.env.PROBE_HOST_ROOT, "src", "host", "cli.ts")]
  : HOST_FROM_SOURCE;

export interface ProbedHost {
  url: string;
  /** Resident memory of the host process, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

export async function startProbedHost(serviceUrl: string, flags: string[] = []): Promise<ProbedHost> {
  const base = [
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
  const { url, child, exited } = await spawnHost([...HOST_ARGS, ...base, ...flags]);
  return {
    url,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
    },
    stop: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
