import {
  LEGACY_ROUTES,
  legacyStatsResponse,
  statsResponse,
  STATS_ROUTES,
  type LegacyStatsResponse,
  type StatsEntry,
  type StatsRequest,
} from "../../../../src/api";
import { bearerHeaders, legacyHeaders } from "../../emulator/support/emulator";
import type { BearerIdentity, Endpoint, LegacyIdentity } from "./world";

/**
 * The service asked directly over HTTP, without any of the add-in's code: the reference every
 * path of the add-in is reconciled with.
 */

export type RawStats = { status: 200; stats: StatsEntry[]; total: number } | { status: number; error: string };

export async function rawStats(endpoint: Endpoint, identity: BearerIdentity, request: StatsRequest): Promise<RawStats> {
  const response = await fetch(endpoint.baseUrl + STATS_ROUTES.json, {
    method: "POST",
    headers: bearerHeaders(identity.token),
    body: JSON.stringify(request),
  });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, error: text };
  const parsed = statsResponse.parse(JSON.parse(text));
  return { status: 200, stats: parsed.stats, total: parsed.total ?? parsed.stats.length };
}

/** An answer that must succeed. */
export async function rawRows(
  endpoint: Endpoint,
  identity: BearerIdentity,
  request: StatsRequest,
): Promise<{ stats: StatsEntry[]; total: number }> {
  const answer = await rawStats(endpoint, identity, request);
  if (answer.status !== 200)
    throw new Error(`POST /stats answered ${answer.status}: ${"error" in answer ? answer.error.slice(0, 300) : ""}`);
  return answer as { stats: StatsEntry[]; total: number };
}

export async function rawExport(
  endpoint: Endpoint,
  identity: BearerIdentity,
  request: StatsRequest,
  route: "csv" | "xlsx",
): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(endpoint.baseUrl + (route === "csv" ? STATS_ROUTES.csv : STATS_ROUTES.xlsx), {
    method: "POST",
    headers: bearerHeaders(identity.token),
    body: JSON.stringify(request),
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

export async function rawLegacy(
  endpoint: Endpoint,
  identity: LegacyIdentity,
  query: { from?: string | undefined; to?: string | undefined; groupBy: readonly string[] },
): Promise<LegacyStatsResponse> {
  const params: string[] = [];
  if (query.from) params.push(`from_date=${query.from}`);
  if (query.to) params.push(`to_date=${query.to}`);
  if (query.groupBy.length > 0) params.push(`group_by=${query.groupBy.join(",")}`);
  const response = await fetch(`${endpoint.legacyBaseUrl}${LEGACY_ROUTES.stats}?${params.join("&")}`, {
    headers: legacyHeaders(identity),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET legacy stats answered ${response.status}: ${text.slice(0, 300)}`);
  return legacyStatsResponse.parse(JSON.parse(text));
}

export interface Sums {
  impressions: number;
  revenues: number;
  requests: number;
}

export function sumsOf(entries: readonly StatsEntry[]): Sums {
  let impressions = 0;
  let revenues = 0;
  let requests = 0;
  for (const { metrics } of entries) {
    impressions += metrics.impressions ?? 0;
    revenues += metrics.revenues ?? 0;
    requests += metrics.requests ?? 0;
  }
  return { impressions, revenues, requests };
}
