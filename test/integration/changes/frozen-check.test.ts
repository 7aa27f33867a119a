import { METRICS, type MetricName, type StatsResponse } from "../../../src/api";
import { ReportingClient } from "../../../src/client";
import { fingerprintOf } from "../../../src/core/changes/fingerprint";
import {
  checkFrozenSheet,
  fetchFrozenQuery,
  recordColumns,
  type FrozenCheck,
} from "../../../src/core/changes/frozen-check";
import type { FrozenSheetRecord } from "../../../src/core/changes/frozen-sheet-record";
import { addDays } from "../../../src/core/calendar";
import { ecpmOf } from "../../../src/core/ecpm";
import { excelSerialFromIsoDate } from "../../../src/core/excel-dates";
import { memoryStorage } from "../../../src/core/profiles/memory-storage";
import { PROFILES_KEY, ProfileStore } from "../../../src/core/profiles/profile-store";
import { createReportingRuntime } from "../../../src/core/runtime/reporting-runtime";
import { runtimeFetchDependencies } from "../../../src/core/workbook-queries/runtime-fetch";
import type { StoredQueryModel } from "../../../src/core/workbook-queries/stored-query";
import type { TableCell } from "../../../src/core/workbook-queries/table-columns";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { startTap, type Tap } from "../reconciliation/support/tap-proxy";
import type { Endpoint } from "../reconciliation/support/world";

/**
 * Numbers that add up, for the close: a sheet frozen from the emulator, the emulator's clock moved
 * so that it restates recent days, then the check. Its totals must equal what the service says
 * now (its own ungrouped totals, a path the check does not take) and its differences the fresh
 * totals minus the frozen ones, to the cent.
 */

const PROFILE = "Demo";
const FROZEN_ON = "2026-07-02";
const CENT = 0.005;

