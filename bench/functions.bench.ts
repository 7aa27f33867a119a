/**
 * The REPORTING functions' own costs, measured in one run so that the machine's speed cancels out:
 * - a 100,000-row /stats answer read (JSON.parse + validation, the client's reader) and turned into
 *   spill rows, as a ratio to a bare JSON.parse of the same text (interleaved rounds, medians;
 *   target at most 2x);
 * - how many HTTP requests 1,000 VALUE cells over one period and one dimension, and 100 identical
 *   STATS calls, cost through the real client over a counting fake fetch.
 */
import type { StatsRequest } from "../src/api";
import { readStatsResponse } from "../src/client/read-response";
import { ReportingClient } from "../src/client/reporting-client";
import type { FetchLike } from "../src/client/transport";
import { createReportingFunctions } from "../src/core/reporting-functions";
import { statsRows } from "../src/core/rows/stats-rows";

const ROWS = 100_000;
const WARM_UP_ROUNDS = 3;
const ROUNDS = 10;
const TARGET_RATIO = 2;

const COUNTRIES = ["FR", "US", "DE", "GB", "ES", "IT", "BR", "JP", "IN", "CA"];
const FORMATS = ["interstitial", "optin_video", "overlay_thumbnail", "banner_320x50", "medium_rectangle"];
const REQUEST: StatsRequest = {
  filters: { from: "2024-01-01", to: "2024-12-31" },
  groups: ["date", "asset", "country", "format"],
  metrics: ["impressions", "revenues", "requests", "ecpm"],
};

/** A deterministic answer grouped by date, asset, country and format (about 330 dates, so dates repeat as in real answers). */
function statsAnswerText(rows: number): string {
  let seed = 7;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const stats = [];
  for (let index = 0; index < rows; index++) {
    const impressions = Math.floor(random() * 200_000);
    const revenues = index % 37 === 0 ? 1.2e-7 : Math.round(random() * 500_000) / 100;
    stats.push({
      group: {
        date: new Date(Date.UTC(2024, 0, 1) + Math.floor(index / 300) * 86_400_000).toISOString().slice(0, 10),
        asset: `APP-${(0x1a2b3c4d + (index % 40) * 7919).toString(16).toUpperCase().slice(0, 8)}`,
        country: index % 211 === 0 ? null : COUNTRIES[index % COUNTRIES.length],
        format: FORMATS[index % FORMATS.length],
      },
      metrics: { impressions, revenues, requests: impressions + 10, ecpm: impressions === 0 ? 0 : (revenues / impressions) * 1000 },
    });
  }
  return JSON.stringify({ params: REQUEST, stats, total: rows });
}

function timeMs(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function measureRows(): void {
  const text = statsAnswerText(ROWS);
  const bare: number[] = [];
  const readOnly: number[] = [];
  const full: number[] = [];
  let rowCount = 0;
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
    const parse = timeMs(() => JSON.parse(text));
    const read = timeMs(() => readStatsResponse(text));
    const rows = timeMs(() => {
      rowCount = statsRows(readStatsResponse(text).stats, REQUEST, "readable").rows.length;
    });
    if (round >= WARM_UP_ROUNDS) {
      bare.push(parse);
      readOnly.push(read);
      full.push(rows);
    }
  }
  if (rowCount !== ROWS + 1) throw new Error(`expected ${ROWS + 1} rows, got ${rowCount}`);
  const ratio = median(full) / median(bare);
  console.log(`answer: ${ROWS.toLocaleString("en-US")} rows, ${(text.length / 1e6).toFixed(1)} MB of JSON`);
  console.log(`JSON.parse                          median ${median(bare).toFixed(1)} ms`);
  console.log(`parse + validate                    median ${median(readOnly).toFixed(1)} ms  (${(median(readOnly) / median(bare)).toFixed(2)}x)`);
  console.log(`parse + validate + spill rows       median ${median(full).toFixed(1)} ms  (${ratio.toFixed(2)}x JSON.parse, target <= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? "met" : "MISSED"})`);
}

/** A /stats stand-in answering from the request: one entry per requested country (or totals), paged by offset/limit. */
function countingFetch(): { fetch: FetchLike; count: () => number } {
  let requests = 0;
  const fetch: FetchLike = async (_url, init) => {
    requests++;
    const request = JSON.parse(init.body ?? "{}") as StatsRequest;
    const countries = request.filters.countries ?? COUNTRIES;
    const all = request.groups?.includes("country")
      ? countries.map((country, index) => ({ group: { country }, metrics: { impressions: 1000, revenues: index + 1, requests: 1100 } }))
      : [{ group: {}, metrics: { impressions: 1000 * countries.length, revenues: 55, requests: 1100 * countries.length } }];
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
  const client = new ReportingClient({ baseUrl: "https://reporting.invalid", token: "bench-token", transport: { fetch: counter.fetch } });
  const functions = createReportingFunctions({ connect: () => ({ key: "bench", bearer: client }), today: () => "2025-05-15" });
  const values = await Promise.all(
    Array.from({ length: 1000 }, (_, index) => functions.value("revenues", "2025-01-01", "2025-01-31", `countries=${COUNTRIES[index % COUNTRIES.length]}`)),
  );
  if (values.some((value) => typeof value !== "number")) throw new Error("a VALUE call gave no number");
  console.log(`1,000 VALUE cells over one period and one dimension: ${counter.count()} HTTP request(s)`);
  const before = counter.count();
  functions.clearCache();
  await Promise.all(Array.from({ length: 100 }, () => functions.stats("LAST_MONTH", null, "country", "revenues")));
  console.log(`100 identical STATS calls: ${counter.count() - before} HTTP request(s)`);
}

export async function run(): Promise<void> {
  measureRows();
  await measureRequests();
}
