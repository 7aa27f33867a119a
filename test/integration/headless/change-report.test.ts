import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ReportingClient } from "../../../src/client";
import { addDays } from "../../../src/core/calendar";
import { recordColumns } from "../../../src/core/changes/frozen-check";
import { REFRESH_LOG_HEADERS } from "../../../src/core/changes/refresh-log";
import { fingerprintOf } from "../../../src/core/changes/fingerprint";
import { frozenSheetXml, type FrozenSheetRecord } from "../../../src/core/changes/frozen-sheet-record";
import type { LoggedChanges } from "../../../src/core/changes/streamed-changes";
import type { TableCell } from "../../../src/core/workbook-queries/table-columns";
import type { StoredTableQuery } from "../../../src/core/workbook-queries/stored-query";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { workbookOptionsXml } from "../../../src/core/workbook-queries/workbook-options";
import { excelMade, withEntryText, withStoredQueries, withTable } from "../../support/stored-query-parts";
import { sheetsOf } from "../../support/xlsx";
import { usePrivateTmpdir } from "../../support/private-tmpdir";

/**
 * The headless refresh's change report against the emulator with restatements: refresh, move
 * the emulator's clock so that recent days are restated, refresh the refreshed file again. The
 * second run's line must hold the two answers' totals (to the cent) and list every row that moved
 * with the service's own numbers before and after.
 */

const REPO = path.resolve(__dirname, "../../..");
const COMMAND = ["--import", "tsx", path.join(REPO, "src/headless/cli.ts")];
const TODAY = "2026-07-02";
const PERIOD = { from: addDays(TODAY, -10), to: addDays(TODAY, -1) };
const GROUPS = ["date", "country"];
const CENT = 0.005;

let emulator: RunningEmulator;
let token: string;
let dir: string;
let restoreTmpdir: (() => void) | undefined;
let credentials: string;

interface Run {
  status: number | null;
  stderr: string;
  lines: Record<string, unknown>[];
}

function refresh(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...COMMAND, ...args, "--credentials", credentials], {
      cwd: REPO,
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) =>
      resolve({
        status,
        stderr,
        lines: stdout
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      }),
    );
  });
}

/** The service's answer now, by "date|country": what each refresh wrote. */
async function answer(): Promise<Map<string, { impressions: number; revenues: number }>> {
  const client = new ReportingClient({ baseUrl: emulator.baseUrl, token });
  const { stats } = await client.statsAll(
    { filters: PERIOD, groups: GROUPS as never, metrics: ["impressions", "revenues"] },
    { maxPages: 100 },
  );
  return new Map(
    stats.map((entry) => {
      const group = entry.group as Record<string, string>;
      return [
        `${group.date}|${group.country}`,
        { impressions: entry.metrics.impressions!, revenues: entry.metrics.revenues! },
      ];
    }),
  );
}

