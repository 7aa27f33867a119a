/**
 * Cost of the emulator's HTTP layer: typical /stats queries sent over HTTP (validation,
 * credential and limit checks, JSON out, JSON parsed by the caller) as a ratio to the same
 * queries asked of the store directly, in one run (interleaved rounds in alternating order,
 * medians), at the default data size and at about 5 million fact rows. Also the time to start
 * the emulator at each size. The store's own benchmark gives the store-to-SQL ratio.
 */
import { SERVICE_LIMITS, type StatsRequest } from "../src/api";
import { startEmulator, type RunningEmulator } from "../src/emulator";
import { statsOverHttp } from "./support/stats-over-http";
import { interleavedMedians, timeMs } from "./support/timing";
import { widestBearer } from "./support/widest-bearer";

const WARM_UP_ROUNDS = 2;
const ROUNDS = 15;
const TODAY = "2026-06-30";
const SEED = 1;
/** `scale` 4 holds about 5.5 million fact rows over the default two years. */
const SIZES = [
  { name: "default size", scale: undefined },
  { name: "about 5 million rows", scale: 4 },
];

/** Queries the add-in sends most: a total, a daily series, a daily breakdown, a country ranking, a monthly page. */
const QUERIES: { name: string; request: StatsRequest }[] = [
  { name: "overall, 30 days", request: { filters: { from: "2026-05-31", to: "2026-06-29" } } },
  { name: "by day, 90 days", request: { filters: { from: "2026-04-01", to: "2026-06-29" }, groups: ["date"] } },
  {
    name: "by day and asset, 30 days, date desc",
    request: {
      filters: { from: "2026-05-31", to: "2026-06-29" },
      groups: ["date", "asset"],
      orders: ["date:desc", "asset"],
      limit: 1_000,
    },
  },
  {
    name: "by country and format, 365 days, revenues desc",
    request: {
      filters: { from: "2025-06-30", to: "2026-06-29" },
      groups: ["country", "format"],
      orders: ["revenues:desc"],
      limit: 500,
    },
  },
  {
    name: "by month, asset, country, 2 years, a page of 5000",
    request: {
      filters: { from: "2024-07-01", to: "2026-06-29" },
      groups: ["date", "asset", "country"],
      date_group: "month",
      limit: 5_000,
    },
  },
];

function directly(emulator: RunningEmulator, organizations: string[], request: StatsRequest): Promise<unknown> {
  return emulator.store.stats({
    ...request,
    filters: { ...request.filters, organizations },
    limit: request.limit ?? SERVICE_LIMITS.maxLimit,
  });
}

async function timeQueries(emulator: RunningEmulator): Promise<void> {
  const credential = widestBearer(emulator.credentials);
  console.log("query | store ms | http ms | ratio");
  for (const { name, request } of QUERIES) {
    const medians = await interleavedMedians(
      {
        http: () => statsOverHttp(emulator.baseUrl, credential.token, request),
        store: () => directly(emulator, credential.organizations, request),
      },
      { warmUp: WARM_UP_ROUNDS, measured: ROUNDS },
    );
    const ratio = medians.http / medians.store;
    console.log(`${name} | ${medians.store.toFixed(1)} | ${medians.http.toFixed(1)} | ${ratio.toFixed(2)}x`);
  }
}

export async function run(): Promise<void> {
  for (const size of SIZES) {
    const options = { today: TODAY, seed: SEED, ...(size.scale === undefined ? {} : { scale: size.scale }) };
    let emulator: RunningEmulator | undefined;
    const startMs = await timeMs(async () => (emulator = await startEmulator(options)));
    try {
      const factRows = (emulator!.store as { factRows?: number }).factRows;
      console.log(`\n${size.name}: ${factRows ?? "?"} fact rows, started in ${startMs.toFixed(0)} ms`);
      await timeQueries(emulator!);
    } finally {
      await emulator!.close();
    }
  }
}
