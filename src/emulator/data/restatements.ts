import { createRandom } from "./random";

/**
 * How the emulator restates recent days, as real ad networks do: a day's numbers are first
 * estimates that settle over the next days, and some days later lose part of their revenue
 * to invalid-traffic clawbacks. The fact table holds each day's final numbers; what the
 * service shows of day d when its clock says today A depends only on (seed, d, the row's
 * combination, A - d), so the same clock always gives the same answer.
 *
 * - Estimates: one to `ESTIMATE_AMPLITUDES.length` days old, revenue is off its final value
 *   by up to the amplitude of that age (either way; half of it shared by the whole day, as a
 *   network's estimate is off for everyone), impressions and requests by a quarter of it.
 * - Clawbacks: `CLAWBACK_RATE` of the rows of a day show `CLAWBACK_MIN` to `CLAWBACK_MAX` more
 *   revenue than final until they are `CLAWBACK_FIRST_AGE` to `RESTATEMENT_DAYS` days old,
 *   then drop to it (a negative move).
 * - From `RESTATEMENT_DAYS + 1` days old on, a day never changes.
 */

/** The oldest age (today minus the day) at which a number can still move. */
export const RESTATEMENT_DAYS = 15;
/** Revenue's largest relative distance to its final value at age 1, 2, 3. */
export const ESTIMATE_AMPLITUDES: readonly number[] = [0.04, 0.02, 0.01];
/** Impressions and requests move by this share of revenue's amplitude. */
export const VOLUME_SHARE_OF_AMPLITUDE = 0.25;
/** Share of a day's rows that are clawed back once. */
export const CLAWBACK_RATE = 0.03;
/** A clawback removes this share of the revenue shown before it, at least and at most. */
export const CLAWBACK_MIN = 0.05;
export const CLAWBACK_MAX = 0.3;
/** Clawbacks land after the estimates have settled. */
export const CLAWBACK_FIRST_AGE = ESTIMATE_AMPLITUDES.length + 1;
/**
 * Days of data generated after today when restatements are on, so that moving the clock
 * forward brings new days, as the real service does every morning.
 */
export const RESTATEMENT_HORIZON_DAYS = 31;

/** Share of an estimate's error that is common to every row of the day. */
export const DAY_SHARE_OF_ESTIMATE = 0.5;

export interface RestatementSalts {
  /** Of the hash of a row (a combination on a day). */
  row: number;
  /** Of the hash of a day and an age, for the error every row of the day shares. */
  day: number;
}

/** Salts of the restatement noise, drawn from the seed in their own stream (the data's do not move). */
export function restatementSalts(seed: number): RestatementSalts {
  const random = createRandom(seed).fork("restatements");
  const salt = () => random.int(0, 2147483646);
  return { row: salt(), day: salt() };
}
