import fc from "fast-check";
import type { GroupName, StatsEntry } from "../../../src/api";
import { readStatsQuery } from "../../../src/core/arguments/stats-query";
import type { SpillTable } from "../../../src/core/rows/spill-table";
import { DEFAULT_SPILL_BUDGET_BYTES, omittedRowsMessage } from "../../../src/core/spill-limit";
import { spillCall } from "../../../src/office/custom-function-calls";
import { rowEncoder, type DateCellStyle } from "../../../src/office/formatted-values";
import { ALL_GROUPS, functionsAnswering, largeStats, WORST_CASE_NAMES } from "./large-answers";
import { CUSTOM_FUNCTIONS, officeSupporting, withGlobals } from "./office-globals";

/** UTF-8 bytes of what the function hands Excel, measured apart from the code under test. */
const sentBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

const REQUIREMENTS: Record<DateCellStyle, string[]> = {
  double: ["CustomFunctionsRuntime 1.4", "ExcelApi 1.19"],
  formattedNumber: ["CustomFunctionsRuntime 1.4", "ExcelApi 1.16"],
  serial: ["CustomFunctionsRuntime 1.3", "ExcelApi 1.19"],
};
const STYLES = Object.keys(REQUIREMENTS) as DateCellStyle[];
const METRICS = "impressions,revenues,ecpm,requests";
const FROM = "2020-01-01";
const TO = "2026-06-29";

/**
 * REPORTING.STATS as Excel calls it on a runtime whose dates are `style`, over an answer of
 * `entries`; with the whole table the same query gives the task pane.
 */
async function statsSpill(
  style: DateCellStyle,
  entries: StatsEntry[],
  groups: readonly GroupName[],
): Promise<{ spill: unknown[][]; whole: SpillTable }> {
  const restore = withGlobals({ CustomFunctions: CUSTOM_FUNCTIONS, Office: officeSupporting(REQUIREMENTS[style]) });
  try {
    const functions = functionsAnswering(entries);
    const spill = await spillCall({}, (signal) =>
      functions.stats(FROM, TO, groups.join(","), METRICS, null, null, null, signal),
    );
    const whole = await functions.statsTable(
      readStatsQuery({ from: FROM, to: TO, groups: groups.join(","), metrics: METRICS }, () => "2026-06-30"),
    );
    return { spill, whole };
  } finally {
    restore();
  }
}

/** The spill with one data row more than `shown` (and its own message row unless none is left out), as sent. */
function oneRowMoreBytes(whole: SpillTable, shown: number, style: DateCellStyle): number {
  const headerCount = whole.rows.length - whole.dataRowCount;
  const rows = whole.rows.slice(0, headerCount + shown + 1);
  const omitted = whole.dataRowCount - shown - 1;
  if (omitted > 0) rows.push([omittedRowsMessage(omitted), ...new Array<string>(whole.rows[0]!.length - 1).fill("")]);
  return sentBytes(rows.map(rowEncoder(whole, style)));
}

describe("the spill Excel receives", () => {
  it.each(STYLES)(
    "point 1: a large date-grouped STATS result stays within the budget as sent (%s dates)",
    async (style) => {
      const { spill, whole } = await statsSpill(
        style,
        largeStats(150_000, ["date", "country", "format"], ["FR", "interstitial"]),
        ["date", "country", "format"],
      );
      const sent = sentBytes(spill);
      expect(sent).toBeLessThanOrEqual(DEFAULT_SPILL_BUDGET_BYTES);
      const shown = spill.length - 2;
      const last = spill[spill.length - 1]!;
      expect(last[0]).toBe(omittedRowsMessage(150_000 - shown));
      expect(String(last[0])).toMatch(/use Insert as table in the Reporting task pane/);
      expect(oneRowMoreBytes(whole, shown, style)).toBeGreaterThan(DEFAULT_SPILL_BUDGET_BYTES);
    },
  );

  it("point 1: for worst-case tables and every date style, the UTF-8 JSON of the result fits the budget and keeps every row that fits", async () => {
    const names = fc.array(
      fc.oneof(fc.string({ unit: "binary", minLength: 1, maxLength: 80 }), fc.constantFrom(...WORST_CASE_NAMES)),
      { minLength: 1, maxLength: 10 },
    );
    const groups = fc.subarray(ALL_GROUPS.slice(1)).map((others): GroupName[] => ["date", ...others]);
    let cut = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STYLES),
        groups,
        names,
        fc.double({ min: 0.8, max: 3, noNaN: true }),
        async (style, grouped, texts, size) => {
          // Enough rows for about `size` times the budget (some fit whole, most are cut).
          const perRow = sentBytes(largeStats(200, grouped, texts)) / 200;
          const count = Math.max(1, Math.ceil((size * DEFAULT_SPILL_BUDGET_BYTES) / perRow));
          const { spill, whole } = await statsSpill(style, largeStats(count, grouped, texts), grouped);
          expect(sentBytes(spill)).toBeLessThanOrEqual(DEFAULT_SPILL_BUDGET_BYTES);
          if (spill.length === count + 1) return;
          cut += 1;
          const shown = spill.length - 2;
          expect(spill[spill.length - 1]![0]).toBe(omittedRowsMessage(count - shown));
          expect(oneRowMoreBytes(whole, shown, style)).toBeGreaterThan(DEFAULT_SPILL_BUDGET_BYTES);
        },
      ),
      { numRuns: 15 },
    );
    // Most generated tables are over the budget: the property is about cut tables.
    expect(cut).toBeGreaterThan(5);
  }, 180_000);
});
