/**
 * A text that is equal for two queries exactly when they ask the same thing: object keys sorted,
 * and the values of each filter sorted (countries FR,DE and DE,FR filter alike). Other arrays
 * keep their order, since groups, metrics and orders shape the answer.
 */
export function stableQueryText(value: unknown, sortArrays = false): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => stableQueryText(item));
    return `[${(sortArrays ? items.sort() : items).join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableQueryText(record[key], key === "filters" || sortArrays)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The cache key of one query: what kind of call, which profile (by its identity, never its
 * secrets) and the query itself.
 */
export function queryKey(kind: string, profileKey: string, query: unknown): string {
  return `${kind}\u0000${profileKey}\u0000${stableQueryText(query)}`;
}
