/**
 * `=REPORTING.STATS(..., "compare=...")` against the real emulator over HTTP: the comparison
 * columns must equal what a second, independent /stats query over the comparison period says
 * (its period and its row matching worked out here from their definitions, not with the add-in's
 * code), and a comparison must cost one request more than the query alone, once.
 */
import fc from "fast-check";
import type { DateGroup, GroupName, MetricName, StatsEntry, StatsRequest } from "../../../src/api";
import type { FetchLike } from "../../../src/client";
import { ReportingClient } from "../../../src/client";
import { isoDateFromExcelSerial } from "../../../src/core/excel-dates";
import { createReportingFunctions } from "../../../src/core/reporting-functions";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { FUZZ_SEED } from "../../support/fuzz-seed";
import { START_TIMEOUT_MS, stats as directStats, widestBearer } from "../emulator/support/emulator";
import {
  comparisonPeriodOf,
  daysBetween,
  plusDays,
  weekday,
  yearBefore,
  type ComparisonMode,
} from "../reconciliation/support/calendar";

jest.setTimeout(180_000);

const TODAY = "2026-06-30";
/** 400 days of data end yesterday, so that a period of the last month has a year before it. */
const DATA = { port: 0, days: 400, seed: 29, today: TODAY } as const;
const RUNS = 25;

let emulator: RunningEmulator;
let token: string;
beforeAll(async () => {
  emulator = await startEmulator(DATA);
  token = widestBearer(emulator).token;
}, START_TIMEOUT_MS);
afterAll(() => emulator?.close());

/** The add-in's functions with a client of their own, counting the /stats requests they send. */
function addIn() {
  const sent: string[] = [];
  const recording: FetchLike = (url, init) => {
    if (/\/stats$/.test(new URL(url).pathname)) sent.push(init.body ?? "");
    return globalThis.fetch(url, init);
  };
  const client = new ReportingClient({ baseUrl: emulator.baseUrl, token, transport: { fetch: recording } });
  const functions = createReportingFunctions({
    connect: () => ({ key: "compare-test", bearer: client }),
    today: () => TODAY,
  });
  return { functions, sent };
}

const monday = (day: string) => plusDays(day, -((weekday(day) + 6) % 7));
const monthNumber = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/** The comparison bucket a bucket of the period is compared with, by the documented rule. */
function comparedBucket(
  bucket: string,
  period: { from: string; to: string },
  before: { from: string; to: string },
  dateGroup: DateGroup,
  mode: ComparisonMode,
): string {
  if (dateGroup === "day")
    return mode === "previous_year" ? yearBefore(bucket) : plusDays(bucket, daysBetween(period.from, before.from));
  if (dateGroup === "week") return plusDays(monday(before.from), daysBetween(monday(period.from), bucket));
  const index = monthNumber(bucket) - monthNumber(period.from) + monthNumber(before.from);
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

const GROUP_CHOICES: readonly GroupName[] = ["date", "country", "format", "device_types"];
const METRIC_CHOICES: readonly MetricName[] = ["impressions", "revenues", "ecpm", "requests"];

const query = fc.record({
  // Periods in the last month of data, so that both comparisons have data too; some reach past
  // the data's last day, whose dates then exist in the comparison only.
  start: fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 34 }) },
    { weight: 1, arbitrary: fc.integer({ min: -6, max: -1 }) },
  ),
  length: fc.integer({ min: 1, max: 34 }),
  // The date group in half the runs, where matching is subtle; at most one other group.
  groups: fc
    .tuple(
      fc.boolean(),
      fc.uniqueArray(fc.constantFrom(...GROUP_CHOICES.filter((group) => group !== "date")), { maxLength: 1 }),
      fc.boolean(),
    )
    .map(([byDate, others, dateFirst]) =>
      byDate ? (dateFirst ? ["date" as const, ...others] : [...others, "date" as const]) : others,
    ),
  metrics: fc.subarray([...METRIC_CHOICES], { minLength: 1 }),
  dateGroup: fc.constantFrom<DateGroup>("day", "week", "month"),
  countries: fc.subarray(["US", "FR", "DE", "GB", "JP", "BR"]),
  mode: fc.constantFrom<ComparisonMode>("previous_period", "previous_year"),
  // Mostly no limit: only then do rows found in the comparison alone show.
  limit: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }) },
  ),
});

