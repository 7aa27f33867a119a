import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { REFRESH_NODE_FLAGS } from "../../../src/headless/node-flags";
import { RefreshSchedule } from "../../../src/headless/refresh-schedule";
import {
  childrenOf,
  heldService,
  silentService,
  waitUntil,
  type HeldService,
  type ProcessSeen,
} from "../../support/held-service";
import { HOST_FROM_SOURCE, minimalBuild, parsedLine, spawnHost, type SpawnedHost } from "../../support/host-process";
import { excelMade, storedQuery, withStoredQueries } from "../../support/stored-query-parts";
import { promisify } from "node:util";
import { usePrivateTmpdir } from "../../support/private-tmpdir";

/**
 * `npm run serve -- --refresh-schedule`: each workbook's refresh runs in a child process of the
 * host, with the refresh command's heap settings, so that one that hangs or dies costs that
 * workbook's run and never the host: a hang is stopped at --refresh-timeout, a death is
 * reported in plain words, the workbook is left byte for byte as it was, the next workbook is
 * still refreshed, and the host goes on answering. Real processes, real HTTP, the emulator.
 */

const REPO = path.resolve(__dirname, "../../..");
const TODAY = "2024-03-15";
let emulator: RunningEmulator;
let token: string;
let dir: string;
let restoreTmpdir: (() => void) | undefined;

function book(folder: string, name: string, profile?: string): string {
  const record = storedQuery(`q-child-${name.replace(/[^A-Za-z0-9]/g, "-")}`, ["country"], profile ? { profile } : {});
  const file = path.join(folder, name);
  writeFileSync(file, withStoredQueries(excelMade("table-sample.xlsx"), [record]));
  return file;
}

/** A folder of workbooks and its credentials: Finance (the default) is the emulator, `others` by name. */
function setting(others: Record<string, string> = {}): { folder: string; credentials: string } {
  const folder = mkdtempSync(path.join(dir, "workbooks-"));
  const credentials = path.join(mkdtempSync(path.join(dir, "credentials-")), "credentials.json");
  const profiles = Object.fromEntries(
    Object.entries({ Finance: emulator.baseUrl, ...others }).map(([name, baseUrl]) => [name, { baseUrl, token }]),
  );
  writeFileSync(credentials, JSON.stringify({ default: "Finance", profiles }), { mode: 0o600 });
  return { folder, credentials };
}

interface Host extends SpawnedHost {
  log: string[];
  status(): Promise<{ files: Record<string, unknown>[] } & Record<string, unknown>>;
  stop(): Promise<number | null>;
}

async function host(
  folder: string,
  credentials: string,
  extra: string[] = [],
  entry: readonly string[] = HOST_FROM_SOURCE,
): Promise<Host> {
  const log: string[] = [];
  const statics = minimalBuild();
  const spawned = await spawnHost(
    [
      ...entry,
      ...["--plain-http", "--trust-proxy", "loopback", "--listen-host", "127.0.0.1", "--port", "0"],
      ...["--static-dir", statics, "--shutdown-timeout", "20"],
      ...["--refresh-schedule", "* * * * * *", "--refresh-dir", folder, "--refresh-credentials", credentials],
      ...extra,
    ],
    (line) => log.push(line),
  );
  let stopped: Promise<number | null> | undefined;
  return {
    ...spawned,
    log,
    status: async () => {
      const answer = await fetch(`${spawned.url}/host/refresh/status`);
      expect(answer.status).toBe(200);
      return (await answer.json()) as { files: Record<string, unknown>[] };
    },
    stop: () => {
      stopped ??= (async () => {
        spawned.child.kill("SIGTERM");
        const code = await spawned.exited;
        rmSync(statics, { recursive: true, force: true });
        return code;
      })();
      return stopped;
    },
  };
}

/** The host's child refreshing `file`, once it is there. */
async function refreshChildOf(parent: number, file: string): Promise<ProcessSeen> {
  let found: ProcessSeen | undefined;
  await waitUntil(
    () => {
      found = childrenOf(parent).find((one) => one.args.includes(file));
      return found !== undefined;
    },
    `a child of the host refreshing ${path.basename(file)}`,
  );
  return found!;
}

