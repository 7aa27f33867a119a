/**
 * The headless refresh of a 100,000-row table (issue 19): the time to refresh it in a workbook
 * file against the time exceljs takes to write the same rows to a fresh file (the ratio should
 * stay at or below 1), and the refresh's peak memory against the file's size (3x wanted). Rows
 * come from a stand-in for the service's pages (10,000 rows each, its largest), so the service's
 * time is not counted; they go through the command's own path (a file spool, the package written
 * to a temporary file then renamed). Each side runs in its own Node process, so that its peak
 * resident memory (maxRSS, garbage not yet collected included) is its own, measured above what
 * the process held once its modules were loaded. The refresh runs with the V8 heap settings the
 * command ships with (REFRESH_NODE_FLAGS: the npm script and the systemd service use them), then
 * once more with Node's defaults, to show what those settings save; exceljs runs with Node's
 * defaults. A table three times larger is refreshed too, to show that the peak does not grow with
 * the rows.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import type { StatsEntry } from "../src/api";
import { rowCollector } from "../src/core/changes/streamed-changes";
import type { TableColumn } from "../src/core/workbook-queries/table-columns";
import { refreshPackage, type FetchDependencies } from "../src/core/xlsx/package-refresh";
import { fileSpool } from "../src/headless/file-spool";
import { REFRESH_NODE_FLAGS } from "../src/headless/node-flags";
import { openWorkbookFile, writeWorkbookFile } from "../src/headless/workbook-files";
import { excelMade, withStoredQueries } from "../test/support/stored-query-parts";

const ROWS = 100_000;
/** A table three times larger, refreshed alone: the peak should not grow with the rows (the refresh streams them). */
const LARGER_ROWS = 300_000;
const QUERY = {
  period: { from: "2024-01-01", to: "2024-03-31" },
  groups: ["date", "country"],
  metrics: ["impressions", "revenues", "ecpm"],
  filters: {},
  orders: [],
};

function rows(count: number, shift: number, from = 0): (string | number)[][] {
  return Array.from({ length: count }, (_, at) => {
    const index = from + at;
    return [
      45_292 + (index % 90),
      `Country ${index % 240}`,
      1_000 + index + shift,
      (index + shift) * 0.37,
      1.25 + (index % 100) / 100,
    ];
  });
}

const PAGE = 10_000;
const day = (serial: number) => new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);

/** The service's answer in pages of 10,000 entries, each built when asked and dropped after. */
function page(offset: number, count: number, shift: number): StatsEntry[] {
  return rows(Math.min(PAGE, count - offset), shift, offset).map(([date, country, impressions, revenues, ecpm]) => ({
    group: { date: day(date as number), country: country as string },
    metrics: { impressions: impressions as number, revenues: revenues as number, ecpm: ecpm as number },
  }));
}

function fetchDeps(count: number, shift: number): FetchDependencies {
  return {
    today: () => "2024-04-01",
    now: () => Date.now(),
    fetch: async () => {
      throw new Error("the bench reads pages");
    },
    async statsPages(_query, _signal, onPage) {
      for (let offset = 0; offset < count; offset += PAGE) onPage(page(offset, count, shift));
    },
    spool: () => fileSpool(),
    fetchLegacy: async () => {
      throw new Error("not in this bench");
    },
    dataThrough: async () => "2024-03-31",
    activeProfile: () => "Bench",
  };
}

async function refreshToFile(
  input: string,
  output: string,
  shift: number,
  report = false,
  count = ROWS,
): Promise<void> {
  // The command's change report: old rows kept compactly, new ones diffed as they stream, compared
  // once by refreshPackage (each table's `changes`, which the command's record, log and run line use).
  const observeRows = (_table: string, columns: readonly Pick<TableColumn, "key" | "isMetric">[]) =>
    rowCollector(columns);
  // As the command does: the input is read from its file, not loaded.
  const source = openWorkbookFile(input);
  try {
    const result = await refreshPackage(source, fetchDeps(count, shift), report ? { observeRows } : {});
    try {
      writeWorkbookFile(output, result.package.outputEntries());
    } finally {
      result.dispose();
    }
  } finally {
    source.close();
  }
}

async function exceljsToFile(output: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Stats");
  sheet.addRow(["Date", "Country", "Impressions", "Revenues", "eCPM"]);
  for (const row of rows(ROWS, 1)) sheet.addRow(row);
  await workbook.xlsx.writeFile(output);
}

