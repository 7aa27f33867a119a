import { performance } from "node:perf_hooks";
import type { RunningEmulator } from "../../../../src/emulator";

/**
 * Issue 17, section 4, the emulator's part: what an export costs before its first byte (E1).
 * Shared by the fault suite (emulator-limits.test.ts) and the reliability report
 * (scripts/reliability/client-limits.ts).
 */

/** The E1 export: an emulator of fixed data, and a query of about 60,000 rows (day x country x ad unit, 4 months). */
export const E1_EXPORT = {
  emulator: { port: 0, seed: 7, today: "2026-06-30" },
  body: { filters: { from: "2026-01-01", to: "2026-04-30" }, groups: ["date", "country", "ad_unit"] },
  approximateRows: 60_000,
  /** Built whole, these 60,879 rows took this process 731 MB more (and 19.7 s to the first byte); streamed, 94 MB (3.5 s). */
  maxRssGrowthBytes: 350_000_000,
};

export interface ExportFigures {
  status: number;
  contentLength: string | null;
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  /** Peak RSS above the start while the export ran: the emulator runs in this process. */
  rssGrowthBytes: number;
}

/** An Excel export of `/stats/xls` with `body`, read to its end, timed and with this process's RSS sampled. */
export async function measureXlsxExport(emulator: RunningEmulator, token: string, body: unknown): Promise<ExportFigures> {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const counted = (await (await fetch(`${emulator.baseUrl}/stats`, { method: "POST", headers, body: JSON.stringify({ ...(body as object), limit: 0 }) })).json()) as { total: number };
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const timer = setInterval(() => void (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const started = performance.now();
    const response = await fetch(`${emulator.baseUrl}/stats/xls`, { method: "POST", headers, body: JSON.stringify(body) });
    const reader = response.body!.getReader();
    let bytes = 0;
    let firstByteMs = Number.NaN;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += value.length;
    }
    const totalMs = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { status: response.status, contentLength: response.headers.get("content-length"), rows: counted.total, bytes, firstByteMs, totalMs, rssGrowthBytes: peak - rssBefore };
  } finally {
    clearInterval(timer);
  }
}