describe("a frozen sheet's check against the emulator, after its clock moved", () => {
  let emulator: RunningEmulator;
  let client: ReportingClient;
  let deps: ReturnType<typeof runtimeFetchDependencies>;
  let token = "";
  let tap: Tap;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, days: 60, seed: 29, today: FROZEN_ON, restatements: true });
    const [credential] = emulator.credentials.bearer;
    if (!credential) throw new Error("the emulator has no demo token");
    token = credential.token;
    deps = fetchThrough(emulator);
    client = new ReportingClient({ baseUrl: emulator.baseUrl, token });
    tap = await startTap(emulator);
  });

  afterAll(async () => {
    await tap?.close();
    await emulator?.close();
  });

  /** The add-in's runtime, its one profile on `endpoint`: what the pane's check fetches through. */
  function fetchThrough(endpoint: Endpoint): ReturnType<typeof runtimeFetchDependencies> {
    const profiles = [
      { name: PROFILE, kind: "bearer", baseUrl: endpoint.baseUrl, legacyBaseUrl: endpoint.legacyBaseUrl, token },
    ];
    const runtime = createReportingRuntime({
      store: new ProfileStore({
        storage: memoryStorage({ [PROFILES_KEY]: JSON.stringify({ profiles, active: PROFILE }) }),
      }),
      today: () => emulator.today,
    });
    return runtimeFetchDependencies(runtime);
  }

  /** The service's own totals of the period: one ungrouped row. */
  async function serviceTotals(from: string, to: string): Promise<Record<MetricName, number>> {
    const answer = await client.stats({ filters: { from, to }, groups: [], metrics: [...METRICS] });
    const metrics = answer.stats[0]?.metrics ?? {};
    return Object.fromEntries(METRICS.map((metric) => [metric, Number(metrics[metric] ?? 0)])) as Record<
      MetricName,
      number
    >;
  }

  /** Freeze for close, as the pane does it: the table's rows, fingerprinted on the day of the freeze. */
  async function freeze(model: StoredQueryModel): Promise<{ record: FrozenSheetRecord; rows: TableCell[][] }> {
    const data = await fetchFrozenQuery({ table: model }, emulator.today, deps, new AbortController().signal);
    const fingerprint = fingerprintOf({
      query: { words: "the close", run: { table: model } },
      frozenDay: emulator.today,
      columns: recordColumns(data.columns.map((column) => column.key)),
      rows: data.rows,
    });
    const record: FrozenSheetRecord = {
      version: 1,
      id: "f-integration",
      sheet: { excelId: "{S}", name: "Jun 2026 (frozen)" },
      frozenAt: `${emulator.today}T09:00:00Z`,
      source: "Reporting!A1:F2",
      values: { firstRow: 9, header: true, columns: data.columns.length },
      fingerprint,
    };
    return { record, rows: data.rows };
  }

  const model = (from: string, to: string): StoredQueryModel => ({
    period: { from, to },
    groups: ["date", "country"],
    metrics: ["impressions", "revenues", "ecpm", "requests"],
    filters: {},
    orders: [],
    profile: PROFILE,
  });

  async function check(
    record: FrozenSheetRecord,
    rows: TableCell[][],
    through = deps,
  ): Promise<Extract<FrozenCheck, { changes: unknown }>> {
    const checked = await checkFrozenSheet(
      record,
      { ...through, readFrozen: async () => rows },
      1,
      new AbortController().signal,
    );
    if (checked.kind === "unchecked") throw new Error(checked.reason);
    return checked;
  }

  it("equals the service's fresh totals minus the frozen totals, to the cent, for recent days the clock move restated", async () => {
    emulator.setToday(FROZEN_ON);
    const [from, to] = [addDays(FROZEN_ON, -14), addDays(FROZEN_ON, -1)];
    const { record, rows } = await freeze(model(from, to));
    const frozenTotals = await serviceTotals(from, to);
    for (const metric of ["impressions", "revenues", "requests"] as const)
      expect(Math.abs(record.fingerprint.totals[metric]! - frozenTotals[metric])).toBeLessThan(CENT);

    emulator.setToday(addDays(FROZEN_ON, 3));
    const checked = await check(record, rows);
    const freshTotals = await serviceTotals(from, to);
    expect(checked.kind).toBe("moved");
    expect(checked.changes.changed).toBeGreaterThan(0);
    for (const total of checked.changes.totals) {
      const frozen = record.fingerprint.totals[total.metric]!;
      expect(total.before).toBe(frozen);
      expect(total.before + total.difference).toBeCloseTo(total.after, 9);
      if (total.metric === "ecpm") {
        expect(total.after).toBeCloseTo(ecpmOf(freshTotals.revenues, freshTotals.impressions), 9);
      } else {
        expect(Math.abs(total.after - freshTotals[total.metric])).toBeLessThan(CENT);
        expect(Math.abs(total.difference - (freshTotals[total.metric] - frozenTotals[total.metric]))).toBeLessThan(
          CENT,
        );
      }
    }
    // Every changed row is listed with its own numbers: applied to the frozen totals, they give the fresh ones.
    const revenueMoves = checked.changes.moves.reduce(
      (sum, move) => sum + (move.after?.revenues ?? 0) - (move.before?.revenues ?? 0),
      0,
    );
    expect(Math.abs(record.fingerprint.totals.revenues! + revenueMoves - freshTotals.revenues)).toBeLessThan(CENT);
  });

  it("finds a close of days older than any restatement unchanged", async () => {
    emulator.setToday(FROZEN_ON);
    const { record, rows } = await freeze(model(addDays(FROZEN_ON, -40), addDays(FROZEN_ON, -20)));
    emulator.setToday(addDays(FROZEN_ON, 5));
    const checked = await check(record, rows);
    expect(checked).toMatchObject({ kind: "unchanged", edited: false, beyond: false });
  });

  it("shows a deliberate break: one revenue of one answer changed by a proxy is the one move reported", async () => {
    emulator.setToday(FROZEN_ON);
    const { record, rows } = await freeze(model(addDays(FROZEN_ON, -40), addDays(FROZEN_ON, -20)));
    const throughTap = fetchThrough(tap.endpoint);
    // Without the change the check finds nothing: the move below is the proxy's.
    expect((await check(record, rows, throughTap)).kind).toBe("unchanged");
    let changed: { date: string; country: string; revenues: number } | undefined;
    tap.perturbOnce({
      matches: (request, status) => status === 200 && request.path.endsWith("/stats"),
      change(body) {
        const answer = JSON.parse(body.toString("utf8")) as StatsResponse;
        const entry = answer.stats[3];
        if (!entry || entry.metrics.revenues === undefined) return undefined;
        entry.metrics.revenues = Number(entry.metrics.revenues) + 1.23;
        changed = {
          date: String(entry.group.date),
          country: String(entry.group.country),
          revenues: entry.metrics.revenues,
        };
        return Buffer.from(JSON.stringify(answer));
      },
    });
    const checked = await check(record, rows, throughTap);
    expect(tap.perturbed).toHaveLength(1);
    expect(checked).toMatchObject({ kind: "moved", changes: { changed: 1, added: 0, removed: 0 } });
    const [move] = checked.changes.moves;
    expect(move!.key).toEqual([excelSerialFromIsoDate(changed!.date), changed!.country]);
    expect(move!.after!.revenues! - move!.before!.revenues!).toBeCloseTo(1.23, 9);
    expect(checked.changes.totals.find((total) => total.metric === "revenues")!.difference).toBeCloseTo(1.23, 9);
  });
});
