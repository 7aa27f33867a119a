import { fingerprintOf, type FrozenColumn } from "../../../../src/core/changes/fingerprint";
import {
  checkFrozenSheet,
  formulaStatsQuery,
  frozenCheckOf,
  frozenTableModel,
} from "../../../../src/core/changes/frozen-check";
import {
  frozenCheckLine,
  frozenChecksSummary,
  frozenMoveLines,
  frozenTotalLines,
} from "../../../../src/core/changes/frozen-check-text";
import type { FrozenSheetRecord } from "../../../../src/core/changes/frozen-sheet-record";
import { restatedSheet, restatedSheetName } from "../../../../src/core/changes/restated-sheet";
import { ecpmOf } from "../../../../src/core/ecpm";
import { excelSerialFromIsoDate } from "../../../../src/core/excel-dates";
import type { SpillTable } from "../../../../src/core/rows/spill-table";
import type { TableCell, TableColumn, TableData } from "../../../../src/core/workbook-queries/table-columns";

const COLUMNS: TableColumn[] = [
  { key: "date", kind: "date", isMetric: false },
  { key: "country", kind: "text", isMetric: false },
  { key: "impressions", kind: "count", isMetric: true },
  { key: "revenues", kind: "money", isMetric: true },
  { key: "ecpm", kind: "money", isMetric: true },
];
const JUNE_1 = excelSerialFromIsoDate("2026-06-01");
const row = (day: number, country: string, impressions: number, revenues: number): TableCell[] => [
  JUNE_1 + day,
  country,
  impressions,
  revenues,
  ecpmOf(revenues, impressions),
];
const FROZEN = [row(0, "FR", 1000, 100), row(0, "DE", 2000, 300), row(1, "FR", 1500, 200)];

function record(rows: TableCell[][] = FROZEN): FrozenSheetRecord {
  const columns: FrozenColumn[] = COLUMNS.map(({ key, isMetric }) => ({ key, isMetric }));
  return {
    version: 1,
    id: "f-12345678",
    sheet: { excelId: "{S}", name: "Jun 2026 (frozen)" },
    frozenAt: "2026-07-02T09:30:00Z",
    source: "Sheet1!A1:E4",
    values: { firstRow: 9, header: true, columns: 5 },
    fingerprint: fingerprintOf({
      query: {
        words: "Revenues by Date, Country; June 2026",
        run: {
          table: {
            period: { from: "2026-06-01", to: "2026-06-30" },
            groups: ["date", "country"],
            metrics: ["impressions", "revenues", "ecpm"],
            filters: {},
            orders: [],
          },
        },
      },
      frozenDay: "2026-07-02",
      dataThrough: "2026-07-01",
      columns,
      rows,
    }),
  };
}
const fresh = (rows: TableCell[][]): TableData => ({
  header: ["Date", "Country", "Impressions", "Revenues", "eCPM"],
  rows,
  columns: COLUMNS,
});

describe("frozenCheckOf", () => {
  it("finds a frozen sheet unchanged when the service answers the same rows", () => {
    const check = frozenCheckOf(record(), FROZEN, fresh(FROZEN.map((cells) => [...cells])), 1);
    expect(check).toMatchObject({ kind: "unchanged", beyond: false, edited: false });
    expect(frozenCheckLine(check, 1)).toBe(
      "Jun 2026 (frozen): unchanged. Revenues 600.00, 3 rows, as frozen on 2026-07-02.",
    );
  });

  it("reports what moved: fresh totals minus frozen totals, the rows that changed, against the threshold", () => {
    const now = [row(0, "FR", 1000, 100), row(0, "DE", 2000, 280), row(1, "FR", 1500, 200), row(2, "US", 10, 1)];
    const check = frozenCheckOf(record(), FROZEN, fresh(now), 1);
    if (check.kind !== "moved") throw new Error(check.kind);
    const revenues = check.changes.totals.find((total) => total.metric === "revenues")!;
    expect(revenues).toMatchObject({ before: 600, after: 581, difference: -19 });
    expect(revenues.before).toBe(record().fingerprint.totals.revenues);
    expect(check.beyond).toBe(true);
    expect(frozenCheckLine(check, 1)).toBe(
      "Jun 2026 (frozen): moved beyond 1 %. Revenues 600.00 → 581.00, -19.00 (-3.17 %); 1 row changed, 1 added.",
    );
    expect(frozenMoveLines(check)).toEqual([
      "2026-06-01 · DE: Revenues 300.00 → 280.00, -20.00",
      "2026-06-03 · US: new row, Revenues 1.00",
    ]);
    expect(frozenTotalLines(check)).toEqual([
      "Impressions 4,500 → 4,510, +10 (+0.22 %)",
      "Revenues 600.00 → 581.00, -19.00 (-3.17 %)",
      "eCPM 133.33 → 128.82, -4.51 (-3.38 %)",
    ]);
    expect(frozenCheckLine(frozenCheckOf(record(), FROZEN, fresh(now), 5), 5)).toMatch(
      /^Jun 2026 \(frozen\): moved, within 5 %\./,
    );
  });

  it("says when the frozen cells were edited after the freeze, and compares them as they are", () => {
    const edited = [row(0, "FR", 1000, 100), row(0, "DE", 2000, 301), row(1, "FR", 1500, 200)];
    const check = frozenCheckOf(record(), edited, fresh(FROZEN), 1);
    expect(check).toMatchObject({ kind: "moved", edited: true, beyond: false });
    expect(frozenCheckLine(check, 1)).toContain("Its values were edited after the freeze");
  });
});

