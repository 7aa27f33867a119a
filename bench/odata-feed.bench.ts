/**
 * Cost of the OData feed: one feed page (GET /odata/Stats with $select and $filter, through the
 * production host as its own process) against the same /stats page sent straight to the
 * emulator, under a fixed concurrent load, in one run (interleaved rounds, medians), as
 * host-proxy.bench.ts measures the proxy. Both legs are plain HTTP on loopback and read the
 * answer whole; the feed's leg adds the host's reading of the query, the client's checks of the
 * service's answer and the OData JSON it writes.
 */
import type { StatsRequest } from "../src/api";
import { startEmulator } from "../src/emulator";
import { startHostProcess } from "../test/support/host-process";
import { processCpuMs } from "./support/process-cpu";
import { statsOverHttp } from "./support/stats-over-http";
import { interleavedMedians } from "./support/timing";
import { widestBearer } from "./support/widest-bearer";

const CONCURRENCY = 8;
const REQUESTS_PER_WORKER = 4;
const ROUNDS = { warmUp: 3, measured: 15 };
const TARGET = 0.8;
const FROM = "2026-05-31";
const TO = "2026-06-29";
/** A daily series by country: the shape a Power Query model loads most. */
const FEED_QUERY = `$select=date,country,impressions,revenues&$filter=${encodeURIComponent(`date ge ${FROM} and date le ${TO}`)}`;
/** The request the feed sends for that page (src/core/odata/stats-query.ts), sent straight to the service. */
const SAME_PAGE: StatsRequest = {
  filters: { from: FROM, to: TO },
  groups: ["date", "country"],
  metrics: ["impressions", "revenues"],
  orders: ["date", "country"],
  offset: 0,
  limit: 5_000,
};

async function feedPage(url: string, token: string): Promise<number> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
  if (response.status !== 200)
    throw new Error(`the feed answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return ((await response.json()) as { value: unknown[] }).value.length;
}

async function loadRound(work: () => Promise<unknown>): Promise<void> {
  const worker = async () => {
    for (let sent = 0; sent < REQUESTS_PER_WORKER; sent++) await work();
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

export async function run(): Promise<void> {
  const emulator = await startEmulator({ today: "2026-06-30", seed: 1, allowedOrigins: [] });
  const host = await startHostProcess(emulator.baseUrl);
  try {
    const { token } = widestBearer(emulator.credentials);
    const feedUrl = `${host.url}/odata/Stats?${FEED_QUERY}`;
    const rows = await feedPage(feedUrl, token);
    const direct = ((await statsOverHttp(emulator.baseUrl, token, SAME_PAGE)) as { stats: unknown[] }).stats.length;
    if (rows !== direct) throw new Error(`the feed page holds ${rows} rows, the /stats page ${direct}`);
    let feedPages = 0;
    const hostCpuBefore = processCpuMs(host.pid);
    const medians = await interleavedMedians(
      {
        direct: () => loadRound(() => statsOverHttp(emulator.baseUrl, token, SAME_PAGE)),
        feed: () =>
          loadRound(() => {
            feedPages += 1;
            return feedPage(feedUrl, token);
          }),
      },
      ROUNDS,
    );
    const hostCpuAfter = processCpuMs(host.pid);
    const requests = CONCURRENCY * REQUESTS_PER_WORKER;
    const rps = { direct: (requests / medians.direct) * 1000, feed: (requests / medians.feed) * 1000 };
    console.log(
      `${CONCURRENCY} concurrent pages of ${rows} rows (date x country, 30 days), ${requests} requests a round, ${ROUNDS.measured} rounds`,
    );
    console.log(`/stats page straight from the emulator | ${rps.direct.toFixed(0)} pages/s`);
    console.log(`OData feed page through the host       | ${rps.feed.toFixed(0)} pages/s`);
    const ratio = rps.feed / rps.direct;
    console.log(
      `OData feed: ${ratio.toFixed(2)}x the throughput of the same /stats page (target ≥ ${TARGET}x: ${ratio >= TARGET ? "met" : "NOT met"})`,
    );
    // The ratio depends on how the machine's cores are shared (the feed's leg runs in two
    // processes, the direct one in one); the host's own CPU per page does not, so it is printed
    // too, to compare changes of the feed between runs on a busy machine.
    if (hostCpuBefore !== undefined && hostCpuAfter !== undefined)
      console.log(`host CPU per feed page: ${((hostCpuAfter - hostCpuBefore) / feedPages).toFixed(1)} ms`);
  } finally {
    await host.stop();
    await emulator.close();
  }
}
