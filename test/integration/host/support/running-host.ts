import type { ChildProcess } from "node:child_process";
import { HOST_FROM_SOURCE, parsedLine, spawnHost } from "../../../support/host-process";
import type { TestCertificate } from "./certificate";
import { send, type Answer, type RequestInit } from "./https-client";

export { minimalBuild } from "../../../support/host-process";

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

/**
 * The host as its own process on a free loopback port over HTTPS, configured by the flags of
 * `npm run serve`: signals, exit codes and the log on stdout are those of production. `entry` is
 * the TypeScript source by default, or the production bundle.
 */
export async function startTestHost(
  certificate: TestCertificate,
  flags: string[],
  entry: { nodeArgs: string[] } = { nodeArgs: HOST_FROM_SOURCE },
): Promise<TestHost> {
  const output: string[] = [];
  const { url, child, exited } = await spawnHost(
    [
      ...entry.nodeArgs,
      "--listen-host",
      "127.0.0.1",
      "--port",
      "0",
      "--tls-cert",
      certificate.certFile,
      "--tls-key",
      certificate.keyFile,
      ...flags,
    ],
    (line) => output.push(line),
  );
  return {
    url,
    child,
    output,
    accessLog: () =>
      output.map(parsedLine).filter((record): record is Record<string, unknown> => record?.msg === "request"),
    send: (path, init = {}) => send(url + path, { ...init, ca: certificate.pem }),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
