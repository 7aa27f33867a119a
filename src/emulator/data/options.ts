import type { DataOptions } from "../store/types";
import { dayNumber, localToday } from "./calendar";

export const DEFAULT_SEED = 20240501;
export const DEFAULT_DAYS = 730;
export const DEFAULT_SCALE = 1;
/** Ten years: beyond it the generator's per-row keys would leave 32-bit range at large scales. */
export const MAX_DAYS = 3660;
export const MAX_SCALE = 64;

/** Fills the gaps with the defaults (today = the local calendar day) and checks every value. */
export function resolveDataOptions(options: Partial<DataOptions> = {}): DataOptions {
  const resolved: DataOptions = {
    seed: options.seed ?? DEFAULT_SEED,
    days: options.days ?? DEFAULT_DAYS,
    scale: options.scale ?? DEFAULT_SCALE,
    today: options.today ?? localToday(),
    restatements: options.restatements ?? false,
  };
  if (!Number.isFinite(resolved.seed)) throw new RangeError(`seed must be a finite number, got ${resolved.seed}`);
  if (!Number.isInteger(resolved.days) || resolved.days < 1 || resolved.days > MAX_DAYS) {
    throw new RangeError(`days must be a whole number from 1 to ${MAX_DAYS}, got ${resolved.days}`);
  }
  if (!(resolved.scale > 0) || resolved.scale > MAX_SCALE) {
    throw new RangeError(`scale must be a number above 0 and at most ${MAX_SCALE}, got ${resolved.scale}`);
  }
  dayNumber(resolved.today);
  return resolved;
}
