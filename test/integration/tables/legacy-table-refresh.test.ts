import { LegacyClient } from "../../../src/client";
import { legacyTableData } from "../../../src/core/workbook-queries/legacy-table-data";
import { addDays } from "../../../src/core/calendar";
import { memoryStorage } from "../../../src/core/profiles/memory-storage";
import { PROFILES_KEY, ProfileStore } from "../../../src/core/profiles/profile-store";
import { createReportingRuntime, type ReportingRuntime } from "../../../src/core/runtime/reporting-runtime";
import { refreshTables, type WorkbookRefreshOperations } from "../../../src/core/workbook-queries/refresh-run";
import {
  newRecordId,
  storedLegacyModelOf,
  storedTableQuery,
  type StoredLegacyQueryModel,
  type StoredTableQuery,
} from "../../../src/core/workbook-queries/stored-query";
import {
  legacyTableArguments,
  refreshStoredTable,
  withFailure,
} from "../../../src/core/workbook-queries/table-refresh";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { insertQueryTable } from "../../../src/office/tables/insert-table";
import { tableRefreshDependencies } from "../../../src/office/tables/page-queries";
import { installFakeExcel, type FakeExcel } from "../../unit/office/fake-excel";

/**
 * A legacy table inserted and refreshed through the add-in's own paths (the runtime the pane
 * shares with the functions, the office layer's insert and refresh, over HTTP to the emulator,
 * into the fake of Excel): its rows are LEGACY.STATS's for the same period, before and after.
 */

const PROFILE = "Legacy key";
const TODAY = "2026-03-15";

