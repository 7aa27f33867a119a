import { AbortedError, PermissionDeniedError } from "../../../../src/client/errors";
import { onAbort } from "../../../../src/core/cancellation";
import { RefreshCoordinator } from "../../../../src/core/workbook-queries/refresh-coordinator";
import {
  refreshTables,
  refreshWorkbook,
  type RefreshProgress,
  type WorkbookRefreshOperations,
} from "../../../../src/core/workbook-queries/refresh-run";
import type { StoredTableQuery } from "../../../../src/core/workbook-queries/stored-query";
import { deferred, settle, type Deferred } from "../deferred";
import { storedRecord } from "./fixtures";

/** Operations whose every table refresh waits until the test lets it finish (or fail). */
function fakeOperations(records: StoredTableQuery[]) {
  let clock = 1_000;
  const log: string[] = [];
  const pending = new Map<string, Deferred<number>>();
  let inFlight = 0;
  let mostInFlight = 0;
  const ops: WorkbookRefreshOperations = {
    clearCache: () => void log.push("clearCache"),
    recalculateFormulas: async () => void log.push("recalculate"),
    listTables: async () => records,
    async refreshTable(record, signal) {
      log.push(`start ${record.id}`);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const rows = deferred<number>();
      pending.set(record.id, rows);
      // As the real fetch does: an abort rejects at once.
      const stop = onAbort(signal, () => rows.reject(new AbortedError({ route: "/stats" })));
      try {
        const count = await rows.promise;
        clock += 10;
        log.push(`written ${record.id}`);
        return {
          ...record,
          lastRefresh: {
            at: new Date(clock).toISOString().replace(/\.\d{3}Z$/, "Z"),
            rows: count,
            dataThrough: "2026-01-31",
          },
        };
      } finally {
        stop();
        inFlight--;
      }
    },
    recordFailure: async (record, reason) => void log.push(`failure ${record.id}: ${reason}`),
    refreshPivots: async (record) => {
      log.push(`pivots ${record.id}`);
      return record.pivots.length;
    },
    now: () => clock,
  };
  return {
    ops,
    log,
    finish: (id: string, rows: number) => pending.get(id)!.resolve(rows),
    fail: (id: string, error: unknown) => pending.get(id)!.reject(error),
    mostInFlight: () => mostInFlight,
    advance: (ms: number) => void (clock += ms),
  };
}

const records = ["a", "b", "c", "d", "e"].map((letter) =>
  storedRecord(`q-${letter.repeat(8)}-0000-000000000000`, {
    pivots: letter === "a" ? [{ excelId: "{p}", name: "P", sheet: "S" }] : [],
  }),
);
const idOf = (index: number) => records[index]!.id;

