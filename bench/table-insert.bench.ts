/**
 * Insert as table for a 100,000-row answer, through the add-in's own writer against the
 * recording fake of Excel (the browser tests' fake, run in Node: it refuses a sync over 5 MB):
 * - how many context.sync calls the insert takes, and the largest sync payload in bytes;
 * - the time to build the rows and write the table, as a ratio to building the same rows in
 *   memory (interleaved rounds in rotating order, medians, so that the machine's speed cancels
 *   out). The fake applies every write to its own model of the cells, so this is the add-in's
 *   cost plus a stand-in for Excel's, not Excel's own speed.
 */
import type { StatsEntry } from "../src/api";
import { readStatsResponse } from "../src/client/read-response";
import { statsRows } from "../src/core/rows/stats-rows";
import { statsTableData } from "../src/core/workbook-queries/table-refresh";
import { insertQueryTable } from "../src/office/tables/insert-table";
import { installFakeExcel } from "../test/unit/office/fake-excel";
import { generateStatsAnswer, STATS_ANSWER_REQUEST } from "./support/stats-answer";
import { interleavedMedians } from "./support/timing";

const ROWS = 100_000;
const EXCEL_LIMIT_BYTES = 5_000_000;
const WARM_UP_ROUNDS = 1;
const ROUNDS = 5;
const query = { request: STATS_ANSWER_REQUEST, headers: "readable" as const };

function buildRows(entries: readonly StatsEntry[]) {
  return statsRows(entries, STATS_ANSWER_REQUEST, "readable");
}

async function buildAndWrite(
  entries: readonly StatsEntry[],
): Promise<{ syncs: number; largest: number; refused: number }> {
  const excel = installFakeExcel();
  try {
    const inserted = await insertQueryTable(statsTableData(buildRows(entries), query), {
      kind: "new",
      sheetName: "Reporting",
    });
    if (inserted.rows !== ROWS) throw new Error(`expected ${ROWS} rows, got ${inserted.rows}`);
    const syncs = excel.state.syncs;
    if (syncs.length !== inserted.syncs)
      throw new Error(`the writer counted ${inserted.syncs} syncs, the fake ${syncs.length}`);
    return {
      syncs: syncs.length,
      largest: Math.max(...syncs.map((sync) => sync.bytes)),
      refused: syncs.filter((sync) => sync.refused).length,
    };
  } finally {
    excel.restore();
  }
}

export async function run(): Promise<void> {
  const entries = readStatsResponse(generateStatsAnswer(ROWS)).stats;
  const figures = await buildAndWrite(entries);
  console.log(
    `table: ${ROWS.toLocaleString("en-US")} rows x ${buildRows(entries.slice(0, 1)).rows[0]!.length} columns (date, asset, country, format, 4 metrics)`,
  );
  console.log(`context.sync calls                   ${figures.syncs}`);
  console.log(
    `largest sync payload                 ${figures.largest.toLocaleString("en-US")} bytes (limit ${EXCEL_LIMIT_BYTES.toLocaleString("en-US")}: ${figures.largest < EXCEL_LIMIT_BYTES && figures.refused === 0 ? "met" : "MISSED"})`,
  );
  const medians = await interleavedMedians(
    {
      inMemory: () => buildRows(entries),
      written: () => buildAndWrite(entries),
    },
    { warmUp: WARM_UP_ROUNDS, measured: ROUNDS },
  );
  console.log(`build the rows in memory             median ${medians.inMemory.toFixed(1)} ms`);
  console.log(
    `build and write the table            median ${medians.written.toFixed(1)} ms  (${(medians.written / medians.inMemory).toFixed(1)}x building in memory)`,
  );
}