describe("a legacy table, inserted then refreshed, against the emulator", () => {
  let emulator: RunningEmulator;
  let runtime: ReportingRuntime;
  let legacyClient: LegacyClient;
  let excel: FakeExcel;
  const saved: StoredTableQuery[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, days: 60, seed: 17, today: TODAY });
    const [legacy] = emulator.credentials.legacy;
    if (!legacy) throw new Error("the emulator's demo credentials changed shape");
    const profiles = [
      {
        name: PROFILE,
        kind: "legacy",
        baseUrl: emulator.baseUrl,
        legacyBaseUrl: emulator.legacyBaseUrl,
        apiKey: legacy.apiKey,
        apiSecret: legacy.apiSecret,
      },
    ];
    runtime = createReportingRuntime({
      store: new ProfileStore({
        storage: memoryStorage({ [PROFILES_KEY]: JSON.stringify({ profiles, active: PROFILE }) }),
      }),
      today: () => TODAY,
    });
    legacyClient = new LegacyClient({
      baseUrl: emulator.legacyBaseUrl,
      apiKey: legacy.apiKey,
      apiSecret: legacy.apiSecret,
    });
  });

  beforeEach(() => {
    excel = installFakeExcel();
  });
  afterEach(() => excel.restore());
  afterAll(async () => emulator?.close());

  /** LEGACY.STATS for the stored query, as a formula would spill it (header first). */
  function legacyStats(model: StoredLegacyQueryModel) {
    const args = legacyTableArguments(model, true);
    return runtime.functions.legacyStats(args.from, args.to, args.groupBy, args.options);
  }

  /** The Legacy tab's Insert as table: the rows, the table, and the record kept in the workbook. */
  async function insert(model: StoredLegacyQueryModel): Promise<StoredTableQuery> {
    const data = legacyTableData(await legacyStats(model), model.groupBy);
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Legacy" });
    return storedTableQuery.parse({
      version: 1,
      id: newRecordId(),
      query: model,
      table: { excelId: inserted.excelId, name: inserted.name, sheet: inserted.sheet },
      columns: data.columns.map((column) => column.key),
      pivots: [],
      createdAt: "2026-03-15T08:00:00Z",
    });
  }

  function operations(): WorkbookRefreshOperations {
    const deps = {
      ...tableRefreshDependencies(runtime, { put: async (record) => void saved.push(record) }),
      today: () => TODAY,
    };
    return {
      clearCache: () => runtime.functions.clearCache(),
      recalculateFormulas: async () => undefined,
      listTables: async () => [],
      refreshTable: (record, signal) => refreshStoredTable(record, deps, signal),
      recordFailure: async (record, reason) => void saved.push(withFailure(record, reason, Date.now())),
      refreshPivots: async () => 0,
      now: () => Date.now(),
    };
  }

  it("refreshes to LEGACY.STATS's rows for its period, and to the new period's rows when its query changed", async () => {
    const firstWeek = storedLegacyModelOf({
      period: { from: addDays(TODAY, -14), to: addDays(TODAY, -8) },
      groupBy: ["day", "country"],
      profile: PROFILE,
    });
    const record = await insert(firstWeek);
    const inserted = excel.control.table(record.table.name)!;
    const expected = await legacyStats(firstWeek);
    expect(inserted.values).toEqual(expected.rows);

    // The same record, now asking two weeks: the table grows to LEGACY.STATS's rows for them.
    const twoWeeks: StoredLegacyQueryModel = {
      ...firstWeek,
      period: { from: addDays(TODAY, -14), to: addDays(TODAY, -1) },
    };
    const report = await refreshTables(operations(), [{ ...record, query: twoWeeks }]);
    expect(report.items.map((item) => item.state)).toEqual(["refreshed"]);
    const refreshed = excel.control.table(record.table.name)!;
    const want = await legacyStats(twoWeeks);
    expect(want.dataRowCount).toBeGreaterThan(expected.dataRowCount);
    expect(refreshed.values).toEqual(want.rows);
    expect(refreshed.values[0]).toEqual(["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests"]);
    expect(refreshed.numberFormat[1]).toEqual(["yyyy-mm-dd", "@", "#,##0", "#,##0.00", "#,##0.00", "#,##0"]);
    expect(report.items[0]).toMatchObject({ rows: want.dataRowCount });
    expect(saved.at(-1)).toMatchObject({ query: twoWeeks, lastRefresh: { rows: want.dataRowCount, profile: PROFILE } });

    // The legacy service's own totals for the two weeks, straight from its route: the table's columns sum to them.
    const totals = await legacyClient.stats({ from: addDays(TODAY, -14), to: addDays(TODAY, -1) });
    const column = (index: number) => refreshed.values.slice(1).reduce((sum, row) => sum + Number(row[index]), 0);
    expect(column(2)).toBe(totals.stats?.impressions);
    expect(column(5)).toBe(totals.stats?.requests);
    expect(column(3)).toBeCloseTo(totals.stats?.revenue ?? NaN, 2);
  });

  it("a derived grouping (application) and a period word refresh to LEGACY.STATS's rows too", async () => {
    const model = storedLegacyModelOf({ period: { word: "LAST_7_DAYS" }, groupBy: ["application"], profile: PROFILE });
    const record = await insert(model);
    const report = await refreshTables(operations(), [record]);
    expect(report.items[0]!.state).toBe("refreshed");
    expect(excel.control.table(record.table.name)!.values).toEqual((await legacyStats(model)).rows);
  });

  it("keeps the old rows and says why when the profile it names is not there", async () => {
    const model = storedLegacyModelOf({
      period: { from: addDays(TODAY, -3), to: addDays(TODAY, -1) },
      groupBy: ["day"],
      profile: PROFILE,
    });
    const record = await insert(model);
    const before = excel.control.table(record.table.name)!.values;
    const report = await refreshTables(operations(), [{ ...record, query: { ...model, profile: "Gone" } }]);
    expect(report.items[0]).toMatchObject({ state: "failed", reason: expect.stringContaining("Gone") });
    expect(excel.control.table(record.table.name)!.values).toEqual(before);
    expect(saved.at(-1)?.lastFailure?.reason).toBe(report.items[0]!.reason);
  });
});
