import fc from "fast-check";
import { KeyIndex } from "../../../../src/core/changes/key-index";

/**
 * The change report's index of old rows' keys behaves as a Map from key to the order it was
 * added in: every key found at its slot, every other one not found, each read back as written,
 * through the growth of its buffers and its table (past 1,024 and 64 K code units).
 */

describe("KeyIndex", () => {
  it("finds what a Map of the same keys finds", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "binary", maxLength: 30 }), { maxLength: 3_000 }),
        fc.array(fc.string({ unit: "binary", maxLength: 30 }), { maxLength: 200 }),
        (keys, probes) => {
          const index = new KeyIndex();
          const model = new Map<string, number>();
          const added: number[] = [];
          for (const key of keys) {
            if (model.has(key)) continue;
            added.push(index.add(key));
            model.set(key, model.size);
          }
          expect(added).toEqual([...model.values()]);
          expect(index.size).toBe(model.size);
          const all = [...keys, ...probes];
          expect(all.map((key) => index.find(key))).toEqual(all.map((key) => model.get(key) ?? -1));
          expect([...model.values()].map((slot) => index.keyOf(slot))).toEqual([...model.keys()]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps 100,000 keys of a month-end table and a long one", () => {
    const index = new KeyIndex();
    const key = (n: number) => JSON.stringify([String(45_292 + (n % 90)), `Country ${Math.floor(n / 90)}`]);
    const slots = Array.from({ length: 100_000 }, (_, n) => index.add(key(n)));
    expect(slots.every((slot, n) => slot === n)).toBe(true);
    const long = "x".repeat(70_000);
    expect(index.add(long)).toBe(100_000);
    expect(index.find(key(99_999))).toBe(99_999);
    expect(index.find(key(100_000))).toBe(-1);
    expect(index.find(long)).toBe(100_000);
    expect(index.find(long.slice(1))).toBe(-1);
    expect(index.keyOf(100_000)).toBe(long);
    expect(index.keyOf(12_345)).toBe(key(12_345));
  });
});
