/** The middle of the samples (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Milliseconds one piece of work takes, awaited when it returns a promise. Synchronous work is
 * not awaited: holding its (large) result across an await measured slower.
 */
export async function timeMs(work: () => unknown): Promise<number> {
  const started = performance.now();
  const result = work();
  if (result instanceof Promise) await result;
  return performance.now() - started;
}

export interface Rounds {
  /** Rounds run first and not counted: JIT, caches, lazily built tables. */
  warmUp: number;
  /** Rounds counted. */
  measured: number;
}

/**
 * Times every leg once a round and gives each leg's median in milliseconds, so that a ratio of
 * two legs is measured in one run and the machine's speed cancels out. The order rotates each
 * round so that no leg always runs right after a costly one (GC debt, warm caches, the other
 * helpers' load).
 */
export async function interleavedMedians<Leg extends string>(
  legs: Record<Leg, () => unknown>,
  rounds: Rounds,
): Promise<Record<Leg, number>> {
  const entries = Object.entries(legs) as [Leg, () => unknown][];
  const samples = entries.map((): number[] => []);
  for (let round = 0; round < rounds.warmUp + rounds.measured; round++) {
    for (let step = 0; step < entries.length; step++) {
      const index = (round + step) % entries.length;
      const elapsed = await timeMs(entries[index]![1]);
      if (round >= rounds.warmUp) samples[index]!.push(elapsed);
    }
    // Lets timers and I/O that the round left pending run before the next round is timed.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return Object.fromEntries(entries.map(([name], index) => [name, median(samples[index]!)])) as Record<Leg, number>;
}
