import {
  errorBody,
  legacyStatsResponse,
  statsResponse,
  type ErrorBody,
  type LegacyStatsResponse,
  type StatsRequest,
  type StatsResponse,
} from "../../../../src/api";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../../../src/emulator";
import type { BearerCredential, LegacyCredential } from "../../../../src/emulator/store/types";

/** The data set every conformance test file starts: small, and the same on every run. */
export const CONFORMANCE_OPTIONS = { days: 60, seed: 7, today: "2026-06-30" } as const;

/** Generating the data set takes a few seconds on a shared machine. */
export const START_TIMEOUT_MS = 120_000;

export function startConformanceEmulator(extra: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ ...CONFORMANCE_OPTIONS, ...extra });
}

export function bearerHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" };
}

export function legacyHeaders(credential: Pick<LegacyCredential, "apiKey" | "apiSecret">): Record<string, string> {
  return {
    "x-auth-apikey": credential.apiKey,
    "x-auth-secret": credential.apiSecret,
    "Content-Type": "application/json",
  };
}

export function postStats(
  emulator: RunningEmulator,
  token: string,
  body: unknown,
  route = "/stats",
): Promise<Response> {
  return fetch(emulator.baseUrl + route, { method: "POST", headers: bearerHeaders(token), body: JSON.stringify(body) });
}

export type StatsAnswer = StatsResponse & { params: StatsRequest & { filters: { organizations: string[] } } };

/** A /stats answer that must succeed, read with the client's own schema. */
export async function stats(emulator: RunningEmulator, token: string, body: StatsRequest): Promise<StatsAnswer> {
  const response = await postStats(emulator, token, body);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST /stats answered ${response.status}: ${text}`);
  const json: unknown = JSON.parse(text);
  return { ...statsResponse.parse(json), params: (json as { params: StatsAnswer["params"] }).params };
}

export async function getJson(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.json() };
}

export async function legacyStats(
  emulator: RunningEmulator,
  credential: LegacyCredential,
  query: Record<string, string>,
): Promise<LegacyStatsResponse> {
  const url = `${emulator.legacyBaseUrl}/reporting/v1/stats?${new URLSearchParams(query).toString()}`;
  const { status, body } = await getJson(url, legacyHeaders(credential));
  if (status !== 200) throw new Error(`GET legacy stats answered ${status}: ${JSON.stringify(body)}`);
  return legacyStatsResponse.parse(body);
}

/** The error body of a refused request, checked against the shared schema. */
export async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return errorBody.parse(await response.json()).error;
}

/** The bearer credential that sees the most organizations (the demo set has one that sees all). */
export function widestBearer(emulator: RunningEmulator): BearerCredential {
  return emulator.credentials.bearer.reduce((widest, credential) =>
    credential.organizations.length > widest.organizations.length ? credential : widest,
  );
}

export function sumOf<Entry>(entries: readonly Entry[], value: (entry: Entry) => number | undefined): number {
  return entries.reduce((total, entry) => total + (value(entry) ?? 0), 0);
}

/** Revenues are sums of decimals: equal up to floating point rounding, relative to their size. */
export function expectSameAmount(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}