/** A folder and credentials whose profile Held reaches the service through a proxy that holds every request. */
async function heldSetting(): Promise<{ held: HeldService; folder: string; credentials: string }> {
  const held = await heldService(emulator.baseUrl);
  return { held, ...setting({ Held: held.baseUrl }) };
}

/** The host's child refreshing `file`, once it has made its row spool. */
async function spoolingChildOf(running: Host, file: string): Promise<ProcessSeen> {
  const child = await refreshChildOf(running.child.pid!, file);
  await waitUntil(() => spoolsOf(child.pid).length > 0, "the child's row spool");
  return child;
}

/** Polls the status route until `file` has a run that `done` accepts; returns that run. */
async function runOf(
  running: Host,
  file: string,
  done: (run: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>> {
  let run: Record<string, unknown> | undefined;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    run = (await running.status()).files.find((one) => one.file === file);
    if (run && done(run)) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no run of ${file} as expected; the last: ${JSON.stringify(run)}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The row spools a child `pid` keeps in TMPDIR (the test's own: Jest's process.env, which children inherit). */
const spoolsOf = (pid: number) =>
  readdirSync(process.env.TMPDIR!).filter((name) => name.startsWith(`refresh-workbook-${pid}-`));

const leftovers = (folder: string) =>
  readdirSync(folder).filter((name) => name.endsWith(".refresh-lock") || name.endsWith(".refreshing"));

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, days: 75, seed: 7, today: TODAY });
  token = emulator.credentials.bearer[0]!.token;
  dir = mkdtempSync(path.join(tmpdir(), "scheduled-refresh-child-"));
  restoreTmpdir = usePrivateTmpdir(dir);
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  restoreTmpdir?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the host's scheduled refresh, one child process per workbook", () => {
  it("refreshes a workbook in a child process run with the refresh command's heap settings, its stderr in the host's log", async () => {
    const { held, folder, credentials } = await heldSetting();
    const file = book(folder, "month-end.xlsx", "Held");
    const running = await host(folder, credentials);
    try {
      const child = await refreshChildOf(running.child.pid!, file);
      expect(child.pid).not.toBe(running.child.pid);
      expect(child.args).toEqual([
        process.execPath,
        ...REFRESH_NODE_FLAGS,
        "--import",
        "tsx",
        path.join(REPO, "src/headless/cli.ts"),
        file,
        "--in-place",
        "--credentials",
        credentials,
      ]);
      held.open();
      expect(await runOf(running, "month-end.xlsx", (run) => run.status !== undefined)).toEqual(
        expect.objectContaining({ status: 0, tablesRefreshed: 1, tablesFailed: 0, reasons: [] }),
      );
    } finally {
      expect(await running.stop()).toBe(0);
      await held.close();
    }
    // The child's summary (stderr), one record per line, with the workbook's name.
    expect(running.log.map(parsedLine)).toContainEqual(
      expect.objectContaining({ msg: "month-end.xlsx: 1 table(s) refreshed, 0 failed", file: "month-end.xlsx" }),
    );
    expect(running.log.join("\n")).not.toContain(token);
    expect(leftovers(folder)).toEqual([]);
  }, 120_000);

  it("stops a refresh that hangs at --refresh-timeout: status 2 in plain words, the workbook as it was, the next one refreshed", async () => {
    const silent = await silentService();
    const { folder, credentials } = setting({ Silent: silent.baseUrl });
    const hanging = book(folder, "a-hangs.xlsx", "Silent");
    const before = readFileSync(hanging);
    book(folder, "b-fine.xlsx");
    const running = await host(folder, credentials, ["--refresh-timeout", "8"]);
    try {
      const stopped = await runOf(running, "a-hangs.xlsx");
      expect(stopped).toEqual(
        expect.objectContaining({
          status: 2,
          tablesRefreshed: 0,
          tablesFailed: 0,
          reasons: [
            expect.stringMatching(
              /^The refresh of this workbook took longer than 8 seconds and was stopped\. The workbook was left as it was\./,
            ),
          ],
        }),
      );
      expect(silent.requests).toBeGreaterThan(0);
      expect(await runOf(running, "b-fine.xlsx")).toEqual(expect.objectContaining({ status: 0, tablesRefreshed: 1 }));
      expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await running.stop()).toBe(0);
      await silent.close();
    }
    expect(Buffer.compare(readFileSync(hanging), before)).toBe(0);
    expect(leftovers(folder)).toEqual([]);
  }, 120_000);

  it("reports a child that dies as stopped unexpectedly, leaves its workbook as it was, and refreshes the next one", async () => {
    const { held, folder, credentials } = await heldSetting();
    const dying = book(folder, "a-dies.xlsx", "Held");
    const before = readFileSync(dying);
    book(folder, "b-fine.xlsx");
    const running = await host(folder, credentials);
    try {
      // As the kernel's out-of-memory killer would end it, with its row spool made.
      const child = await spoolingChildOf(running, dying);
      process.kill(child.pid, "SIGKILL");
      expect(await runOf(running, "a-dies.xlsx")).toEqual(
        expect.objectContaining({
          status: 2,
          tablesRefreshed: 0,
          reasons: [
            expect.stringMatching(
              /^The refresh of this workbook stopped unexpectedly \(it was ended by the signal SIGKILL\)\. The workbook was left as it was/,
            ),
          ],
        }),
      );
      expect(await runOf(running, "b-fine.xlsx")).toEqual(expect.objectContaining({ status: 0, tablesRefreshed: 1 }));
      expect(Buffer.compare(readFileSync(dying), before)).toBe(0);
      // The killed child could not delete its spool: the host, which saw it die, did.
      expect(spoolsOf(child.pid)).toEqual([]);
    } finally {
      expect(await running.stop()).toBe(0);
      await held.close();
    }
    expect(leftovers(folder)).toEqual([]);
  }, 120_000);

  it("on shutdown stops the refresh in progress, waits for its child, and exits", async () => {
    const { held, folder, credentials } = await heldSetting();
    const file = book(folder, "month-end.xlsx", "Held");
    const before = readFileSync(file);
    const running = await host(folder, credentials);
    try {
      const child = await spoolingChildOf(running, file);
      const started = Date.now();
      expect(await running.stop()).toBe(0);
      // Well within the 20 s the host gives requests in flight: the child was stopped, not waited for.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(alive(child.pid)).toBe(false);
      // Stopped by SIGTERM, the child deleted its spool on its way out.
      expect(spoolsOf(child.pid)).toEqual([]);
    } finally {
      await running.stop();
      await held.close();
    }
    expect(Buffer.compare(readFileSync(file), before)).toBe(0);
    expect(leftovers(folder)).toEqual([]);
  }, 120_000);
});

