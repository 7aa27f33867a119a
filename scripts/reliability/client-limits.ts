// The client- and emulator-limits tables of `npm run report:reliability` (issue 17, section 4):
// the scenarios of test/integration/faults/client-limits.test.ts on the hostile server, with the
// heap the client grew by while it settled each (C1's figure), and the emulator's measures of
// test/integration/faults/emulator-limits.test.ts (E1's figures, E2's answers).
import { performance } from "node:perf_hooks";
import { startEmulator } from "../../src/emulator";
import { startHostileServer } from "../../test/integration/faults/support/hostile-server";
import {
  answerWellWithLists,
  CLIENT_LIMIT_SCENARIOS,
} from "../../test/integration/faults/support/client-limit-scenarios";
import {
  E1_EXPORT,
  E1_OVER_LIMIT_BODY,
  measureXlsxExport,
  sendDeclaredBody,
} from "../../test/integration/faults/support/emulator-limits";
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
        outcome:
          result.problems.length === 0
            ? result.outcome
            : `${result.outcome} — UNEXPECTED: ${result.problems.join("; ")}`,
        message: result.message,
      });
    }
    return rows;
  } finally {
    await server.close();
  }
}

export type EmulatorLimitRow = {
  what: string;
  "first byte ms": string;
  "total ms": string;
  "RSS growth": string;
  outcome: string;
};

const ms = (value: number) => String(Math.round(value));

/** E2 and E1 of test/integration/faults/emulator-limits.test.ts, with their figures. */
export async function emulatorLimitTable(): Promise<EmulatorLimitRow[]> {
  const emulator = await startEmulator(E1_EXPORT.emulator);
  try {
    const token = emulator.credentials.bearer[0]!.token;
    const figures = await measureXlsxExport(emulator, token, E1_EXPORT.body);
    const streamed =
      figures.status === 200 && figures.contentLength === null && figures.firstByteMs < figures.totalMs * 0.5;
    const withinMemory = figures.rssGrowthBytes < E1_EXPORT.maxRssGrowthBytes;
    const oversized = [];
    for (const declared of [17_000_000, 1_000_000_000]) {
      const started = performance.now();
      const answer = await sendDeclaredBody(emulator, token, declared);
      const refused =
        answer.statusLine === "HTTP/1.1 413 Payload Too Large" && answer.body.includes('"body_too_large"');
      oversized.push({
        what: `E2: body declared as ${(declared / 1_000_000).toLocaleString("en-US")} MB, ${Math.round(answer.sent / 1_000).toLocaleString("en-US")} KB of it sent before the answer`,
        "first byte ms": "",
        "total ms": ms(performance.now() - started),
        "RSS growth": "",
        outcome: refused ? `${answer.statusLine.slice(9)}, JSON error, unread` : `UNEXPECTED: ${answer.statusLine}`,
      });
    }
    const over = await measureXlsxExport(emulator, token, E1_OVER_LIMIT_BODY);
    const refusedEarly = over.status === 400 && over.rssGrowthBytes < E1_EXPORT.maxRssGrowthBytes;
    return [
      ...oversized,
      {
        what: `E1: Excel export of ${over.rows.toLocaleString("en-US")} rows, over the 500,000-row limit`,
        "first byte ms": ms(over.firstByteMs),
        "total ms": ms(over.totalMs),
        "RSS growth": `${Math.round(over.rssGrowthBytes / 1_000_000)} MB`,
        outcome: refusedEarly
          ? `refused (${over.status} limit_exceeded), counted not read`
          : `UNEXPECTED: ${over.status}, RSS growth ${Math.round(over.rssGrowthBytes / 1_000_000)} MB`,
      },
      {
        what: `E1: Excel export of ${figures.rows.toLocaleString("en-US")} rows (${(figures.bytes / 1_000_000).toFixed(1)} MB)`,
        "first byte ms": ms(figures.firstByteMs),
        "total ms": ms(figures.totalMs),
        "RSS growth": `${Math.round(figures.rssGrowthBytes / 1_000_000)} MB`,
        outcome:
          streamed && withinMemory
            ? "streamed"
            : `UNEXPECTED: ${streamed ? "" : "not streamed "}${withinMemory ? "" : "memory over the bound"}`.trim(),
      },
    ];
  } finally {
    await emulator.close();
  }
}
