/**
 * One REPORTING.STATS spill call on a result far over Excel's 5 MB, as a recalculation runs it
 * once the answer is cached: the core function builds the rows, then the office layer cuts them
 * to the spill budget and encodes them as this Excel receives them (dates carrying their format,
 * or bare serials). Timed in one run beside JSON.stringify of the same whole rows, so that the
 * machine's speed cancels out (interleaved rounds in rotating order, medians):
 * - build: the rows alone (functions.statsTable), which every spill pays whatever its cut;
 * - spill: the whole call (functions.stats through spillCall);
 * - cut: spill minus build, the work of the cut and the encoding.
 */
import { readStatsResponse } from "../src/client/read-response";
import { readStatsQuery } from "../src/core/arguments/stats-query";
import { spillCall } from "../src/office/custom-function-calls";
import type { DateCellStyle } from "../src/office/formatted-values";
import { functionsAnswering } from "../test/unit/office/large-answers";
import { CUSTOM_FUNCTIONS, officeSupporting, withGlobals } from "../test/unit/office/office-globals";
import { generateStatsAnswer, STATS_ANSWER_REQUEST } from "./support/stats-answer";
import { interleavedMedians } from "./support/timing";

const ROWS = 150_000;
const WARM_UP_ROUNDS = 3;
const ROUNDS = 15;
const TODAY = "2025-05-15";
const STYLES: Record<Exclude<DateCellStyle, "formattedNumber">, string[]> = {
  double: ["CustomFunctionsRuntime 1.4", "ExcelApi 1.19"],
  serial: ["CustomFunctionsRuntime 1.3", "ExcelApi 1.19"],
};

const { from, to } = STATS_ANSWER_REQUEST.filters;
const groups = (STATS_ANSWER_REQUEST.groups ?? []).join(",");
const metrics = (STATS_ANSWER_REQUEST.metrics ?? []).join(",");

export async function run(): Promise<void> {
  const functions = functionsAnswering(readStatsResponse(generateStatsAnswer(ROWS)).stats);
  const query = readStatsQuery({ from, to, groups, metrics }, () => TODAY);
  const whole = await functions.statsTable(query);
  console.log(
    `result: ${ROWS.toLocaleString("en-US")} rows x ${whole.rows[0]!.length} columns, ${(JSON.stringify(whole.rows).length / 1e6).toFixed(1)} MB of JSON`,
  );
  for (const [style, sets] of Object.entries(STYLES)) {
    const restore = withGlobals({ CustomFunctions: CUSTOM_FUNCTIONS, Office: officeSupporting(sets) });
    try {
      const spilled = await spillCall({}, (signal) =>
        functions.stats(from, to, groups, metrics, null, null, null, signal),
      );
      const medians = await interleavedMedians(
        {
          stringify: () => JSON.stringify(whole.rows),
          build: () => functions.statsTable(query),
          spill: () => spillCall({}, (signal) => functions.stats(from, to, groups, metrics, null, null, null, signal)),
        },
        { warmUp: WARM_UP_ROUNDS, measured: ROUNDS },
      );
      const cut = medians.spill - medians.build;
      const ratio = (ms: number) => `${(ms / medians.stringify).toFixed(2)}x JSON.stringify`;
      console.log(
        `${style} dates: ${(spilled.length - 2).toLocaleString("en-US")} rows spilled, ${(Buffer.byteLength(JSON.stringify(spilled)) / 1e6).toFixed(2)} MB sent`,
      );
      console.log(`  JSON.stringify of every row         median ${medians.stringify.toFixed(1)} ms`);
      console.log(
        `  build the rows                      median ${medians.build.toFixed(1)} ms  (${ratio(medians.build)})`,
      );
      console.log(
        `  one spill call                      median ${medians.spill.toFixed(1)} ms  (${ratio(medians.spill)})`,
      );
      console.log(`  its cut and encoding (spill - build)       ${cut.toFixed(1)} ms  (${ratio(cut)})`);
    } finally {
      restore();
    }
  }
}
