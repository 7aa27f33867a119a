import type { KeyValueStorage } from "./profile-store";

/** Wraps a synchronous Web Storage-like map (tests, a plain browser's memory). */
export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { snapshot(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    async getItem(key) {
      return map.get(key) ?? null;
    },
    async setItem(key, value) {
      map.set(key, value);
    },
    async removeItem(key) {
      map.delete(key);
    },
    snapshot() {
      return Object.fromEntries(map);
    },
  };
}
