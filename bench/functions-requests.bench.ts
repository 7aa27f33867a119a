/**
 * HTTP requests the REPORTING formulas cost, end to end: the functions as Excel calls them
 * (src/functions with the office layer, Excel's globals stood in), the real client, and the
 * emulator over real HTTP, with fetch wrapped to count what reaches the network.
 * - 1,000 VALUE cells over one period and one dimension (country and metric vary per cell),
 *   calculated together as Excel does (target: 1 or 2 requests, not 1,000);
 * - 100 identical STATS cells calculated together (target: 1 request).
 * bench/functions.bench.ts counts the same through core alone over a fake fetch.
 */
import { startEmulator, type RunningEmulator } from "../src/emulator";
import { CUSTOM_FUNCTIONS, standInStorage, withGlobals } from "../test/support/excel-stand-ins";

const EMULATOR_OPTIONS = { days: 60, seed: 7, today: "2026-06-30" } as const;
const VALUE_CELLS = 1_000;
const STATS_CELLS = 100;
const METRICS = ["revenues", "impressions", "ecpm", "requests"];
/** An argument left out of the formula: Excel passes null. */
const OMITTED = null as unknown as unknown[][];

/**
 * The globals of Excel's shared runtime that the functions bundle reads, with one signed-in
 * profile; returns the function that puts the previous globals (fetch included) back.
 */
function standInExcel(emulator: RunningEmulator, token: string): () => void {
  const storage = new Map<string, string>([
    [
      "reporting.profiles.v1",
      JSON.stringify({
        profiles: [
          { name: "Bench", kind: "bearer", baseUrl: emulator.baseUrl, legacyBaseUrl: emulator.legacyBaseUrl, token },
        ],
        active: "Bench",
      }),
    ],
  ]);
  return withGlobals({
    CustomFunctions: { associate: () => undefined, ...CUSTOM_FUNCTIONS },
    OfficeRuntime: { storage: standInStorage(storage) },
    Office: {
      HostType: { Excel: "Excel" },
      onReady: async () => ({ host: "Excel" }),
      context: { requirements: { isSetSupported: () => true } },
    },
    // The real fetch, listed so that it comes back after countRequests wraps it.
    fetch: globalThis.fetch,
  });
}

function countRequests(origin: string): () => number {
  const realFetch = globalThis.fetch;
  let count = 0;
  globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(origin)) count++;
    return realFetch(input, init);
  };
  return () => count;
}

async function countries(emulator: RunningEmulator, token: string): Promise<string[]> {
  const response = await fetch(`${emulator.baseUrl}/countries`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as unknown;
  const list = Array.isArray(body) ? body : Object.values(body as Record<string, unknown>).find(Array.isArray);
  const codes = (list ?? []).map((item: unknown) =>
    typeof item === "string"
      ? item
      : String((item as Record<string, unknown>).code ?? (item as Record<string, unknown>).value),
  );
  if (codes.length === 0) throw new Error("the emulator lists no country");
  return codes;
}

export async function run(): Promise<void> {
  const emulator = await startEmulator(EMULATOR_OPTIONS);
  let restoreGlobals = () => {};
  try {
    const token = emulator.credentials.bearer.reduce((widest, each) =>
      each.organizations.length > widest.organizations.length ? each : widest,
    ).token;
    const codes = await countries(emulator, token);
    restoreGlobals = standInExcel(emulator, token);
    const requests = countRequests(new URL(emulator.baseUrl).origin);
    // Loaded only now: the bundle starts its runtime (profiles, cache) as soon as it loads.
    const functions = await import("../src/functions/functions");

    let started = performance.now();
    const before = requests();
    const values = await Promise.all(
      Array.from({ length: VALUE_CELLS }, (_, index) =>
        functions.value(
          METRICS[index % METRICS.length],
          "2026-06-01",
          "2026-06-29",
          [[`countries=${codes[index % codes.length]}`]],
          OMITTED,
          {},
        ),
      ),
    );
    const valueMs = performance.now() - started;
    if (values.some((value) => typeof value !== "number")) throw new Error("a VALUE cell gave no number");
    const valueRequests = requests() - before;
    console.log(
      `${VALUE_CELLS.toLocaleString("en-US")} VALUE cells (${codes.length} countries x ${METRICS.length} metrics, one period): ` +
        `${valueRequests} HTTP request(s) in ${valueMs.toFixed(0)} ms (target 1-2: ${valueRequests <= 2 ? "met" : "MISSED"})`,
    );

    started = performance.now();
    const beforeStats = requests();
    const tables = await Promise.all(
      Array.from({ length: STATS_CELLS }, () =>
        functions.stats(
          "2026-06-01",
          "2026-06-29",
          [["date"], ["country"]],
          [["revenues,ecpm"]],
          OMITTED,
          OMITTED,
          OMITTED,
          {},
        ),
      ),
    );
    const statsMs = performance.now() - started;
    const statsRequests = requests() - beforeStats;
    console.log(
      `${STATS_CELLS} identical STATS cells (${tables[0]!.length - 1} rows each): ` +
        `${statsRequests} HTTP request(s) in ${statsMs.toFixed(0)} ms (target 1: ${statsRequests === 1 ? "met" : "MISSED"})`,
    );
  } finally {
    restoreGlobals();
    await emulator.close();
  }
}
