import type { StatsRequest } from "../../../../src/api";
import { createStore, type DuckDbReportingStore } from "../../../../src/emulator/store";

/** A small data set (60 days, fixed seed and today) that builds in well under a second. */
export const SMALL_STORE = { seed: 11, days: 60, scale: 1, today: "2024-03-15" } as const;
/** Building a store shares two cores with other test workers: generous, never asserted. */
export const STORE_TIMEOUT_MS = 60_000;

export async function smallStore(): Promise<DuckDbReportingStore> {
  return createStore(SMALL_STORE);
}

export type Narrowed = StatsRequest & { filters: { organizations: string[] } };

/** Every organization of the store, over the store's whole period. */
export function allOf(
  store: DuckDbReportingStore,
  extra: Partial<StatsRequest> = {},
  filters: Partial<StatsRequest["filters"]> = {},
): Narrowed {
  const organizations = store.credentials.bearer.find((bearer) => bearer.organizations.length > 1)!.organizations;
  return {
    ...extra,
    filters: { from: store.period.from, to: store.period.to, organizations: [...organizations], ...filters },
  } as Narrowed;
}

export function relativelyClose(actual: number, expected: number, tolerance = 1e-9): boolean {
  return Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected));
}
