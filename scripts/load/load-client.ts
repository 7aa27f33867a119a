// The second process of the load figures (scripts/load/run-load.ts starts it): `concurrency`
// workers send mixed /stats, CSV and Excel requests for `seconds`, each reading every answer
// whole, and the process prints one JSON line (a LoadResult) at the end. A worker that gets the
// documented 429 waits its Retry-After (within the time left), as a polite client does.
import { performance } from "node:perf_hooks";
import { STATS_ROUTES } from "../../src/api/routes";

export interface LoadTarget {
  /** Names the target in the result: `service`, `rate-limited`... */
  name: string;
  /** A bearer interface's base URL (the emulator's, or a proxy's). */
  baseUrl: string;
  token: string;
  /** Workers sending to this target. */
  workers: number;
}

export interface LoadPlan {
  targets: LoadTarget[];
  /** Seconds of load before the measured ones (connections, caches, JIT), not counted. */
  warmUpSeconds: number;
  seconds: number;
}

/** Printed alone on a line when the measured seconds start, so the other process can mark its samples. */
export const MEASURING = "measuring";

export type Kind = "json" | "csv" | "xlsx";

export interface TargetResult {
  name: string;
  requests: number;
  /** Answers by HTTP status; 0 counts requests that got no answer at all. */
  statuses: Record<string, number>;
  byKind: Record<Kind, number>;
  /** 429 answers that did not say how long to wait. */
  withoutRetryAfter: number;
  /** Milliseconds of each request answered 200, to the last byte. */
  latencies: number[];
  bytes: number;
}

export interface LoadResult {
  /** The measured seconds. */
  seconds: number;
  /** Requests started in the measured seconds. */
  targets: TargetResult[];
  /** Requests started during the warm-up, per target. */
  warmUp: TargetResult[];
  warmUpSeconds: number;
}

/** Queries the add-in sends most: daily series, a month by country, a week's export by format and country. */
const MIX: { kind: Kind; body: unknown }[] = [
  { kind: "json", body: { filters: { from: "2026-05-31", to: "2026-06-29" }, groups: ["date"] } },
  {
    kind: "json",
    body: {
      filters: { from: "2026-06-01", to: "2026-06-28" },
      groups: ["country"],
      metrics: ["revenues", "impressions", "ecpm"],
      orders: ["revenues:desc"],
    },
  },
  {
    kind: "json",
    body: {
      filters: { from: "2026-06-15", to: "2026-06-21", formats: ["interstitial", "optin_video"] },
      groups: ["date", "asset"],
      limit: 500,
    },
  },
  { kind: "csv", body: { filters: { from: "2026-06-22", to: "2026-06-28" }, groups: ["date", "country", "format"] } },
  { kind: "json", body: { filters: { from: "2026-04-01", to: "2026-06-29" }, groups: ["date"], date_group: "week" } },
  { kind: "xlsx", body: { filters: { from: "2026-06-22", to: "2026-06-28" }, groups: ["date", "format"] } },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function worker(target: LoadTarget, counted: () => TargetResult, first: number, until: number): Promise<void> {
  for (let turn = first; performance.now() < until; turn++) {
    const { kind, body } = MIX[turn % MIX.length]!;
    const started = performance.now();
    const result = counted();
    result.requests += 1;
    result.byKind[kind] += 1;
    try {
      const response = await fetch(target.baseUrl + STATS_ROUTES[kind], {
        method: "POST",
        headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const bytes = (await response.arrayBuffer()).byteLength;
      result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
      if (response.status === 200) {
        result.latencies.push(performance.now() - started);
        result.bytes += bytes;
      } else if (response.status === 429) {
        const wait = Number(response.headers.get("retry-after"));
        if (!Number.isFinite(wait) || wait <= 0) result.withoutRetryAfter += 1;
        await sleep(Math.max(0, Math.min((Number.isFinite(wait) ? wait : 1) * 1000, until - performance.now())));
      }
    } catch {
      result.statuses["0"] = (result.statuses["0"] ?? 0) + 1;
    }
  }
}

export async function runLoadPlan(plan: LoadPlan, onMeasuring: () => void = () => undefined): Promise<LoadResult> {
  const empty = (target: LoadTarget): TargetResult => ({
    name: target.name,
    requests: 0,
    statuses: {},
    byKind: { json: 0, csv: 0, xlsx: 0 },
    withoutRetryAfter: 0,
    latencies: [],
    bytes: 0,
  });
  const warmUp = plan.targets.map(empty);
  const targets = plan.targets.map(empty);
  const measuredFrom = performance.now() + plan.warmUpSeconds * 1000;
  const until = measuredFrom + plan.seconds * 1000;
  // A request counts where it starts: warm-up requests still in flight do not count as measured.
  let measuring = false;
  const marker = setTimeout(() => {
    measuring = true;
    onMeasuring();
  }, plan.warmUpSeconds * 1000);
  await Promise.all(
    plan.targets.flatMap((target, index) =>
      Array.from({ length: target.workers }, (_, number) =>
        worker(target, () => (measuring ? targets[index]! : warmUp[index]!), number, until),
      ),
    ),
  );
  clearTimeout(marker);
  return { seconds: (performance.now() - measuredFrom) / 1000, targets, warmUp, warmUpSeconds: plan.warmUpSeconds };
}

if (require.main === module) {
  const plan = JSON.parse(process.argv[2] ?? "{}") as LoadPlan;
  runLoadPlan(plan, () => console.log(MEASURING)).then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