describe("checkFrozenSheet", () => {
  const spill = (rows: TableCell[][]): SpillTable => ({
    rows: [["Date", "Country", "Impressions", "Revenues", "eCPM"], ...rows],
    dateColumns: [0],
    dataRowCount: rows.length,
  });

  it("asks the service the frozen query afresh, for the days it meant, and only reads the sheet", async () => {
    const fetch = jest.fn(async () => spill(FROZEN));
    const readFrozen = jest.fn(async () => FROZEN);
    const check = await checkFrozenSheet(
      record(),
      { fetch, fetchLegacy: jest.fn(), readFrozen },
      1,
      new AbortController().signal,
    );
    expect(check.kind).toBe("unchanged");
    const [query] = fetch.mock.calls[0] as unknown as [
      { request: { filters: { from: string; to: string } }; cacheSeconds: number },
    ];
    expect(query.request.filters).toMatchObject({ from: "2026-06-01", to: "2026-06-30" });
    expect(query.cacheSeconds).toBe(0);
  });

  it("gives a reason, never an exception, when the sheet is gone, the query cannot be asked, or the service fails", async () => {
    const deps = {
      fetch: jest.fn(async () => spill(FROZEN)),
      fetchLegacy: jest.fn(),
      readFrozen: jest.fn(async () => undefined),
    };
    expect(await checkFrozenSheet(record(), deps, 1, new AbortController().signal)).toMatchObject({
      kind: "unchecked",
      reason: "its sheet is no longer in the workbook",
    });
    const unrun = record();
    delete unrun.fingerprint.query.run;
    expect((await checkFrozenSheet(unrun, deps, 1, new AbortController().signal)).kind).toBe("unchecked");
    const failing = {
      ...deps,
      readFrozen: jest.fn(async () => FROZEN),
      fetch: jest.fn(async () => Promise.reject(new Error("down"))),
    };
    const failed = await checkFrozenSheet(record(), failing, 1, new AbortController().signal);
    expect(failed.kind).toBe("unchecked");
    expect(frozenCheckLine(failed, 1)).toMatch(/^Jun 2026 \(frozen\): not checked: /);
  });
});

describe("what the check asks again", () => {
  it("keeps a period word as the days it meant on the day of the freeze", () => {
    const model = { period: { word: "LAST_MONTH" as const }, groups: [], metrics: [], filters: {}, orders: [] };
    expect(frozenTableModel(model, "2026-07-02").period).toEqual({ from: "2026-06-01", to: "2026-06-30" });
  });

  it("reads a STATS formula as it was read on the day of the freeze, and nothing it cannot", () => {
    const query = formulaStatsQuery('=REPORTING.STATS("LAST_MONTH",,"date","revenues",,,"cache=300")', "2026-07-02");
    expect(query?.request.filters).toMatchObject({ from: "2026-06-01", to: "2026-06-30" });
    expect(query?.cacheSeconds).toBe(0);
    expect(formulaStatsQuery('=REPORTING.STATS(A1,,"date")', "2026-07-02")).toBeUndefined();
    expect(formulaStatsQuery('=REPORTING.VALUE("revenues","LAST_MONTH")', "2026-07-02")).toBeUndefined();
  });
});

describe("the comparison sheet", () => {
  it("is named after the frozen sheet's period, unique and within Excel's rules", () => {
    expect(restatedSheetName("Jun 2026 (frozen)", [])).toBe("Jun 2026 restated");
    expect(restatedSheetName("Jun 2026 (frozen 2)", ["jun 2026 RESTATED"])).toBe("Jun 2026 restated 2");
    expect(restatedSheetName("2026-06-01 to 06-15 (frozen)", []).length).toBeLessThanOrEqual(31);
  });

  it("holds the totals frozen and now, and every moved row with its own numbers", () => {
    const now = [row(0, "FR", 1000, 100), row(0, "DE", 2000, 280), row(1, "FR", 1500, 200)];
    const check = frozenCheckOf(record(), FROZEN, fresh(now), 1);
    if (check.kind === "unchecked") throw new Error("unchecked");
    const sheet = restatedSheet(check, "2026-07-20 10:00");
    const width = sheet.values[0]!.length;
    expect(sheet.values.every((cells) => cells.length === width)).toBe(true);
    expect(sheet.formats.map((cells) => cells.length)).toEqual(sheet.values.map((cells) => cells.length));
    const revenues = sheet.values.find((cells) => cells[0] === "Revenues")!;
    expect(revenues.slice(0, 5)).toEqual(["Revenues", 600, 580, -20, -20 / 600]);
    const moved = sheet.values.filter((cells) => cells[2] === "changed");
    expect(moved).toHaveLength(1);
    expect(moved[0]!.slice(0, 9)).toEqual([JUNE_1, "DE", "changed", 2000, 2000, 0, 300, 280, -20]);
    const header = sheet.values.find((cells) => cells[2] === "Change")!;
    expect(header.slice(0, 4)).toEqual(["Date", "Country", "Change", "Impressions frozen"]);
    expect(sheet.formats[sheet.values.indexOf(moved[0]!)]![0]).toBe("yyyy-mm-dd");
  });
});

describe("frozenChecksSummary", () => {
  it("counts the sheets by outcome", () => {
    const unchanged = frozenCheckOf(record(), FROZEN, fresh(FROZEN), 1);
    const moved = frozenCheckOf(record(), FROZEN, fresh([row(0, "FR", 1000, 150)]), 1);
    expect(frozenChecksSummary([unchanged, moved, { kind: "unchecked", record: record(), reason: "x" }], 1)).toBe(
      "Checked 3 frozen sheets: 1 unchanged, 1 moved beyond 1 %, 1 not checked.",
    );
    expect(frozenChecksSummary([], 1)).toMatch(/^No frozen sheet to check/);
  });
});
