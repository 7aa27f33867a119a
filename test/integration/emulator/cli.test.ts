import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { REFERENCE_ROUTES, detailsResponse } from "../../../src/api";
import { START_TIMEOUT_MS, bearerHeaders, legacyHeaders } from "./support/emulator";

const ROOT = `${__dirname}/../../..`;

function startCli(args: string[]): ChildProcessWithoutNullStreams {
  // Its own process group, so that a failed test can still stop npx, tsx and node together.
  return spawn("npx", ["tsx", "src/emulator/cli.ts", ...args], { cwd: ROOT, detached: true, env: { ...process.env, NO_COLOR: "1" } });
}

function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      lines.close();
      resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`the emulator exited with ${code} before printing a line`)));
  });
}

/** Resolves once every process of the chain (npx, tsx, node) has let go of stdout and stderr. */
function exitOf(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

function stopGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // Already gone.
  }
}

test(
  "the first line on stdout is one JSON object that drives both interfaces; SIGTERM closes the server",
  async () => {
    const child = startCli(["--port", "0", "--days", "30"]);
    try {
      const exited = exitOf(child);
      const started = JSON.parse(await firstLine(child)) as {
        baseUrl: string;
        legacyBaseUrl: string;
        credentials: { bearer: { token: string; organizations: string[] }[]; legacy: { apiKey: string; apiSecret: string; applications: number[] }[] };
      };
      expect(Object.keys(started).sort()).toEqual(["baseUrl", "credentials", "legacyBaseUrl"]);
      expect(started.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);

      const bearer = started.credentials.bearer[0]!;
      const details = await fetch(started.baseUrl + REFERENCE_ROUTES.details.path, { headers: bearerHeaders(bearer.token) });
      expect(details.status).toBe(200);
      const organizations = detailsResponse.parse(await details.json()).organizations.map((org) => org.value);
      expect(organizations.sort()).toEqual([...bearer.organizations].sort());

      const legacy = started.credentials.legacy[0]!;
      const applications = await fetch(`${started.legacyBaseUrl}/reporting/v1/applications`, { headers: legacyHeaders(legacy) });
      expect(applications.status).toBe(200);

      // npx does not pass signals on, so the whole group gets it, as a terminal's Ctrl+C would.
      process.kill(-child.pid!, "SIGTERM");
      const { stdout } = await exited;
      expect(stdout).toContain("Stopped.");
      await expect(fetch(started.baseUrl + REFERENCE_ROUTES.details.path, { headers: bearerHeaders(bearer.token) })).rejects.toThrow();
    } finally {
      stopGroup(child);
    }
  },
  START_TIMEOUT_MS,
);

test(
  "--help prints the options; an unknown option exits 2 and says what is wrong",
  async () => {
    const help = await exitOf(startCli(["--help"]));
    expect(help.code).toBe(0);
    for (const flag of ["--host", "--port", "--seed", "--days", "--scale", "--latency", "--fail-rate", "--rate-limit"]) {
      expect(help.stdout).toContain(flag);
    }
    const wrong = await exitOf(startCli(["--prot", "8080"]));
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Unknown option --prot");
  },
  START_TIMEOUT_MS,
);
