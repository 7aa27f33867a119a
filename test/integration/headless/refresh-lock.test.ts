import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { RefreshSchedule } from "../../../src/headless/refresh-schedule";
import { heldService, type HeldService } from "../../support/held-service";
import { excelMade, storedQuery, withStoredQueries } from "../../support/stored-query-parts";

/**
 * Two hosts behind a balancer, each with its schedule on the same folder of workbooks: a file
 * one of them is refreshing is left alone by the other (its lock file, created exclusively, is
 * there), the other still refreshes the files no one holds, and a lock left by a host that died
 * is taken over once stale.
 */

const TODAY = "2024-03-15";
let emulator: RunningEmulator;
let dir: string;
let credentials: string;
/** Host A's credentials: its service holds every request until the test lets them through. */
let heldCredentials: string;
let held: HeldService;

function book(name: string): string {
  const file = path.join(dir, `${name}.xlsx`);
  writeFileSync(
    file,
    withStoredQueries(excelMade("table-sample.xlsx"), [storedQuery(`q-lock-${name.padEnd(10, "0")}`, ["country"])]),
  );
  return file;
}

function credentialsFile(baseUrl: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "refresh-lock-credentials-")), "credentials.json");
  writeFileSync(
    file,
    JSON.stringify({
      default: "Finance",
      profiles: { Finance: { baseUrl, token: emulator.credentials.bearer[0]!.token } },
    }),
    { mode: 0o600 },
  );
  return file;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, days: 75, seed: 7, today: TODAY });
  dir = mkdtempSync(path.join(tmpdir(), "refresh-lock-"));
  credentials = credentialsFile(emulator.baseUrl);
  held = await heldService(emulator.baseUrl);
  heldCredentials = credentialsFile(held.baseUrl);
}, 60_000);

afterAll(async () => {
  await held?.close();
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
  for (const file of [credentials, heldCredentials])
    if (file) rmSync(path.dirname(file), { recursive: true, force: true });
});

describe("two schedules sharing a folder", () => {
  it("refresh each file once at a time: a file the other host holds is skipped, the others are refreshed", async () => {
    const first = book("a-first");
    const second = book("b-second");
    const a = new RefreshSchedule({ schedule: "0 6 * * *", dir, credentials: heldCredentials });
    const b = new RefreshSchedule({ schedule: "0 6 * * *", dir, credentials });

    // Host A starts with the first file and waits on the service, holding its lock.
    const runA = a.runOnce();
    const lock = path.join(dir, ".a-first.xlsx.refresh-lock");
    for (let turn = 0; turn < 1200 && held.requests === 0; turn++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(held.requests).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(lock, "utf8"))).toEqual(
      expect.objectContaining({ host: hostname(), pid: process.pid }),
    );

    // Host B's run meanwhile: it leaves the first file to A and refreshes the second.
    const before = readFileSync(first);
    await b.runOnce();
    const seenByB = new Map(b.status().files.map((file) => [file.file, file]));
    expect(seenByB.get("a-first.xlsx")).toEqual(
      expect.objectContaining({
        status: "skipped",
        reasons: ["Another host is refreshing this workbook; it was left to that run."],
      }),
    );
    expect(seenByB.get("b-second.xlsx")).toEqual(expect.objectContaining({ status: 0, tablesRefreshed: 1 }));
    expect(Buffer.compare(readFileSync(first), before)).toBe(0);

    held.open();
    await runA;
    expect(a.status().files.find((file) => file.file === "a-first.xlsx")).toEqual(
      expect.objectContaining({ status: 0, tablesRefreshed: 1 }),
    );
    expect(existsSync(lock)).toBe(false);
    expect(existsSync(path.join(dir, ".b-second.xlsx.refresh-lock"))).toBe(false);
    rmSync(first);
    rmSync(second);
  }, 120_000);

  it("takes over a lock left by a host that died, once it is stale, and not before", async () => {
    const file = book("c-orphan");
    const lock = path.join(dir, ".c-orphan.xlsx.refresh-lock");
    writeFileSync(lock, JSON.stringify({ host: "a-host-that-died", pid: 1, at: "2024-01-01T00:00:00Z" }));
    const schedule = new RefreshSchedule({
      schedule: "0 6 * * *",
      dir,
      credentials,
      staleLockMs: 60 * 60 * 1000,
    });
    await schedule.runOnce();
    expect(schedule.status().files.find((one) => one.file === "c-orphan.xlsx")?.status).toBe("skipped");

    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(lock, twoHoursAgo, twoHoursAgo);
    await schedule.runOnce();
    expect(schedule.status().files.find((one) => one.file === "c-orphan.xlsx")).toEqual(
      expect.objectContaining({ status: 0, tablesRefreshed: 1 }),
    );
    expect(existsSync(lock)).toBe(false);
    rmSync(file);
  }, 120_000);

  it("fails only the workbook whose lock cannot be written, says why, and goes on to the next", async () => {
    // A name of 250 characters: its lock's name (264) is past the file system's 255, as a folder
    // the server may not write in would refuse it (which root, running CI, cannot be shown).
    const long = path.join(dir, `d-${"x".repeat(243)}.xlsx`);
    writeFileSync(
      long,
      withStoredQueries(excelMade("table-sample.xlsx"), [storedQuery("q-lock-long-name", ["country"])]),
    );
    const after = book("e-after");
    const before = readFileSync(long);
    const logged: string[] = [];
    const schedule = new RefreshSchedule({
      schedule: "0 6 * * *",
      dir,
      credentials,
      log: (message) => logged.push(message),
    });
    await expect(schedule.runOnce()).resolves.toBeUndefined();
    const files = schedule.status().files;
    expect(files.find((one) => one.file === path.basename(long))).toEqual(
      expect.objectContaining({
        status: 2,
        tablesRefreshed: 0,
        reasons: [
          "The lock file beside this workbook could not be written, so it was not refreshed: the workbook's name is too long to name its lock after it. Shorten the name by 14 characters.",
        ],
      }),
    );
    expect(files.find((one) => one.file === "e-after.xlsx")).toEqual(
      expect.objectContaining({ status: 0, tablesRefreshed: 1 }),
    );
    expect(logged).toContain("refresh: a workbook's lock could not be written");
    expect(Buffer.compare(readFileSync(long), before)).toBe(0);
    rmSync(long);
    rmSync(after);
  }, 120_000);
});
