/**
 * The REPORTING functions' own costs, measured in one run so that the machine's speed cancels out:
 * - a 100,000-row /stats answer read (JSON.parse + validation, the client's reader) and turned into
 *   spill rows, as a ratio to a bare JSON.parse of the same text (interleaved rounds in rotating
 *   order, medians; target at most 2x);
 * - how many HTTP requests 1,000 VALUE cells over one period and one dimension, and 100 identical
 *   STATS calls, cost through the real client over a counting fake fetch.
 */
import type { StatsRequest } from "../src/api";
import { readStatsResponse } from "../src/client/read-response";
import { ReportingClient } from "../src/client/reporting-client";
import type { FetchLike } from "../src/client/transport";
import { createReportingFunctions } from "../src/core/reporting-functions";
import { statsRows } from "../src/core/rows/stats-rows";
import { generateStatsAnswer, STATS_ANSWER_REQUEST } from "./support/stats-answer";
import { interleavedMedians } from "./support/timing";

const ROWS = 100_000;
const WARM_UP_ROUNDS = 3;
const ROUNDS = 10;
const TARGET_RATIO = 2;

const COUNTRIES = ["FR", "US", "DE", "GB", "ES", "IT", "BR", "JP", "IN", "CA"];

async function measureRows(): Promise<void> {
  const text = generateStatsAnswer(ROWS);
  let rowCount = 0;
  const medians = await interleavedMedians(
    {
      bare: () => JSON.parse(text),
      readOnly: () => readStatsResponse(text),
      full: () => {
        rowCount = statsRows(readStatsResponse(text).stats, STATS_ANSWER_REQUEST, "readable").rows.length;
      },
    },
    { warmUp: WARM_UP_ROUNDS, measured: ROUNDS },
  );
  if (rowCount !== ROWS + 1) throw new Error(`expected ${ROWS + 1} rows, got ${rowCount}`);
  const ratio = medians.full / medians.bare;
  console.log(`answer: ${ROWS.toLocaleString("en-US")} rows, ${(text.length / 1e6).toFixed(1)} MB of JSON`);
  console.log(`JSON.parse                          median ${medians.bare.toFixed(1)} ms`);
  console.log(
    `parse + validate                    median ${medians.readOnly.toFixed(1)} ms  (${(medians.readOnly / medians.bare).toFixed(2)}x)`,
  );
  console.log(
    `parse + validate + spill rows       median ${medians.full.toFixed(1)} ms  (${ratio.toFixed(2)}x JSON.parse, target <= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? "met" : "MISSED"})`,
  );
}

/** A /stats stand-in answering from the request: one entry per requested country (or totals), paged by offset/limit. */
function countingFetch(): { fetch: FetchLike; count: () => number } {
  let requests = 0;
  const fetch: FetchLike = async (_url, init) => {
    requests++;
    const request = JSON.parse(init.body ?? "{}") as StatsRequest;
    const countries = request.filters.countries ?? COUNTRIES;
    const all = request.groups?.includes("country")
      ? countries.map((country, index) => ({
          group: { country },
          metrics: { impressions: 1000, revenues: index + 1, requests: 1100 },
        }))
      : [
          {
            group: {},
            metrics: { impressions: 1000 * countries.length, revenues: 55, requests: 1100 * countries.length },
          },
        ];
    const offset = request.offset ?? 0;
    const page = all.slice(offset, offset + (request.limit ?? all.length));
    const body = JSON.stringify({ stats: page, total: all.length });
    return {
      status: 200,
      headers: { get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : null) },
      text: async () => body,
      arrayBuffer: async () => new TextEncoder().encode(body).buffer,
    };
  };
  return { fetch, count: () => requests };
}

async function measureRequests(): Promise<void> {
  const counter = countingFetch();
  const client = new ReportingClient({
    baseUrl: "https://reporting.invalid",
    token: "bench-token",
    transport: { fetch: counter.fetch },
  });
  const functions = createReportingFunctions({
    connect: () => ({ key: "bench", bearer: client }),
    today: () => "2025-05-15",
  });
  const values = await Promise.all(
    Array.from({ length: 1000 }, (_, index) =>
      functions.value("revenues", "2025-01-01", "2025-01-31", `countries=${COUNTRIES[index % COUNTRIES.length]}`),
    ),
  );
  if (values.some((value) => typeof value !== "number")) throw new Error("a VALUE call gave no number");
  console.log(`1,000 VALUE cells over one period and one dimension: ${counter.count()} HTTP request(s)`);
  const before = counter.count();
  functions.clearCache();
  await Promise.all(Array.from({ length: 100 }, () => functions.stats("LAST_MONTH", null, "country", "revenues")));
  console.log(`100 identical STATS calls: ${counter.count() - before} HTTP request(s)`);
}

export async function run(): Promise<void> {
  await measureRows();
  await measureRequests();
}
