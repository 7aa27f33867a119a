import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { REPO_ROOT } from "../../../support/fresh-dist";
import type { TestCertificate } from "./certificate";
import { send, type Answer, type RequestInit } from "./https-client";

/** The host from its TypeScript source, as `npm run serve` runs its bundle. */
export const HOST_SOURCE = [join(REPO_ROOT, "src", "host", "cli.ts")];
const TSX = ["--import", "tsx"];
const START_TIMEOUT_MS = 60_000;

export interface TestHost {
  url: string;
  child: ChildProcess;
  /** Every line the host wrote, stdout (its JSON log) and stderr alike. */
  output: string[];
  /** The access-log records (one per answered request). */
  accessLog(): Record<string, unknown>[];
  send(path: string, init?: Omit<RequestInit, "ca">): Promise<Answer>;
  /** SIGTERM, then the exit code once it has exited. */
  stop(): Promise<number | null>;
}

/** A directory with a page to serve, for tests about the proxy rather than the build. */
export function minimalBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "reporting-host-static-"));
  writeFileSync(join(dir, "taskpane.html"), "<!doctype html><title>pane</title>");
  return dir;
}

function parsed(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The host as its own process on a free loopback port over HTTPS, configured by the flags of
 * `npm run serve`: signals, exit codes and the log on stdout are those of production. `entry` is
 * the TypeScript source by default, or the production bundle.
 */
export async function startTestHost(
  certificate: TestCertificate,
  flags: string[],
  entry: { nodeArgs: string[] } = { nodeArgs: [...TSX, ...HOST_SOURCE] },
): Promise<TestHost> {
  const child = spawn(
    process.execPath,
    [...entry.nodeArgs, "--listen-host", "127.0.0.1", "--port", "0", "--tls-cert", certificate.certFile, "--tls-key", certificate.keyFile, ...flags],
    { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_OPTIONS: "" } },
  );
  const output: string[] = [];
  createInterface({ input: child.stderr! }).on("line", (line) => output.push(line));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host said nothing for ${START_TIMEOUT_MS / 1000} s:\n${output.join("\n")}`)), START_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on("line", (line) => {
      output.push(line);
      const record = parsed(line);
      if (record?.msg === "listening" && typeof record.url === "string") {
        clearTimeout(timer);
        resolve(record.url);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited with code ${code}:\n${output.join("\n")}`));
    });
  });
  return {
    url,
    child,
    output,
    accessLog: () => output.map(parsed).filter((record): record is Record<string, unknown> => record?.msg === "request"),
    send: (path, init = {}) => send(url + path, { ...init, ca: certificate.pem }),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
