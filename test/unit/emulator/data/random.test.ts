import { createRandom, normalizeSeed } from "../../../../src/emulator/data/random";

function draws(seed: number, count = 20): number[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random.next());
}

describe("seeded random source", () => {
  it("repeats its sequence for the same seed and differs for another", () => {
    expect(draws(42)).toEqual(draws(42));
    expect(draws(42)).not.toEqual(draws(43));
  });

  it("stays within [0, 1) and spreads over the whole range", () => {
    const values = draws(7, 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const tenths = new Array<number>(10).fill(0);
    for (const value of values) tenths[Math.floor(value * 10)]!++;
    for (const count of tenths) expect(count).toBeGreaterThan(850);
  });

  it("gives named streams that do not depend on what the parent drew before", () => {
    const fresh = createRandom(5).fork("assets");
    const used = createRandom(5);
    used.next();
    used.next();
    expect(used.fork("assets").next()).toBe(fresh.next());
    expect(createRandom(5).fork("credentials").next()).not.toBe(createRandom(5).fork("assets").next());
  });

  it("folds negative, fractional and huge seeds into distinct 32-bit seeds", () => {
    for (const seed of [-1, 1.5, 2 ** 40 + 3, Number.MAX_SAFE_INTEGER]) {
      const folded = normalizeSeed(seed);
      expect(Number.isInteger(folded)).toBe(true);
      expect(folded).toBeGreaterThanOrEqual(0);
      expect(folded).toBeLessThan(2 ** 32);
    }
    expect(normalizeSeed(2 ** 32 + 1)).not.toBe(normalizeSeed(1));
    expect(() => normalizeSeed(Number.NaN)).toThrow(RangeError);
  });

  it("draws UUIDs, hexadecimal text and integers in their forms", () => {
    const random = createRandom(9);
    for (let index = 0; index < 50; index++) {
      expect(random.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(random.hex(64)).toMatch(/^[0-9a-f]{64}$/);
      const integer = random.int(3, 5);
      expect([3, 4, 5]).toContain(integer);
    }
  });
});
