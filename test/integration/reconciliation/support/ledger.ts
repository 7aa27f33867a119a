/**
 * What the reconciliation suite checked, per area, and every check that failed with the query
 * it failed on. Checks never throw: one run reports every disagreement at once, and the same
 * ledger feeds the jest assertion, the deliberate break and `npm run report:reliability`.
 */

export const AREAS = [
  "totals",
  "ecpm",
  "paging",
  "spill",
  "table",
  "value",
  "legacy",
  "dates",
  "exports",
  "feed",
  "comparison",
  "changes",
  "isolation",
  "coverage",
] as const;
export type Area = (typeof AREAS)[number];

export type AreaCount = {
  area: Area;
  queries: number;
  checks: number;
  /** Cells or numbers compared one by one inside those checks. */
  cells: number;
  failures: number;
  note: string;
};

interface Tally {
  queries: Set<string>;
  checks: number;
  cells: number;
  failures: number;
  notes: Set<string>;
}

/** Revenues are sums of decimals: equal up to rounding, relative to their size. */
export const RELATIVE_TOLERANCE = 1e-9;

export function sameAmount(actual: number, expected: number): boolean {
  if (!Number.isFinite(actual) || !Number.isFinite(expected)) return false;
  // The absolute floor only matters for amounts that are zero or denormal-small.
  return Math.abs(actual - expected) <= RELATIVE_TOLERANCE * Math.max(Math.abs(actual), Math.abs(expected)) + 1e-12;
}

/** eCPM as documented: revenues per thousand impressions, 0 without impressions. */
export function expectedEcpm(revenues: number, impressions: number): number {
  return impressions > 0 ? (revenues / impressions) * 1000 : 0;
}

export type CellEquality = (actual: unknown, expected: unknown, column: number) => boolean;

export const exactly: CellEquality = (actual, expected) => Object.is(actual, expected) || actual === expected;

function shown(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

export class Ledger {
  private readonly tallies = new Map<Area, Tally>();
  readonly problems: string[] = [];

  private tally(area: Area): Tally {
    let tally = this.tallies.get(area);
    if (!tally) {
      tally = { queries: new Set(), checks: 0, cells: 0, failures: 0, notes: new Set() };
      this.tallies.set(area, tally);
    }
    return tally;
  }

  /** Counts the query under `area` without a check, e.g. a query an area skips with a reason. */
  note(area: Area, query: string, note: string): void {
    const tally = this.tally(area);
    tally.queries.add(query);
    tally.notes.add(note);
  }

  /** One check; `detail` is only built for a failure. Returns whether it held. */
  check(area: Area, query: string, what: string, holds: boolean, detail?: () => string): boolean {
    const tally = this.tally(area);
    tally.queries.add(query);
    tally.checks += 1;
    if (!holds) {
      tally.failures += 1;
      this.problems.push(`${area}: ${query}: ${what}${detail ? ` (${detail()})` : ""}`);
    }
    return holds;
  }

  sameCount(area: Area, query: string, what: string, actual: unknown, expected: number): boolean {
    this.tally(area).cells += 1;
    return this.check(area, query, what, actual === expected, () => `got ${shown(actual)}, expected ${expected}`);
  }

  sameAmount(area: Area, query: string, what: string, actual: unknown, expected: number): boolean {
    this.tally(area).cells += 1;
    return this.check(
      area,
      query,
      what,
      typeof actual === "number" && sameAmount(actual, expected),
      () => `got ${shown(actual)}, expected ${expected}`,
    );
  }

  /** Two tables cell for cell (rows in order); the first difference is named. */
  sameRows(
    area: Area,
    query: string,
    what: string,
    actual: readonly (readonly unknown[])[],
    expected: readonly (readonly unknown[])[],
    equal: CellEquality = exactly,
  ): boolean {
    let difference: string | undefined;
    let compared = 0;
    if (actual.length !== expected.length) difference = `${actual.length} rows, expected ${expected.length}`;
    for (let row = 0; row < Math.min(actual.length, expected.length) && difference === undefined; row++) {
      const got = actual[row]!;
      const want = expected[row]!;
      if (got.length !== want.length) {
        difference = `row ${row + 1} has ${got.length} cells, expected ${want.length}: ${shown(got)} vs ${shown(want)}`;
        break;
      }
      for (let column = 0; column < want.length; column++) {
        compared += 1;
        if (!equal(got[column], want[column], column)) {
          difference = `row ${row + 1}, column ${column + 1}: got ${shown(got[column])}, expected ${shown(want[column])}`;
          break;
        }
      }
    }
    this.tally(area).cells += compared;
    return this.check(area, query, what, difference === undefined, () => difference!);
  }

  counts(): AreaCount[] {
    return AREAS.filter((area) => this.tallies.has(area)).map((area) => {
      const tally = this.tallies.get(area)!;
      return {
        area,
        queries: tally.queries.size,
        checks: tally.checks,
        cells: tally.cells,
        failures: tally.failures,
        note: [...tally.notes].join("; "),
      };
    });
  }

  /** Distinct queries over every area. */
  queryCount(): number {
    const all = new Set<string>();
    for (const tally of this.tallies.values()) for (const query of tally.queries) all.add(query);
    return all.size;
  }

  checkCount(): number {
    let checks = 0;
    for (const tally of this.tallies.values()) checks += tally.checks;
    return checks;
  }
}
