/**
 * A seeded pseudo-random source, so that one seed always yields the same demo data. Named
 * streams (`fork`) keep parts of the data independent: adding a credential must not move
 * every asset id.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` lowercase hexadecimal digits. */
  hex(count: number): string;
  /** An RFC 4122 version 4 shaped UUID, lowercase. */
  uuid(): string;
  /** `count` characters drawn from `alphabet`. */
  text(count: number, alphabet: string): string;
  /** A new, independent stream derived from this stream's seed and `label`. */
  fork(label: string): Random;
}

/** FNV-1a: a stable 32-bit hash of a label, to derive named streams. */
export function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < label.length; index++) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Folds any finite number (negative, fractional, beyond 2^32) into a 32-bit seed. */
export function normalizeSeed(seed: number): number {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
  const integer = Math.trunc(seed);
  const low = integer % 4294967296;
  const high = Math.trunc(integer / 4294967296);
  return (low ^ Math.imul(high, 0x9e3779b1)) >>> 0;
}

export function createRandom(seed: number): Random {
  const seed32 = normalizeSeed(seed);
  let state = seed32;
  // splitmix32: tiny, fast and well distributed, which is all demo data needs.
  const next = (): number => {
    state = (state + 0x9e3779b9) | 0;
    let mixed = state ^ (state >>> 16);
    mixed = Math.imul(mixed, 0x21f0aaad);
    mixed ^= mixed >>> 15;
    mixed = Math.imul(mixed, 0x735a2d97);
    mixed ^= mixed >>> 15;
    return (mixed >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const text = (count: number, alphabet: string): string => {
    let out = "";
    for (let index = 0; index < count; index++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
  const hex = (count: number): string => text(count, "0123456789abcdef");
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError("cannot pick from an empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
    hex,
    uuid: () => {
      const variant = "89ab"[Math.floor(next() * 4)];
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
    },
    text,
    fork: (label) => createRandom((seed32 ^ hashLabel(label)) >>> 0),
  };
}
