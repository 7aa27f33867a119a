import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import type { FetchLike } from "../../../src/client";
import type { StoredTableQuery } from "../../../src/core/workbook-queries/stored-query";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { RefreshSchedule } from "../../../src/headless/refresh-schedule";
import { excelMade, withStoredQueries } from "../../support/stored-query-parts";

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

function book(name: string): string {
  const record = {
    version: 1,
    id: `q-lock-${name.padEnd(10, "0")}`,
    query: {
      period: { from: "2024-01-01", to: "2024-03-10" },
      groups: ["country"],
      metrics: ["impressions", "revenues"],
      filters: {},
      orders: [],
    },
    table: { excelId: "{1}", name: "Tabelle1", sheet: "Tabelle1" },
    columns: ["country", "impressions", "revenues"],
    pivots: [],
    createdAt: "2024-01-01T00:00:00Z",
  } as unknown as StoredTableQuery;
  const file = path.join(dir, `${name}.xlsx`);
  writeFileSync(file, withStoredQueries(excelMade("table-sample.xlsx"), [record]));
  return file;
}

/** A host's fetch that holds every request until `open` is called, and counts them. */
function heldFetch() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const seen = { requests: 0 };
  const fetch: FetchLike = async (url, init) => {
    seen.requests += 1;
    await gate;
    return globalThis.fetch(url, init as RequestInit);
  };
  return { fetch, open: () => open(), seen };
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, days: 75, seed: 7, today: TODAY });
  dir = mkdtempSync(path.join(tmpdir(), "refresh-lock-"));
  credentials = path.join(mkdtempSync(path.join(tmpdir(), "refresh-lock-credentials-")), "credentials.json");
  writeFileSync(
    credentials,
    JSON.stringify({
      default: "Finance",
      profiles: { Finance: { baseUrl: emulator.baseUrl, token: emulator.credentials.bearer[0]!.token } },
    }),
    { mode: 0o600 },
  );
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(credentials), { recursive: true, force: true });
});

describe("two schedules sharing a folder", () => {
  it("refresh each file once at a time: a file the other host holds is skipped, the others are refreshed", async () => {
    const first = book("a-first");
    const second = book("b-second");
    const hostA = heldFetch();
    const a = new RefreshSchedule({ schedule: "0 6 * * *", dir, credentials, fetch: hostA.fetch });
    const b = new RefreshSchedule({
      schedule: "0 6 * * *",
      dir,
      credentials,
      fetch: globalThis.fetch as unknown as FetchLike,
    });

    // Host A starts with the first file and waits on the service, holding its lock.
    const runA = a.runOnce();
    const lock = path.join(dir, ".a-first.xlsx.refresh-lock");
    for (let turn = 0; turn < 200 && hostA.seen.requests === 0; turn++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(hostA.seen.requests).toBeGreaterThan(0);
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

    hostA.open();
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
      fetch: globalThis.fetch as unknown as FetchLike,
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
});