describe("a host killed outright during a refresh", () => {
  it("takes its child with it: the child stops on its own and deletes its temporary files", async () => {
    const { held, folder, credentials } = await heldSetting();
    const file = book(folder, "orphan.xlsx", "Held");
    const before = readFileSync(file);
    const running = await host(folder, credentials);
    try {
      const child = await spoolingChildOf(running, file);
      // As a kill -9 or an out-of-memory killer would end the host: no shutdown, no SIGTERM to its child.
      running.child.kill("SIGKILL");
      await waitUntil(() => !alive(child.pid), "the orphaned child to stop", 10_000);
      expect(spoolsOf(child.pid)).toEqual([]);
    } finally {
      await running.stop();
      await held.close();
    }
    expect(Buffer.compare(readFileSync(file), before)).toBe(0);
    expect(readdirSync(folder).filter((name) => name.endsWith(".refreshing"))).toEqual([]);
  }, 120_000);
});

describe("a refresh that ignores SIGTERM", () => {
  it("is killed with SIGKILL after the grace period, and its run ends", async () => {
    const { folder, credentials } = setting();
    const file = book(folder, "stubborn.xlsx");
    const before = readFileSync(file);
    // A child that outlives SIGTERM (the command itself ends on it): the one place a command is injected.
    const schedule = new RefreshSchedule({
      schedule: "0 6 * * *",
      dir: folder,
      credentials,
      timeLimitMs: 1_000,
      graceMs: 500,
      command: { args: ["-e", "process.on('SIGTERM', () => undefined); setInterval(() => undefined, 1000);"] },
    });
    const started = Date.now();
    await schedule.runOnce();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(schedule.status().files).toEqual([
      expect.objectContaining({
        file: "stubborn.xlsx",
        status: 2,
        reasons: [expect.stringMatching(/^The refresh of this workbook took longer than 1 second and was stopped\./)],
      }),
    ]);
    expect(Buffer.compare(readFileSync(file), before)).toBe(0);
    expect(leftovers(folder)).toEqual([]);
  }, 60_000);
});

