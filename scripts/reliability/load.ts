// Load figures for `npm run report:reliability`: the emulator under 10 seconds of mixed /stats, CSV
// and Excel requests from a second process (scripts/load), its memory before, during and after,
// and the same load through the production host's proxy as a ratio, when the host starts.
import { runLoad, type LegFigures } from "../load/run-load";

export type LoadRow = {
  leg: string;
  concurrency: number;
  requests: number;
  "requests/s": string;
  "p50 ms": string;
  "p99 ms": string;
  statuses: string;
  unexpected: number;
  memory: string;
  "vs direct": string;
  /** "yes" when every answer was 200 or the documented 429 (with Retry-After) and memory levelled off. */
  ok: string;
};

const LOAD_SECONDS = 10;
const CONCURRENCY = 24;

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-");
const statuses = (figures: LegFigures) =>
  Object.entries(figures.statuses)
    .map(([status, count]) => `${status === "0" ? "no answer" : status}: ${count}`)
    .join(", ");

function row(figures: LegFigures, memory: string, versus: string, ok = figures.unexpected === 0): LoadRow {
  return {
    leg: figures.leg,
    concurrency: figures.concurrency,
    requests: figures.requests,
    "requests/s": fixed(figures.requestsPerSecond),
    "p50 ms": fixed(figures.p50Ms),
    "p99 ms": fixed(figures.p99Ms),
    statuses: statuses(figures),
    unexpected: figures.unexpected,
    memory,
    "vs direct": versus,
    ok: ok ? "yes" : "NO",
  };
}

export async function loadFigures(): Promise<LoadRow[]> {
  const report = await runLoad({ seconds: LOAD_SECONDS, concurrency: CONCURRENCY, host: true });
  const { memory } = report;
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const rows = [
    row(
      report.direct,
      `RSS ${mb(memory.rssBeforeMb)} before, peaks by third ${memory.rssThirdsMb.map(mb).join(" / ")}, ${mb(memory.rssAfterMb)} after; heap ${mb(memory.heapBeforeMb)} → ${mb(memory.heapAfterMb)}; ${memory.levelsOff ? "levels off" : "DOES NOT LEVEL OFF"}`,
      "",
      report.direct.unexpected === 0 && memory.levelsOff,
    ),
    row(report.rateLimited, "", ""),
  ];
  if ("unavailable" in report.host) {
    rows.push({
      leg: `host: not available (${report.host.unavailable})`,
      concurrency: 0,
      requests: 0,
      "requests/s": "-",
      "p50 ms": "-",
      "p99 ms": "-",
      statuses: "",
      unexpected: 0,
      memory: "",
      "vs direct": "-",
      ok: "-",
    });
  } else {
    const host = report.host;
    const ratio = `${fixed(host.requestsPerSecond / report.direct.requestsPerSecond, 2)}x throughput, p50 ${fixed(host.p50Ms / report.direct.p50Ms, 2)}x, p99 ${fixed(host.p99Ms / report.direct.p99Ms, 2)}x`;
    rows.push(row(host, "", ratio));
  }
  return rows;
}
