import { connect } from "node:net";
import { performance } from "node:perf_hooks";
import type { RunningEmulator } from "../../../../src/emulator";

/**
 * Issue 17, section 4, the emulator's part: what an export costs before its first byte (E1),
 * and what a client declaring a huge body gets back (E2). Shared by the fault suite
 * (emulator-limits.test.ts) and the reliability report (scripts/reliability/client-limits.ts).
 */

/** The E1 export: an emulator of fixed data, and a query of about 60,000 rows (day x country x ad unit, 4 months). */
export const E1_EXPORT = {
  emulator: { port: 0, seed: 7, today: "2026-06-30" },
  body: { filters: { from: "2026-01-01", to: "2026-04-30" }, groups: ["date", "country", "ad_unit"] },
  approximateRows: 60_000,
  /** Built whole, these 60,879 rows took this process 731 MB more (and 19.7 s to the first byte); streamed, 94 MB (3.5 s). */
  maxRssGrowthBytes: 350_000_000,
};

/** An export over the 500,000-row limit on the same emulator: every day of two years, finely grouped: 678,647 rows. */
export const E1_OVER_LIMIT_BODY = {
  filters: { from: "2024-07-01", to: "2026-06-30" },
  groups: ["date", "country", "ad_unit", "device_types", "integration_type"],
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
export async function measureXlsxExport(
  emulator: RunningEmulator,
  token: string,
  body: unknown,
): Promise<ExportFigures> {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const counted = (await (
    await fetch(`${emulator.baseUrl}/stats`, {
      method: "POST",
      headers,
      body: JSON.stringify({ ...(body as object), limit: 0 }),
    })
  ).json()) as { total: number };
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const timer = setInterval(() => void (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const started = performance.now();
    const response = await fetch(`${emulator.baseUrl}/stats/xls`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
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
    return {
      status: response.status,
      contentLength: response.headers.get("content-length"),
      rows: counted.total,
      bytes,
      firstByteMs,
      totalMs,
      rssGrowthBytes: peak - rssBefore,
    };
  } finally {
    clearInterval(timer);
  }
}

export interface DeclaredBodyOutcome {
  /** The status line, or what happened instead (`reset`, `closed without an answer`). */
  statusLine: string;
  headers: string;
  body: string;
  /** Bytes of body the client managed to send before the answer (or the end). */
  sent: number;
}

/**
 * A POST to /stats declaring `declaredBytes` of JSON on a raw socket, which then sends body in
 * 64 KiB pieces as long as the socket takes them (never all of it), and reads what comes back.
 */
export function sendDeclaredBody(
  emulator: RunningEmulator,
  token: string,
  declaredBytes: number,
  timeoutMs = 10_000,
): Promise<DeclaredBodyOutcome> {
  const url = new URL(`${emulator.baseUrl}/stats`);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let sent = 0;
    let settled = false;
    const piece = Buffer.alloc(64 * 1024, 0x20);
    const finish = (failure?: string) => {
      if (settled) return;
      settled = true;
      clearInterval(pump);
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString("latin1");
      const headEnd = text.indexOf("\r\n\r\n");
      if (headEnd < 0)
        return resolve({ statusLine: failure ?? "closed without an answer", headers: "", body: "", sent });
      const [statusLine, ...headerLines] = text.slice(0, headEnd).split("\r\n");
      resolve({
        statusLine: statusLine!,
        headers: headerLines.join("\n").toLowerCase(),
        body: text.slice(headEnd + 4),
        sent,
      });
    };
    const timer = setTimeout(() => finish("no answer in time"), timeoutMs);
    // Keeps sending, as a client uploading a large body does, until the answer is in or the socket refuses.
    const pump = setInterval(() => {
      if (socket.writable && sent + piece.length < declaredBytes && !socket.writableNeedDrain) {
        socket.write(piece);
        sent += piece.length;
      }
    }, 5);
    socket.on("connect", () => {
      socket.write(
        `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${declaredBytes}\r\n\r\n`,
      );
    });
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      const text = Buffer.concat(received).toString("latin1");
      const headEnd = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd))?.[1];
      if (
        headEnd >= 0 &&
        length !== undefined &&
        Buffer.byteLength(text.slice(headEnd + 4), "latin1") >= Number(length)
      )
        finish();
    });
    socket.on("error", (error: NodeJS.ErrnoException) =>
      finish(error.code === "ECONNRESET" ? "reset" : `error ${error.code ?? error.message}`),
    );
    socket.on("close", () => finish());
  });
}