describe("a refresh stopped after it has written the workbook", () => {
  it("is reported as written, not as left as it was", async () => {
    const { folder, credentials } = setting();
    book(folder, "late.xlsx");
    // A child that replaces the workbook as the command does (a copy renamed over it), then
    // outlives its time limit: a stop that came during the write takes effect after the rename.
    const schedule = new RefreshSchedule({
      schedule: "0 6 * * *",
      dir: folder,
      credentials,
      timeLimitMs: 1_000,
      graceMs: 500,
      command: {
        args: [
          "-e",
          "const fs = require('fs'); const f = process.argv[1]; fs.writeFileSync(f + '.copy', fs.readFileSync(f)); fs.renameSync(f + '.copy', f); process.on('SIGTERM', () => undefined); setInterval(() => undefined, 1000);",
        ],
      },
    });
    await schedule.runOnce();
    expect(schedule.status().files).toEqual([
      expect.objectContaining({
        file: "late.xlsx",
        status: 2,
        reasons: [
          "The workbook was refreshed and written, but it took longer than 1 second and was stopped before it reported on its tables. Open it to check them; the next scheduled run refreshes it again.",
        ],
      }),
    ]);
    expect(leftovers(folder)).toEqual([]);
  }, 60_000);
});

describe("the host run from its bundle (npm run build:host, then npm run serve)", () => {
  let bundle: string;

  beforeAll(async () => {
    // Into a directory of its own below the repository (so that the bundle finds node_modules), never over build/.
    mkdirSync(path.join(REPO, "test-results"), { recursive: true });
    const output = mkdtempSync(path.join(REPO, "test-results", "host-build-"));
    await promisify(execFile)(
      path.join(REPO, "node_modules", ".bin", "webpack"),
      ["--config", "src/host/webpack.config.js", "--output-path", output],
      { cwd: REPO, maxBuffer: 16 * 1024 * 1024 },
    );
    bundle = path.join(output, "server.js");
  }, 180_000);

  afterAll(() => {
    if (bundle) rmSync(path.dirname(bundle), { recursive: true, force: true });
  });

  it("runs the bundled refresh-workbook.js beside server.js in the child, with the heap settings", async () => {
    const { held, folder, credentials } = await heldSetting();
    const file = book(folder, "month-end.xlsx", "Held");
    const running = await host(folder, credentials, [], [bundle]);
    try {
      const child = await refreshChildOf(running.child.pid!, file);
      expect(child.args).toEqual([
        process.execPath,
        ...REFRESH_NODE_FLAGS,
        path.join(path.dirname(bundle), "refresh-workbook.js"),
        file,
        "--in-place",
        "--credentials",
        credentials,
      ]);
      held.open();
      expect(await runOf(running, "month-end.xlsx", (run) => run.status !== undefined)).toEqual(
        expect.objectContaining({ status: 0, tablesRefreshed: 1, tablesFailed: 0, reasons: [] }),
      );
    } finally {
      expect(await running.stop()).toBe(0);
      await held.close();
    }
  }, 120_000);
});
