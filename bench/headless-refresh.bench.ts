/**
 * The headless refresh of a 100,000-row table (issue 19): the time to refresh it in a workbook
 * file against the time exceljs takes to write the same rows to a fresh file (the ratio should
 * stay at or below 1), and the refresh's peak memory against the file's size (3x wanted). Rows
 * come from a stand-in for the service's pages (10,000 rows each, its largest), so the service's
 * time is not counted; they go through the command's own path (a file spool, the package written
 * to a temporary file then renamed). Each side runs in its own Node process, so that its peak
 * resident memory (maxRSS, garbage not yet collected included) is its own, measured above what
 * the process held once its modules were loaded. The refresh runs as the command runs it: with
 * its change report, and with the V8 heap settings it ships with (REFRESH_NODE_FLAGS: the npm
 * script and the systemd service use them); then without the report, with Node's defaults, and
 * on a one-row table, to show what each part costs. exceljs runs with Node's defaults. A table
 * three times larger is refreshed too, to show what grows with the rows.
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
/** Rounds of the 100,000-row refresh (with and without its change report) and of the one-row one, interleaved. */
const ROUNDS = 3;
const QUERY = {
  period: { from: "2024-01-01", to: "2024-03-31" },
  groups: ["date", "country"],
  metrics: ["impressions", "revenues", "ecpm"],
  filters: {},
  orders: [],
};

/**
 * 90 days of a dimension with a value per 90 rows (1,112 of them for 100,000 rows): every
 * date and value together once, as the service answers, so the change report matches each new
 * row to its old one by a key of its own (repeated keys take a slower path no answer needs).
 */
function rows(count: number, shift: number, from = 0): (string | number)[][] {
  return Array.from({ length: count }, (_, at) => {
    const index = from + at;
    return [
      45_292 + (index % 90),
      `Country ${Math.floor(index / 90)}`,
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

interface Measured {
  seconds: number;
  peakBytes: number;
}

/** The run of median time and the run of median peak, apart: each figure is a median of its own. */
function median(runs: Measured[]): Measured {
  const middle = <T>(values: T[], by: (value: T) => number) =>
    [...values].sort((a, b) => by(a) - by(b))[values.length >> 1]!;
  return {
    seconds: middle(runs, (run) => run.seconds).seconds,
    peakBytes: middle(runs, (run) => run.peakBytes).peakBytes,
  };
}

function inChild(mode: string, input: string, output: string, v8: string[] = [], count = ROWS): Measured {
  const run = spawnSync(process.execPath, [...v8, "--import", "tsx", __filename, mode, input, output, String(count)], {
    encoding: "utf8",
    env: { ...process.env, HEADLESS_BENCH_CHILD: "1" },
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Measured;
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
    // Interleaved rounds, medians: a peak moves by a few MB from run to run with when V8's
    // collections fall. The command always reports what changed ("report": the old rows kept
    // compactly, the new ones diffed as they stream), so that is what is measured first. The
    // one-row refresh (the Excel-made workbook, its table refreshed to one row) is the command's
    // cost at any size: the code compiled on first use, the first pages of V8's heap it touches,
    // zlib's state. What the 100,000 rows add is the difference.
    const [commands, plains, oneRows]: [Measured[], Measured[], Measured[]] = [[], [], []];
    for (let round = 0; round < ROUNDS; round++) {
      commands.push(inChild("report", input, path.join(dir, "refreshed.xlsx"), shipped));
      plains.push(inChild("refresh", input, path.join(dir, "plain.xlsx"), shipped));
      oneRows.push(inChild("report", seed, path.join(dir, "one-row.xlsx"), shipped, 1));
    }
    const [command, plain, floor] = [median(commands), median(plains), median(oneRows)];
    const defaults = inChild("report", input, path.join(dir, "defaults.xlsx"));
    const exceljs = inChild("exceljs", input, path.join(dir, "exceljs.xlsx"));
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const times = (bytes: number, of = size) => `${(bytes / of).toFixed(1)}x the file`;
    const runs = (measured: Measured[]) => `runs +${measured.map((run) => mb(run.peakBytes)).join(", +")} MB`;
    console.log(`${ROWS.toLocaleString("en-US")} rows, workbook ${mb(size)} MB, medians of ${ROUNDS} runs`);
    console.log(
      `headless refresh as the command runs it (node ${shipped.join(" ")}, change report included): ${command.seconds.toFixed(2)} s, peak memory +${mb(command.peakBytes)} MB (${times(command.peakBytes)}, 3x wanted; ${runs(commands)})`,
    );
    console.log(
      `  a one-row refresh: peak +${mb(floor.peakBytes)} MB (${runs(oneRows)}), the command's cost at any size; the 100,000 rows add +${mb(command.peakBytes - floor.peakBytes)} MB (${times(command.peakBytes - floor.peakBytes)})`,
    );
    console.log(
      `  without the change report: ${plain.seconds.toFixed(2)} s, peak +${mb(plain.peakBytes)} MB (${times(plain.peakBytes)}; ${runs(plains)})`,
    );
    console.log(
      `  with Node's default heap settings: ${defaults.seconds.toFixed(2)} s, peak +${mb(defaults.peakBytes)} MB (${times(defaults.peakBytes)})`,
    );
    console.log(
      `exceljs writing the same rows to a fresh file: ${exceljs.seconds.toFixed(2)} s, peak memory +${mb(exceljs.peakBytes)} MB`,
    );
    console.log(`ratio headless / exceljs: ${(command.seconds / exceljs.seconds).toFixed(2)} (at most 1 wanted)`);
    // A table three times larger: the sheet streams, so without the report the peak stays flat
    // (a page, a few buffers, and V8's margin: an old generation left to grow at least 8 MB
    // before a full collection); the report keeps each old row's key and metrics, so it grows.
    const larger = path.join(dir, "larger.xlsx");
    await refreshToFile(seed, larger, 0, false, LARGER_ROWS);
    const largerSize = statSync(larger).size;
    const largerCommand = inChild("report", larger, path.join(dir, "larger-refreshed.xlsx"), shipped, LARGER_ROWS);
    const largerPlain = inChild("refresh", larger, path.join(dir, "larger-plain.xlsx"), shipped, LARGER_ROWS);
    console.log(
      `${LARGER_ROWS.toLocaleString("en-US")} rows, workbook ${mb(largerSize)} MB: ${largerCommand.seconds.toFixed(2)} s, peak memory +${mb(largerCommand.peakBytes)} MB (${times(largerCommand.peakBytes, largerSize)}); without the change report +${mb(largerPlain.peakBytes)} MB (${times(largerPlain.peakBytes, largerSize)})`,
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