describe("refreshing a workbook", () => {
  it("clears the cache, recalculates the formulas, refreshes at most 3 tables at once, then their PivotTables", async () => {
    const fake = fakeOperations(records);
    const progress: RefreshProgress[] = [];
    const done = refreshWorkbook(fake.ops, { onProgress: (step) => progress.push(step) });
    await settle();
    expect(fake.log.slice(0, 2)).toEqual(["clearCache", "recalculate"]);
    expect(fake.log.filter((line) => line.startsWith("start"))).toEqual([
      `start ${idOf(0)}`,
      `start ${idOf(1)}`,
      `start ${idOf(2)}`,
    ]);
    const mid = progress.at(-1)!;
    expect(mid).toMatchObject({ done: 1, total: 6, cancelled: false });
    expect(mid.current).toEqual(records.slice(0, 3).map((record) => record.table.name));

    fake.finish(idOf(1), 20);
    await settle();
    expect(fake.log).toContain(`start ${idOf(3)}`);
    expect(progress.at(-1)).toMatchObject({ done: 2, total: 6 });
    for (const index of [0, 2, 3, 4]) {
      await settle();
      fake.finish(idOf(index), 10 + index);
    }
    fake.advance(5);
    const report = await done;
    expect(fake.mostInFlight()).toBe(3);
    expect(report.items.map((item) => [item.label, item.state, item.rows])).toEqual([
      ["REPORTING formulas", "refreshed", undefined],
      ...records.map((record, index) => [record.table.name, "refreshed", index === 1 ? 20 : 10 + index]),
    ]);
    expect(report.items[1]).toMatchObject({ pivots: 1, dataThrough: "2026-01-31" });
    // PivotTables after every table: their source must be complete.
    const firstPivot = fake.log.findIndex((line) => line.startsWith("pivots"));
    expect(fake.log.slice(0, firstPivot).filter((line) => line.startsWith("written"))).toHaveLength(5);
    expect(report).toMatchObject({ done: 6, total: 6, current: [], cancelled: false, startedAt: 1_000 });
    expect(report.finishedAt).toBe(1_000 + 5 * 10 + 5);
  });

  it("cancelled half way: what finished stays, the fetches in flight stop, the rest is marked not refreshed", async () => {
    const fake = fakeOperations(records);
    const controller = new AbortController();
    const done = refreshWorkbook(fake.ops, { signal: controller.signal });
    await settle();
    fake.finish(idOf(0), 7);
    await settle();
    controller.abort();
    const report = await done;
    expect(report.cancelled).toBe(true);
    expect(report.items.slice(1).map((item) => item.state)).toEqual([
      "refreshed",
      "not_refreshed",
      "not_refreshed",
      "not_refreshed",
      "not_refreshed",
    ]);
    expect(report.items[2]!.reason).toMatch(
      /cancelled while its rows were on their way\. It keeps its previous rows\./,
    );
    expect(report.items[5]!.reason).toMatch(/cancelled before this table's turn/);
    // The finished table's PivotTable is refreshed all the same, so that it agrees with its table.
    expect(fake.log).toContain(`pivots ${idOf(0)}`);
    expect(fake.log.filter((line) => line.startsWith("written"))).toEqual([`written ${idOf(0)}`]);
    expect(fake.log.filter((line) => line.startsWith("failure"))).toEqual([]);
  });

  it("ends with the reason of every failure, kept with its record, and goes on with the others", async () => {
    const fake = fakeOperations(records.slice(0, 2));
    const done = refreshWorkbook(fake.ops);
    await settle();
    fake.fail(
      idOf(0),
      new PermissionDeniedError({
        status: 403,
        route: "/stats",
        body: '{"error":{"code":"forbidden","message":"nope"}}',
      }),
    );
    fake.finish(idOf(1), 3);
    const report = await done;
    const failed = report.items[1]!;
    expect(failed.state).toBe("failed");
    expect(failed.reason).toMatch(/may not see the data asked for/);
    expect(fake.log).toContain(`failure ${idOf(0)}: ${failed.reason}`);
    expect(report.items[2]).toMatchObject({ state: "refreshed", rows: 3 });
  });

  it("reports a failure of the formulas, and a failure outside the error contract in fixed words", async () => {
    const fake = fakeOperations(records.slice(0, 1));
    fake.ops.recalculateFormulas = async () => {
      throw new Error("Excel exploded with token abc");
    };
    const done = refreshWorkbook(fake.ops);
    await settle();
    fake.fail(idOf(0), new TypeError("x is undefined"));
    const report = await done;
    expect(report.items.map((item) => [item.state, item.reason])).toEqual([
      ["failed", "Something unexpected went wrong. Try again; if it keeps happening, reload the add-in."],
      ["failed", "Something unexpected went wrong. Try again; if it keeps happening, reload the add-in."],
    ]);
  });

  it("refreshes one table alone, with its PivotTables, and says when they failed", async () => {
    const fake = fakeOperations(records);
    fake.ops.refreshPivots = async () => {
      throw new AbortedError({ route: "x" });
    };
    const done = refreshTables(fake.ops, [records[0]!]);
    await settle();
    fake.finish(idOf(0), 4);
    const report = await done;
    expect(report.items).toEqual([
      expect.objectContaining({
        state: "refreshed",
        rows: 4,
        pivots: 0,
        warning: expect.stringMatching(/^Its PivotTable was not refreshed: /),
      }),
    ]);
    expect(fake.log).not.toContain("recalculate");
  });
});

describe("one refresh at a time per page", () => {
  it("lets a second Refresh all join the first, and waits for it before a table's own refresh", async () => {
    const fake = fakeOperations(records.slice(0, 1));
    const coordinator = new RefreshCoordinator(fake.ops);
    const heard: number[] = [];
    const first = coordinator.refreshAll();
    const second = coordinator.refreshAll((progress) => heard.push(progress.done));
    expect(coordinator.busy).toBe(true);
    const single = coordinator.refreshTables([records[0]!]);
    await settle();
    expect(fake.log.filter((line) => line === "recalculate")).toHaveLength(1);
    fake.finish(idOf(0), 1);
    expect(await second).toBe(await first);
    expect(heard.at(-1)).toBe(2);
    await settle();
    fake.finish(idOf(0), 2);
    expect((await single).items[0]).toMatchObject({ state: "refreshed", rows: 2 });
    expect(coordinator.busy).toBe(false);
  });

  it("cancels the refresh in flight", async () => {
    const fake = fakeOperations(records.slice(0, 2));
    const coordinator = new RefreshCoordinator(fake.ops);
    const run = coordinator.refreshAll();
    await settle();
    coordinator.cancel();
    expect((await run).items.slice(1).map((item) => item.state)).toEqual(["not_refreshed", "not_refreshed"]);
  });
});