const totalOf = (rows: Map<string, { impressions: number; revenues: number }>, metric: "impressions" | "revenues") =>
  [...rows.values()].reduce((sum, row) => sum + row[metric], 0);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, days: 60, seed: 29, today: TODAY, restatements: true });
  token = emulator.credentials.bearer[0]!.token;
  dir = mkdtempSync(path.join(tmpdir(), "change-report-"));
  restoreTmpdir = usePrivateTmpdir(dir);
  credentials = path.join(dir, "credentials.json");
  writeFileSync(
    credentials,
    JSON.stringify({ default: "Finance", profiles: { Finance: { baseUrl: emulator.baseUrl, token } } }),
    { mode: 0o600 },
  );
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  restoreTmpdir?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("reports the totals of both answers and every restated row, and flags a revenue move beyond --threshold", async () => {
  const record = {
    version: 1,
    id: "q-change-report-01",
    query: { period: PERIOD, groups: GROUPS, metrics: ["impressions", "revenues"], filters: {}, orders: [] },
    table: { excelId: "{1}", name: "Stats_by_Date", sheet: "Data" },
    columns: [...GROUPS, "impressions", "revenues"],
    pivots: [],
    createdAt: "2026-06-01T00:00:00Z",
  } as StoredTableQuery;
  const header = (await sheetsOf(excelMade("pivot-various-types.xlsx"))).get("Data")![0]!.map(String);
  const book = path.join(dir, "close.xlsx");
  writeFileSync(
    book,
    withStoredQueries(
      withTable(excelMade("pivot-various-types.xlsx"), {
        sheetPath: "xl/worksheets/sheet1.xml",
        name: "Stats_by_Date",
        ref: "A1:J11",
        columns: header,
      }),
      [record],
    ),
  );

  emulator.setToday(TODAY);
  const first = await answer();
  expect((await refresh([book, "--in-place"])).status).toBe(0);

  emulator.setToday(addDays(TODAY, 4));
  const second = await answer();
  const log = path.join(dir, "run.jsonl");
  const run = await refresh([book, "--dry-run", "--threshold", "0", "--log", log]);

  expect(run.status).toBe(0);
  const changes = run.lines[0]!.changes as LoggedChanges;
  for (const metric of ["impressions", "revenues"] as const) {
    const total = changes.totals.find((one) => one.metric === metric)!;
    expect(Math.abs(total.before - totalOf(first, metric))).toBeLessThan(CENT);
    expect(Math.abs(total.after - totalOf(second, metric))).toBeLessThan(CENT);
    expect(Math.abs(total.before + total.difference - total.after)).toBeLessThan(1e-6);
  }
  const moved = [...second].filter(([key, now]) => {
    const was = first.get(key)!;
    return Math.abs(was.revenues - now.revenues) > 1e-9 || was.impressions !== now.impressions;
  });
  expect(moved.length).toBeGreaterThan(0);
  expect({
    changed: changes.rowsChanged,
    added: changes.rowsAdded,
    removed: changes.rowsRemoved,
    matched: changes.rowsMatched,
  }).toEqual({ changed: moved.length, added: 0, removed: 0, matched: true });
  expect(changes.largestMoves.length).toBe(Math.min(10, moved.length));
  for (const move of changes.largestMoves) {
    const key = `${move.group.date}|${move.group.country}`;
    expect(move.change).toBe("changed");
    expect(move.before!.revenues).toBeCloseTo(first.get(key)!.revenues, 9);
    expect(move.after!.revenues).toBeCloseTo(second.get(key)!.revenues, 9);
    expect(move.text).toContain(`${move.group.date} · ${move.group.country}: Revenues`);
  }
  // The largest first.
  const sizes = changes.largestMoves.map((move) => Math.abs(move.after!.revenues! - move.before!.revenues!));
  expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  expect(changes.line).toMatch(/^Revenues [\d,.]+ → [\d,.]+, [+-][\d,.]+ \([+-][\d.]+ %\); \d+ rows changed$/);
  expect({ flagged: changes.flagged, thresholdPercent: changes.thresholdPercent }).toEqual({
    flagged: true,
    thresholdPercent: 0,
  });
  expect(run.stderr).toContain(`Stats_by_Date: ${changes.line} (revenue moved more than 0 %`);

  // The default threshold, 1 %: this restatement (well under 1 % of revenue) is not flagged.
  const byDefault = (await refresh([book, "--dry-run"])).lines[0]!.changes as LoggedChanges;
  expect(Math.abs(byDefault.totals.find((one) => one.metric === "revenues")!.percent!)).toBeLessThan(1);
  expect({ flagged: byDefault.flagged, thresholdPercent: byDefault.thresholdPercent }).toEqual({
    flagged: false,
    thresholdPercent: 1,
  });

  // The threshold the workbook's users set in the Queries tab (stored with its options) comes
  // before the default; --threshold before both.
  writeFileSync(
    book,
    withStoredQueries(new Uint8Array(readFileSync(book)), [
      { xml: workbookOptionsXml({ refreshOnOpen: false, changeThreshold: 0 }) },
    ]),
  );
  const bySheet = (await refresh([book, "--dry-run"])).lines[0]!.changes as LoggedChanges;
  expect({ flagged: bySheet.flagged, thresholdPercent: bySheet.thresholdPercent }).toEqual({
    flagged: true,
    thresholdPercent: 0,
  });
  const byFlag = (await refresh([book, "--dry-run", "--threshold", "1"])).lines[0]!.changes as LoggedChanges;
  expect({ flagged: byFlag.flagged, thresholdPercent: byFlag.thresholdPercent }).toEqual({
    flagged: false,
    thresholdPercent: 1,
  });
}, 180_000);

