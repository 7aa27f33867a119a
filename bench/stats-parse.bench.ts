/**
 * Cost of the client's validating read of a 100,000-row /stats answer, as a ratio to a bare
 * JSON.parse of the same text, measured in one run (interleaved rounds, medians), so that the
 * machine's speed cancels out. Target: at most 1.5x, with validation on.
 */
import { statsResponse } from "../src/api/stats-response";
import { readStatsResponse } from "../src/client/read-response";
import { ResponseValidationError } from "../src/client/errors";

const ROWS = 100_000;
const WARM_UP_ROUNDS = 3;
const ROUNDS = 10;
const TARGET_RATIO = 1.5;

const COUNTRIES = ["FR", "US", "DE", "GB", "ES", "IT", "BR", "JP", "IN", "CA"];
const FORMATS = ["interstitial", "optin_video", "overlay_thumbnail", "banner_320x50", "medium_rectangle"];

/** A deterministic answer grouped by date, asset, country and format, with all four metrics. */
export function generateStatsAnswer(rows: number): string {
  let seed = 42;
  const random = () => {
    // Park-Miller: reproducible without a dependency.
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const assets = Array.from({ length: 40 }, (_, index) => `APP-${(0x1a2b3c4d + index * 7919).toString(16).toUpperCase().slice(0, 8)}`);
  const stats = [];
  for (let index = 0; index < rows; index += 1) {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(index / 300) * 86_400_000).toISOString().slice(0, 10);
    const impressions = Math.floor(random() * 200_000);
    const requests = impressions + Math.floor(random() * 50_000);
    // Some rows earn almost nothing: the service then writes revenues like 1.2e-7.
    const revenues = index % 37 === 0 ? Number(`${(1 + Math.floor(random() * 9)) / 10 + 1}e-7`) : Math.round(random() * 500_000) / 100;
    stats.push({
      group: {
        date: day,
        asset: assets[index % assets.length],
        // The service may not attribute a country: null.
        country: index % 211 === 0 ? null : COUNTRIES[index % COUNTRIES.length],
        format: FORMATS[index % FORMATS.length],
      },
      metrics: { impressions, revenues, requests, ecpm: impressions === 0 ? 0 : Math.round((revenues / impressions) * 1e5) / 100 },
    });
  }
  const params = {
    filters: { from: "2024-01-01", to: "2024-12-31", organizations: ["0f8fad5b-d9cb-469f-a165-70867728950e"] },
    metrics: ["impressions", "revenues", "requests", "ecpm"],
    groups: ["date", "asset", "country", "format"],
  };
  return JSON.stringify({ params, stats, total: rows });
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

/** Proof that the timed path validates: the same answer with one wrong value must be refused. */
function assertValidationIsOn(text: string): void {
  const at = text.lastIndexOf('"revenues":') + '"revenues":'.length;
  const end = text.indexOf(",", at);
  const broken = `${text.slice(0, at)}"${text.slice(at, end)}"${text.slice(end)}`;
  try {
    readStatsResponse(broken);
  } catch (error) {
    if (error instanceof ResponseValidationError && /stats\[\d+\]\.metrics\.revenues/.test(error.message)) return;
    throw error;
  }
  throw new Error("readStatsResponse accepted a text revenue: validation is off");
}

export async function run(): Promise<void> {
  const text = generateStatsAnswer(ROWS);
  assertValidationIsOn(text);
  const bare: number[] = [];
  const client: number[] = [];
  const zodOnly: number[] = [];
  const paths: [number[], () => unknown][] = [
    [bare, () => JSON.parse(text)],
    [client, () => readStatsResponse(text)],
    [zodOnly, () => statsResponse.parse(JSON.parse(text))],
  ];
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round += 1) {
    // Rotate the order each round so that no path always runs right after a costly one (GC debt).
    for (let step = 0; step < paths.length; step += 1) {
      const [samples, work] = paths[(round + step) % paths.length]!;
      const elapsed = timeMs(work);
      if (round >= WARM_UP_ROUNDS) samples.push(elapsed);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const bareMs = median(bare);
  const clientMs = median(client);
  const zodMs = median(zodOnly);
  const ratio = clientMs / bareMs;
  console.log(`stats-parse: ${ROWS.toLocaleString("en-US")} rows, ${(text.length / 1e6).toFixed(1)} MB, median of ${ROUNDS} interleaved rounds`);
  console.log(`  JSON.parse alone                 ${bareMs.toFixed(1)} ms`);
  console.log(`  client read (parse + validate)   ${clientMs.toFixed(1)} ms   ratio ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x) ${ratio <= TARGET_RATIO ? "OK" : "OVER TARGET"}`);
  console.log(`  for reference: zod parse alone   ${zodMs.toFixed(1)} ms   ratio ${(zodMs / bareMs).toFixed(2)}x`);
}
