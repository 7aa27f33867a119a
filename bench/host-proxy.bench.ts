/**
 * Cost of the production host's proxy: a fixed concurrent /stats load (16 requests in flight)
 * sent through the host's /service/bearer to the emulator, as a ratio to the same load sent
 * straight to the emulator, in one run (interleaved rounds in alternating order, medians).
 * Throughput is requests per second of the median round; p50 and p99 are each round's
 * percentiles of its requests' latencies, median over the measured rounds (as the times are), so
 * that a round another process disturbed does not decide the figure. Both legs are plain HTTP on loopback (the host as behind a load balancer
 * that terminates TLS): the ratio is the proxy's cost, not TLS's. The host runs as its own
 * process, as deployed, so that it does not share an event loop with the emulator and the client.
 */
import type { StatsRequest } from "../src/api";
import { startEmulator } from "../src/emulator";
import { percentile, startHostProcess } from "../test/support/host-process";
import { statsOverHttp } from "./support/stats-over-http";
import { interleavedMedians, median } from "./support/timing";
import { widestBearer } from "./support/widest-bearer";

const CONCURRENCY = 16;
const REQUESTS_PER_WORKER = 8;
const ROUNDS = { warmUp: 3, measured: 21 };
const TARGETS = { throughput: 0.8, p99: 1.3 };
/** A daily series, the query formulas and previews send most. */
const REQUEST: StatsRequest = { filters: { from: "2026-05-31", to: "2026-06-29" }, groups: ["date"] };

interface RoundLatencies {
  p50: number[];
  p99: number[];
}

/**
 * One round: CONCURRENCY workers, each sending REQUESTS_PER_WORKER requests one after another;
 * the round's latency percentiles go to `rounds` (undefined for a warm-up round).
 */
async function loadRound(baseUrl: string, token: string, rounds: RoundLatencies | undefined): Promise<void> {
  const latencies: number[] = [];
  const worker = async () => {
    for (let sent = 0; sent < REQUESTS_PER_WORKER; sent++) {
      const started = performance.now();
      await statsOverHttp(baseUrl, token, REQUEST);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  rounds?.p50.push(percentile(latencies, 0.5));
  rounds?.p99.push(percentile(latencies, 0.99));
}

export async function run(): Promise<void> {
  const emulator = await startEmulator({ today: "2026-06-30", seed: 1, allowedOrigins: [] });
  const host = await startHostProcess(emulator.baseUrl);
  try {
    const { token } = widestBearer(emulator.credentials);
    const latencies: Record<"direct" | "host", RoundLatencies> = {
      direct: { p50: [], p99: [] },
      host: { p50: [], p99: [] },
    };
    const calls = { direct: 0, host: 0 };
    const leg = (name: "direct" | "host", baseUrl: string) => () =>
      loadRound(baseUrl, token, calls[name]++ < ROUNDS.warmUp ? undefined : latencies[name]);
    const medians = await interleavedMedians(
      { direct: leg("direct", emulator.baseUrl), host: leg("host", `${host.url}/service/bearer`) },
      ROUNDS,
    );

    const requests = CONCURRENCY * REQUESTS_PER_WORKER;
    const rps = { direct: (requests / medians.direct) * 1000, host: (requests / medians.host) * 1000 };
    const p50 = { direct: median(latencies.direct.p50), host: median(latencies.host.p50) };
    const p99 = { direct: median(latencies.direct.p99), host: median(latencies.host.p99) };
    console.log(
      `${CONCURRENCY} concurrent POST /stats (daily series, 30 rows), ${requests} requests a round, ${ROUNDS.measured} rounds`,
    );
    console.log("leg | requests/s | p50 ms | p99 ms");
    for (const name of ["direct", "host"] as const) {
      console.log(
        `${name === "direct" ? "straight to the emulator" : "through the host's proxy"} | ${rps[name].toFixed(0)} | ${p50[name].toFixed(2)} | ${p99[name].toFixed(2)}`,
      );
    }
    const throughputRatio = rps.host / rps.direct;
    const p99Ratio = p99.host / p99.direct;
    const met = throughputRatio >= TARGETS.throughput && p99Ratio <= TARGETS.p99;
    console.log(
      `host proxy: ${throughputRatio.toFixed(2)}x throughput, p50 ${(p50.host / p50.direct).toFixed(2)}x, p99 ${p99Ratio.toFixed(2)}x direct ` +
        `(targets ≥ ${TARGETS.throughput}x, ≤ ${TARGETS.p99}x: ${met ? "met" : "NOT met"})`,
    );
  } finally {
    await host.stop();
    await emulator.close();
  }
}
