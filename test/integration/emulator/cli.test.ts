import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { REFERENCE_ROUTES, detailsResponse } from "../../../src/api";
import { startEmulator } from "../../../src/emulator";
import { START_TIMEOUT_MS, bearerHeaders, legacyHeaders } from "./support/emulator";

const ROOT = `${__dirname}/../../..`;

function startCli(args: string[]): ChildProcessWithoutNullStreams {
  // Its own process group, so that a failed test can still stop npx, tsx and node together.
  return spawn("npx", ["tsx", "src/emulator/cli.ts", ...args], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, NO_COLOR: "1" },
  });
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
function exitOf(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
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
        credentials: {
          bearer: { token: string; organizations: string[] }[];
          legacy: { apiKey: string; apiSecret: string; applications: number[] }[];
        };
        demoLogins: string[];
      };
      expect(Object.keys(started).sort()).toEqual(["baseUrl", "credentials", "demoLogins", "legacyBaseUrl"]);
      expect(started.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);

      const bearer = started.credentials.bearer[0]!;
      const details = await fetch(started.baseUrl + REFERENCE_ROUTES.details.path, {
        headers: bearerHeaders(bearer.token),
      });
      expect(details.status).toBe(200);
      const reached = detailsResponse.parse(await details.json()).organizations;
      expect(reached.map((org) => org.value).sort()).toEqual([...bearer.organizations].sort());
      // What npm start prints: the token under the name of the one organization it sees.
      const printed = started.demoLogins.indexOf(`      ${bearer.token}`);
      expect(started.demoLogins[printed - 1]).toBe(`    sees ${reached[0]!.label} only:`);

      const legacy = started.credentials.legacy[0]!;
      const applications = await fetch(`${started.legacyBaseUrl}/reporting/v1/applications`, {
        headers: legacyHeaders(legacy),
      });
      expect(applications.status).toBe(200);

      // npx does not pass signals on, so the whole group gets it, as a terminal's Ctrl+C would.
      process.kill(-child.pid!, "SIGTERM");
      const { stdout } = await exited;
      expect(stdout).toContain("Stopped.");
      await expect(
        fetch(started.baseUrl + REFERENCE_ROUTES.details.path, { headers: bearerHeaders(bearer.token) }),
      ).rejects.toThrow();
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
    for (const flag of [
      "--host",
      "--port",
      "--seed",
      "--days",
      "--scale",
      "--latency",
      "--fail-rate",
      "--rate-limit",
    ]) {
      expect(help.stdout).toContain(flag);
    }
    const wrong = await exitOf(startCli(["--prot", "8080"]));
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Unknown option --prot");
  },
  START_TIMEOUT_MS,
);

test(
  "--seed, --days, --today, --scale and --host shape the data and address; --fail-rate answers 500, --rate-limit 429",
  async () => {
    const args = [
      "--host",
      "127.0.0.1",
      "--seed=11",
      "--days",
      "5",
      "--today",
      "2026-03-15",
      "--scale",
      "0.5",
      "--latency",
      "1",
    ];
    const shaped = startCli(args);
    const failing = startCli(["--days", "2", "--fail-rate", "1", "--rate-limit=1"]);
    try {
      const started = JSON.parse(await firstLine(shaped)) as {
        baseUrl: string;
        credentials: { bearer: { token: string }[] };
      };
      expect(started.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      // The same seed and size in-process give the same credentials; the period follows --days and --today.
      const twin = await startEmulator({ seed: 11, days: 5, today: "2026-03-15", scale: 0.5 });
      try {
        expect(started.credentials).toEqual(twin.credentials);
      } finally {
        await twin.close();
      }
      const dates = await fetch(started.baseUrl + REFERENCE_ROUTES.dates.path, {
        headers: bearerHeaders(started.credentials.bearer[0]!.token),
      });
      expect(REFERENCE_ROUTES.dates.response.parse(await dates.json())).toEqual({
        from: "2026-03-10",
        to: "2026-03-14",
      });

      const broken = JSON.parse(await firstLine(failing)) as {
        baseUrl: string;
        credentials: { bearer: { token: string }[] };
      };
      const ask = () =>
        fetch(broken.baseUrl + REFERENCE_ROUTES.dates.path, {
          headers: bearerHeaders(broken.credentials.bearer[0]!.token),
        });
      const first = await ask();
      expect([first.status, ((await first.json()) as { error: { code: string } }).error.code]).toEqual([
        500,
        "internal_error",
      ]);
      const second = await ask();
      expect(second.status).toBe(429);
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      stopGroup(shaped);
      stopGroup(failing);
    }
  },
  START_TIMEOUT_MS,
);

test(
  "a refused value names the flag as typed; a port in use says so and how to pick another",
  async () => {
    const refused = await exitOf(startCli(["--fail-rate", "2"]));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--fail-rate must be between 0 and 1, not 2");

    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    try {
      const port = (holder.address() as AddressInfo).port;
      const taken = await exitOf(startCli(["--port", String(port), "--days", "1"]));
      expect(taken.code).toBe(1);
      expect(taken.stdout).toBe("");
      expect(taken.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(taken.stderr).toContain("--port 0");
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  },
  START_TIMEOUT_MS,
);