it("appends one Refresh log row per refresh to the file it writes, the second's differences after − before", async () => {
  const header = (await sheetsOf(excelMade("pivot-various-types.xlsx"))).get("Data")![0]!.map(String);
  const book = path.join(dir, "logged.xlsx");
  writeFileSync(
    book,
    withStoredQueries(
      withTable(excelMade("pivot-various-types.xlsx"), {
        sheetPath: "xl/worksheets/sheet1.xml",
        name: "Stats_by_Date",
        ref: "A1:J11",
        columns: header,
      }),
      [
        {
          version: 1,
          id: "q-change-report-03",
          query: { period: PERIOD, groups: GROUPS, metrics: ["impressions", "revenues"], filters: {}, orders: [] },
          table: { excelId: "{1}", name: "Stats_by_Date", sheet: "Data" },
          columns: [...GROUPS, "impressions", "revenues"],
          pivots: [],
          createdAt: "2026-06-01T00:00:00Z",
        } as StoredTableQuery,
      ],
    ),
  );
  emulator.setToday(TODAY);
  const first = await answer();
  const firstRun = await refresh([book, "--in-place"]);
  expect(firstRun.status).toBe(0);
  emulator.setToday(addDays(TODAY, 4));
  const second = await answer();
  expect((await refresh([book, "--in-place"])).status).toBe(0);

  const [names, ...rows] = (await sheetsOf(readFileSync(book))).get("Refresh log")!;
  expect(names).toEqual(REFRESH_LOG_HEADERS);
  expect(rows.map((row) => row[1])).toEqual(["Stats_by_Date", "Stats_by_Date"]);
  const cell = (row: unknown[], name: string) => row[REFRESH_LOG_HEADERS.indexOf(name)] as number;
  const [, last] = rows as [unknown[], unknown[]];
  expect([
    cell(last, "Rows before"),
    cell(last, "Rows after"),
    cell(last, "Rows added"),
    cell(last, "Rows removed"),
  ]).toEqual([first.size, second.size, 0, 0]);
  expect(cell(last, "Rows changed")).toBeGreaterThan(0);
  for (const [metric, label] of [
    ["impressions", "Impressions"],
    ["revenues", "Revenues"],
  ] as const) {
    expect(Math.abs(cell(last, `${label} before`) - totalOf(first, metric))).toBeLessThan(CENT);
    expect(Math.abs(cell(last, `${label} after`) - totalOf(second, metric))).toBeLessThan(CENT);
    expect(cell(last, `${label} difference`)).toBeCloseTo(
      cell(last, `${label} after`) - cell(last, `${label} before`),
      9,
    );
  }
  // The clock move restated revenue, and the row says so.
  expect(cell(last, "Revenues difference")).not.toBe(0);

  // A value typed below the log: the next run refreshes the table, leaves the log, and says why.
  writeFileSync(
    book,
    withEntryText(new Uint8Array(readFileSync(book)), "xl/worksheets/sheet3.xml", (xml) =>
      xml.replace("</sheetData>", '<row r="4"><c r="C4"><v>1</v></c></row></sheetData>'),
    ),
  );
  const blocked = await refresh([book, "--in-place"]);
  expect({ status: blocked.status, outcome: blocked.lines[0]!.outcome }).toEqual({ status: 0, outcome: "refreshed" });
  expect(blocked.stderr).toContain(
    "The Refresh log on the sheet Refresh log was not added to: it needs 1 more row below its table, but C4 holds data",
  );
  // ... and so does its JSON line, which is what --log keeps and a scheduler reads.
  expect(blocked.lines[0]!.refreshLogLeftAlone).toEqual(
    expect.stringContaining("was not added to: it needs 1 more row below its table, but C4 holds data"),
  );
  expect(firstRun.lines.find((line) => line.outcome === "refreshed")!.refreshLogLeftAlone).toBeUndefined();
  expect(
    (await sheetsOf(readFileSync(book))).get("Refresh log")!.filter((row) => row[1] === "Stats_by_Date"),
  ).toHaveLength(2);
}, 180_000);

