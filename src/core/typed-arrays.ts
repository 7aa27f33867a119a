/**
 * `array` itself while it holds `needed` items, else a copy of it in a larger one: at least
 * `factor` times its length, so that an array filled item by item is copied only now and then.
 */
export function grown<T extends Float64Array | Uint32Array | Uint8Array>(
  array: T,
  needed: number,
  make: (length: number) => T,
  factor = 2,
): T {
  if (needed <= array.length) return array;
  const bigger = make(Math.max(needed, Math.ceil(array.length * factor)));
  bigger.set(array);
  return bigger;
}
