// The client-limits table of `npm run report:reliability` (issue 17, section 4: C1, C2, C4, C5):
// the scenarios of test/integration/faults/client-limits.test.ts on the hostile server, with the
// heap the client grew by while it settled each (C1's figure).
import { startHostileServer } from "../../test/integration/faults/support/hostile-server";
import { answerWellWithLists, CLIENT_LIMIT_SCENARIOS } from "../../test/integration/faults/support/client-limit-scenarios";
import { runScenario } from "../../test/integration/faults/support/scenarios";

export type ClientLimitRow = {
  scenario: string;
  requests: number;
  settledMs: number;
  "heap growth": string;
  outcome: string;
  message: string;
};

/** Peak heap above the start while `work` runs, sampled every few milliseconds. */
async function peakHeapGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthBytes: number }> {
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = () => void (peak = Math.max(peak, process.memoryUsage().heapUsed));
  const timer = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, growthBytes: peak - before };
  } finally {
    clearInterval(timer);
  }
}

export async function clientLimitTable(): Promise<ClientLimitRow[]> {
  const server = await startHostileServer(answerWellWithLists);
  try {
    const rows: ClientLimitRow[] = [];
    for (const scenario of CLIENT_LIMIT_SCENARIOS) {
      const { result, growthBytes } = await peakHeapGrowth(() => runScenario(server, scenario));
      rows.push({
        scenario: result.scenario,
        requests: result.requests,
        settledMs: result.settledMs,
        "heap growth": `${(Math.max(0, growthBytes) / 1_000_000).toFixed(1)} MB`,
        outcome: result.problems.length === 0 ? result.outcome : `${result.outcome} — UNEXPECTED: ${result.problems.join("; ")}`,
        message: result.message,
      });
    }
    return rows;
  } finally {
    await server.close();
  }
}
