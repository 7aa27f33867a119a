/** Arrays (of arrays) of primitives equal element by element, as Jest's toEqual compares primitives (Object.is). */
function samePrimitives(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(actual)) {
    if (!Array.isArray(expected) || actual.length !== expected.length) return false;
    for (let index = 0; index < actual.length; index += 1)
      if (!samePrimitives(actual[index], expected[index])) return false;
    return true;
  }
  // Objects are left to Jest, which knows their rules (undefined properties, classes).
  if (typeof actual === "object" && actual !== null) return false;
  return Object.is(actual, expected);
}

/**
 * `expect(actual).toEqual(expected)` for a table's cells: a plain loop first, since Jest's own
 * comparison takes seconds over 100,000 rows of a browser test; Jest's, with its diff, whenever
 * the loop finds them different (or meets anything but arrays and primitives).
 */
export function expectSameCells(actual: readonly unknown[], expected: readonly unknown[]): void {
  if (!samePrimitives(actual, expected)) expect(actual).toEqual(expected);
}