/** In a child: runs one side, prints its seconds and its peak memory above what it held before. */
async function child(mode: string, input: string, output: string, count: number): Promise<void> {
  const before = process.resourceUsage().maxRSS * 1024;
  const start = performance.now();
  if (mode === "refresh" || mode === "report") await refreshToFile(input, output, 1, mode === "report", count);
  else await exceljsToFile(output);
  const seconds = (performance.now() - start) / 1000;
  process.stdout.write(JSON.stringify({ seconds, peakBytes: process.resourceUsage().maxRSS * 1024 - before }));
}

function inChild(
  mode: string,
  input: string,
  output: string,
  v8: string[] = [],
  count = ROWS,
): { seconds: number; peakBytes: number } {
  const run = spawnSync(process.execPath, [...v8, "--import", "tsx", __filename, mode, input, output, String(count)], {
    encoding: "utf8",
    env: { ...process.env, HEADLESS_BENCH_CHILD: "1" },
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { seconds: number; peakBytes: number };
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "headless-bench-"));
  try {
    // A workbook Excel saved, with a stored query, already holding 100,000 rows: what a month-end file looks like.
    const seed = path.join(dir, "seed.xlsx");
    const stored = {
      version: 1,
      id: "q-bench-000000001",
      query: QUERY,
      table: { excelId: "{1}", name: "Tabelle1", sheet: "Tabelle1" },
      columns: ["date", "country", "impressions", "revenues", "ecpm"],
      pivots: [],
      createdAt: "2024-01-01T00:00:00Z",
    };
    writeFileSync(seed, withStoredQueries(excelMade("table-sample.xlsx"), [stored as never]));
    const input = path.join(dir, "month-end.xlsx");
    await refreshToFile(seed, input, 0);
    const size = statSync(input).size;
    const shipped = [...REFRESH_NODE_FLAGS];
    const refresh = inChild("refresh", input, path.join(dir, "refreshed.xlsx"), shipped);
    const report = inChild("report", input, path.join(dir, "report.xlsx"), shipped);
    const defaults = inChild("refresh", input, path.join(dir, "defaults.xlsx"));
    const exceljs = inChild("exceljs", input, path.join(dir, "exceljs.xlsx"));
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const times = (bytes: number) => `${(bytes / size).toFixed(1)}x the file`;
    console.log(`${ROWS.toLocaleString("en-US")} rows, workbook ${mb(size)} MB`);
    console.log(
      `headless refresh (node ${shipped.join(" ")}, as shipped): ${refresh.seconds.toFixed(2)} s, peak memory +${mb(refresh.peakBytes)} MB (${times(refresh.peakBytes)}, 3x wanted)`,
    );
    console.log(
      `  with its change report (rows diffed as they stream): ${report.seconds.toFixed(2)} s, peak +${mb(report.peakBytes)} MB (${times(report.peakBytes)})`,
    );
    console.log(
      `  with Node's default heap settings: ${defaults.seconds.toFixed(2)} s, peak +${mb(defaults.peakBytes)} MB (${times(defaults.peakBytes)})`,
    );
    console.log(
      `exceljs writing the same rows to a fresh file: ${exceljs.seconds.toFixed(2)} s, peak memory +${mb(exceljs.peakBytes)} MB`,
    );
    console.log(`ratio headless / exceljs: ${(refresh.seconds / exceljs.seconds).toFixed(2)} (at most 1 wanted)`);
    // The same refresh of a table three times larger: what is alive is a page and a few buffers,
    // so the peak is V8's own margin (an old generation left to grow at least 8 MB before a full
    // collection, plus the young generation) and stays flat while the file grows.
    const larger = path.join(dir, "larger.xlsx");
    await refreshToFile(seed, larger, 0, false, LARGER_ROWS);
    const largerSize = statSync(larger).size;
    const largerRefresh = inChild("refresh", larger, path.join(dir, "larger-refreshed.xlsx"), shipped, LARGER_ROWS);
    console.log(
      `${LARGER_ROWS.toLocaleString("en-US")} rows, workbook ${mb(largerSize)} MB, as shipped: ${largerRefresh.seconds.toFixed(2)} s, peak memory +${mb(largerRefresh.peakBytes)} MB (${(largerRefresh.peakBytes / largerSize).toFixed(1)}x the file)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.HEADLESS_BENCH_CHILD === "1") {
  const [mode, input, output, count] = process.argv.slice(2);
  child(mode!, input!, output!, Number(count)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