function close(actual: unknown, expected: number | ""): boolean {
  if (expected === "") return actual === "";
  return typeof actual === "number" && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}

test(`the comparison columns equal a second query over the comparison period (${RUNS} random queries)`, async () => {
  const { functions } = addIn();
  // What the runs met, so that a generator drifting to empty answers fails here rather than passing on nothing.
  const met = { matched: 0, periodOnly: 0, comparisonOnly: 0 };
  await fc.assert(
    fc.asyncProperty(query, async (drawn) => {
      const from = plusDays(TODAY, -drawn.start - drawn.length);
      const to = plusDays(from, drawn.length - 1);
      const byDate = drawn.groups.includes("date");
      const options = [
        `compare=${drawn.mode}`,
        "headers=api",
        ...(byDate ? [`date_group=${drawn.dateGroup}`] : []),
        ...(drawn.limit ? [`limit=${drawn.limit}`] : []),
      ];
      const filters = drawn.countries.length > 0 ? `countries=${drawn.countries.join(",")}` : null;
      const table = await functions.stats(
        from,
        to,
        drawn.groups.join(","),
        drawn.metrics.join(","),
        filters,
        null,
        options.join("; "),
      );

      // The independent query: every row of the comparison period, with what eCPM is made of.
      const before = comparisonPeriodOf({ from, to }, drawn.mode);
      const request: StatsRequest = {
        filters: { ...before, ...(drawn.countries.length > 0 ? { countries: drawn.countries } : {}) },
        metrics: ["impressions", "revenues", "requests"],
        ...(drawn.groups.length > 0 ? { groups: drawn.groups } : {}),
        ...(byDate ? { date_group: drawn.dateGroup } : {}),
      };
      const comparison = (await directStats(emulator, token, request)).stats;
      const dateGroup = byDate ? drawn.dateGroup : "day";
      // 29 February counts as 28 February a year apart (no 29 February falls in these periods).
      const keyOf = (values: readonly string[]) => JSON.stringify(values);
      const expected = new Map<string, { impressions: number; revenues: number; requests: number }>();
      for (const entry of comparison as StatsEntry[]) {
        const key = keyOf(drawn.groups.map((group) => entry.group[group] ?? ""));
        const sum = expected.get(key) ?? { impressions: 0, revenues: 0, requests: 0 };
        sum.impressions += entry.metrics.impressions ?? 0;
        sum.revenues += entry.metrics.revenues ?? 0;
        sum.requests += entry.metrics.requests ?? 0;
        expected.set(key, sum);
      }
      const valueOf = (sum: { impressions: number; revenues: number; requests: number }, metric: MetricName) =>
        metric === "ecpm" ? (sum.impressions > 0 ? (sum.revenues / sum.impressions) * 1000 : 0) : sum[metric];

      const [header, ...rows] = table.rows;
      expect(header).toEqual([
        ...drawn.groups,
        ...drawn.metrics.flatMap((metric) => [
          metric,
          `${metric}_previous`,
          `${metric}_change`,
          `${metric}_change_pct`,
        ]),
      ]);
      const seen = new Set<string>();
      for (const row of rows) {
        const groupValues = drawn.groups.map((group, index) => {
          const cell = row[index];
          if (group !== "date") return String(cell);
          return comparedBucket(isoDateFromExcelSerial(cell as number), { from, to }, before, dateGroup, drawn.mode);
        });
        const key = keyOf(groupValues);
        seen.add(key);
        const sum = expected.get(key);
        if (row[drawn.groups.length] === "") met.comparisonOnly++;
        else if (sum === undefined) met.periodOnly++;
        else met.matched++;
        drawn.metrics.forEach((metric, index) => {
          const at = drawn.groups.length + index * 4;
          const current = row[at];
          const previous = sum === undefined ? "" : valueOf(sum, metric);
          const context = `${metric} of ${JSON.stringify(row.slice(0, drawn.groups.length))}, ${from} to ${to} against ${before.from} to ${before.to}`;
          if (!close(row[at + 1], previous))
            throw new Error(`${context}: previous ${String(row[at + 1])}, the second query says ${previous}`);
          const change = current === "" || previous === "" ? "" : (current as number) - previous;
          if (!close(row[at + 2], change))
            throw new Error(`${context}: change ${String(row[at + 2])}, expected ${change}`);
          const percent = change === "" || previous === 0 ? "" : change / (previous as number);
          if (!close(row[at + 3], percent))
            throw new Error(`${context}: change % ${String(row[at + 3])}, expected ${percent}`);
        });
      }
      if (drawn.limit === undefined) {
        // Every comparison row is shown, but those of a week or month the period does not span.
        for (const key of expected.keys()) {
          const values = JSON.parse(key) as string[];
          const dateAt = drawn.groups.indexOf("date");
          const inPeriod = dateAt < 0 || bucketInPeriod(values[dateAt]!, { from, to }, before, dateGroup, drawn.mode);
          if (inPeriod && !seen.has(key))
            throw new Error(`the comparison row ${key} is missing from ${from} to ${to} (${drawn.mode})`);
        }
      } else {
        expect(rows.length).toBeLessThanOrEqual(drawn.limit);
      }
    }),
    {
      seed: FUZZ_SEED,
      numRuns: RUNS,
      // Always among the runs: days past the data's end (found in the comparison only), and part weeks at both ends.
      examples: [
        [
          {
            start: -4,
            length: 9,
            groups: ["date", "country"],
            metrics: ["revenues", "ecpm"],
            dateGroup: "day",
            countries: ["FR", "US"],
            mode: "previous_period",
            limit: undefined,
          },
        ],
        [
          {
            start: 2,
            length: 17,
            groups: ["device_types", "date"],
            metrics: ["impressions", "ecpm"],
            dateGroup: "week",
            countries: [],
            mode: "previous_year",
            limit: undefined,
          },
        ],
      ],
    },
  );
  expect(met.matched).toBeGreaterThan(100);
  expect(met.comparisonOnly).toBeGreaterThan(0);
});

