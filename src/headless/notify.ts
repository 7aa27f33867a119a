import { createTransport, type FetchLike } from "../client";
import { UsageError } from "./usage-error";
import type { FileResult } from "./run-lines";

/**
 * --notify-url: when a run had failures, a JSON summary POSTed to a webhook (a chat channel, an
 * alerting service), through the same bounded transport as the service (deadline, retries, size
 * guard on the answer). It names files, tables and reasons, never a credential. The address
 * itself may carry the webhook's secret, so it is never printed or logged.
 */

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function checkNotifyUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      "--notify-url is not a web address. Give the full address of the webhook, starting with https://.",
    );
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) {
    throw new UsageError("--notify-url must start with https:// (http:// only for this computer).");
  }
  return url.href;
}

export interface NotifySummary {
  event: "refresh-workbook-failed";
  at: string;
  failedTables: number;
  files: { file: string; status: 0 | 1 | 2; tables: { table?: string; outcome: string; reason?: string }[] }[];
}

export function notifySummary(results: readonly FileResult[], now: number): NotifySummary {
  return {
    event: "refresh-workbook-failed",
    at: new Date(now).toISOString(),
    failedTables: results.flatMap((result) => result.lines).filter((line) => line.outcome === "failed").length,
    files: results.map((result) => ({
      file: result.file,
      status: result.status,
      tables: result.lines.map((line) => ({
        ...(line.table ? { table: line.table } : {}),
        outcome: line.outcome,
        ...(line.reason ? { reason: line.reason } : {}),
      })),
    })),
  };
}

export async function postSummary(url: string, summary: NotifySummary, fetch?: FetchLike): Promise<void> {
  const transport = createTransport({ timeoutMs: 20_000, maxRetries: 2, ...(fetch ? { fetch } : {}) });
  await transport.request({
    method: "POST",
    url,
    route: "the notification address",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(summary),
  });
}