it("refuses a threshold that is not a percentage", async () => {
  const run = await refresh([path.join(dir, "close.xlsx"), "--dry-run", "--threshold", "1%"]);
  expect({ status: run.status, stderr: run.stderr }).toEqual({
    status: 2,
    stderr: expect.stringContaining("--threshold takes a percentage of 0 or more"),
  });
});

it("--check-frozen compares a frozen sheet with the service's numbers now, and writes nothing", async () => {
  // A sheet holding the table's rows as the service gave them on TODAY, frozen that day.
  emulator.setToday(TODAY);
  const frozenAnswer = await answer();
  const header = (await sheetsOf(excelMade("pivot-various-types.xlsx"))).get("Data")![0]!.map(String);
  const base = path.join(dir, "frozen-base.xlsx");
  writeFileSync(
    base,
    withStoredQueries(
      withTable(excelMade("pivot-various-types.xlsx"), {
        sheetPath: "xl/worksheets/sheet1.xml",
        name: "Stats_by_Date",
        ref: "A1:J11",
        columns: header,
      }),
      [
        {
          version: 1,
          id: "q-change-report-02",
          query: { period: PERIOD, groups: GROUPS, metrics: ["impressions", "revenues"], filters: {}, orders: [] },
          table: { excelId: "{1}", name: "Stats_by_Date", sheet: "Data" },
          columns: [...GROUPS, "impressions", "revenues"],
          pivots: [],
          createdAt: "2026-06-01T00:00:00Z",
        } as StoredTableQuery,
      ],
    ),
  );
  const refreshed = path.join(dir, "frozen-refreshed.xlsx");
  expect((await refresh([base, "--out", refreshed])).status).toBe(0);
  const rows = (await sheetsOf(readFileSync(refreshed)))
    .get("Data")!
    .slice(1, 1 + frozenAnswer.size)
    .map((row) => row.slice(0, 4) as TableCell[]);
  const record: FrozenSheetRecord = {
    version: 1,
    id: "f-headless-check",
    sheet: { excelId: "{S}", name: "Data" },
    frozenAt: `${TODAY}T09:00:00Z`,
    source: "Data!A1:D441",
    values: { firstRow: 1, header: true, columns: 4 },
    fingerprint: fingerprintOf({
      query: {
        words: "the close",
        run: {
          table: {
            period: PERIOD,
            groups: GROUPS,
            metrics: ["impressions", "revenues"],
            filters: {},
            orders: [],
          } as never,
        },
      },
      frozenDay: TODAY,
      columns: recordColumns([...GROUPS, "impressions", "revenues"]),
      rows,
    }),
  };
  const book = path.join(dir, "frozen.xlsx");
  writeFileSync(book, withStoredQueries(new Uint8Array(readFileSync(refreshed)), [{ xml: frozenSheetXml(record) }]));
  const bytes = readFileSync(book);

  emulator.setToday(addDays(TODAY, 4));
  const now = await answer();
  const run = await refresh([book, "--check-frozen", "--threshold", "0.1"]);

  expect(run.status).toBe(0);
  expect(run.lines).toEqual([
    expect.objectContaining({ file: book, frozenSheet: "Data", outcome: "moved", frozenDay: TODAY }),
  ]);
  expect(run.lines[0]!.edited).toBeUndefined();
  const changes = run.lines[0]!.changes as LoggedChanges;
  for (const metric of ["impressions", "revenues"] as const) {
    const total = changes.totals.find((one) => one.metric === metric)!;
    expect(Math.abs(total.before - totalOf(frozenAnswer, metric))).toBeLessThan(CENT);
    expect(Math.abs(total.after - totalOf(now, metric))).toBeLessThan(CENT);
  }
  expect(changes.rowsChanged).toBeGreaterThan(0);
  for (const move of changes.largestMoves) {
    const key = `${move.group.date}|${move.group.country}`;
    expect(move.before!.revenues).toBeCloseTo(frozenAnswer.get(key)!.revenues, 9);
    expect(move.after!.revenues).toBeCloseTo(now.get(key)!.revenues, 9);
  }
  expect(changes.flagged).toBe(true);
  expect(run.stderr).toContain(String(run.lines[0]!.line));
  expect(readFileSync(book).equals(bytes)).toBe(true);
}, 120_000);