/** Whether a comparison bucket has a bucket of the period to be shown on. */
function bucketInPeriod(
  bucket: string,
  period: { from: string; to: string },
  before: { from: string; to: string },
  dateGroup: DateGroup,
  mode: ComparisonMode,
): boolean {
  if (dateGroup === "day") return true;
  // The period's buckets, each mapped to the comparison: is `bucket` among them?
  const buckets = new Set<string>();
  for (let day = period.from; day <= period.to; day = plusDays(day, 1)) {
    const label = dateGroup === "week" ? monday(day) : `${day.slice(0, 7)}-01`;
    buckets.add(comparedBucket(label, period, before, dateGroup, mode));
  }
  return buckets.has(bucket);
}

test("a comparison costs one /stats request more than the query alone, and a second call none", async () => {
  const { functions, sent } = addIn();
  await functions.stats("2026-06-01", "2026-06-28", "country", "revenues,ecpm");
  expect(sent).toHaveLength(1);
  const compared = await functions.stats(
    "2026-06-01",
    "2026-06-28",
    "country",
    "revenues,ecpm",
    null,
    null,
    "compare=previous_year",
  );
  expect(sent).toHaveLength(2);
  expect(JSON.parse(sent[1]!)).toMatchObject({
    filters: { from: "2025-06-01", to: "2025-06-28" },
    groups: ["country"],
  });
  await functions.stats("2026-06-01", "2026-06-28", "country", "revenues,ecpm", null, null, "compare=previous_year");
  expect(sent).toHaveLength(2);
  expect(compared.rows[0]).toEqual([
    "Country",
    "Revenues",
    "Revenues (previous year)",
    "Revenues change",
    "Revenues change %",
    "eCPM",
    "eCPM (previous year)",
    "eCPM change",
    "eCPM change %",
  ]);
  expect(compared.dataRowCount).toBeGreaterThan(1);
});
