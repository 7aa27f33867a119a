import fc from "fast-check";
import type { MetricName } from "../../../../src/api";
import { changeLine, moveText } from "../../../../src/core/changes/change-line";
import {
  hasChanges,
  largestMoves,
  movedBeyond,
  sameNumber,
  tableChanges,
  totalOf,
  type MetricValues,
  type TableRows,
} from "../../../../src/core/changes/table-changes";
import { ecpmOf } from "../../../../src/core/ecpm";
import type { TableCell } from "../../../../src/core/workbook-queries/table-columns";

const COLUMNS: TableRows["columns"] = [
  { key: "date", isMetric: false },
  { key: "country", isMetric: false },
  { key: "impressions", isMetric: true },
  { key: "revenues", isMetric: true },
  { key: "ecpm", isMetric: true },
];

const row = (date: number, country: string, impressions: number, revenues: number): TableCell[] => [
  date,
  country,
  impressions,
  revenues,
  ecpmOf(revenues, impressions),
];
const table = (rows: TableCell[][]): TableRows => ({ columns: COLUMNS, rows });

/** Revenues in cents, as the service reports them; impressions whole. */
const cents = fc.integer({ min: 0, max: 10_000_000 }).map((value) => value / 100);
const keyed = fc.record({
  date: fc.integer({ min: 46_000, max: 46_010 }),
  country: fc.constantFrom("FR", "DE", "US", "=HYPERLINK(1)", ""),
});
const rowsArbitrary = fc
  .uniqueArray(fc.tuple(keyed, fc.nat(1_000_000), cents), {
    selector: ([key]) => `${key.date}|${key.country}`,
    maxLength: 40,
  })
  .map((rows) => rows.map(([key, impressions, revenues]) => row(key.date, key.country, impressions, revenues)));

const keyOf = (cells: readonly TableCell[]) => JSON.stringify(cells.map(String));

/** Applies a report's moves to the rows before: what the rows after must be. */
function applyMoves(before: TableRows, changes: ReturnType<typeof tableChanges>): Map<string, MetricValues> {
  const rows = new Map<string, MetricValues>(
    before.rows.map((cells) => [
      keyOf(cells.slice(0, 2)),
      { impressions: cells[2] as number, revenues: cells[3] as number, ecpm: cells[4] as number },
    ]),
  );
  for (const move of changes.moves) {
    if (move.change === "removed") rows.delete(keyOf(move.key));
    else rows.set(keyOf(move.key), move.after!);
  }
  return rows;
}

describe("tableChanges", () => {
  it("lists moves that turn the rows before into the rows after", () => {
    fc.assert(
      fc.property(rowsArbitrary, rowsArbitrary, (old, fresh) => {
        const changes = tableChanges(table(old), table(fresh));
        const applied = applyMoves(table(old), changes);
        expect(applied.size).toBe(fresh.length);
        for (const cells of fresh) {
          const values = applied.get(keyOf(cells.slice(0, 2)));
          expect(values).toBeDefined();
          expect(values!.revenues).toBeCloseTo(cells[3] as number, 9);
          expect(values!.impressions).toBe(cells[2]);
        }
      }),
    );
  });

  it("gives totals where before + difference = after to the cent, and eCPM from the totals", () => {
    fc.assert(
      fc.property(rowsArbitrary, rowsArbitrary, (old, fresh) => {
        const changes = tableChanges(table(old), table(fresh));
        for (const total of changes.totals)
          expect(Math.round((total.before + total.difference) * 100)).toBe(Math.round(total.after * 100));
        const sum = (rows: TableCell[][], index: number) =>
          rows.reduce((all, cells) => all + (cells[index] as number), 0);
        expect(totalOf(changes, "revenues")!.after).toBeCloseTo(sum(fresh, 3), 6);
        expect(totalOf(changes, "ecpm")!.after).toBeCloseTo(ecpmOf(sum(fresh, 3), sum(fresh, 2)), 9);
      }),
    );
  });

  it("counts each row once as added, removed, changed or unchanged", () => {
    fc.assert(
      fc.property(rowsArbitrary, rowsArbitrary, (old, fresh) => {
        const changes = tableChanges(table(old), table(fresh));
        const kept = fresh.filter((cells) =>
          old.some((was) => keyOf(was.slice(0, 2)) === keyOf(cells.slice(0, 2))),
        ).length;
        expect(changes.added).toBe(fresh.length - kept);
        expect(changes.removed).toBe(old.length - kept);
        expect(changes.changed).toBeLessThanOrEqual(kept);
        expect(tableChanges(table(fresh), table(fresh)).moves).toEqual([]);
      }),
    );
  });

  it("puts the largest revenue move first", () => {
    const changes = tableChanges(
      table([row(46_000, "FR", 1000, 10), row(46_000, "DE", 1000, 20), row(46_001, "FR", 500, 5)]),
      table([row(46_000, "FR", 1000, 12), row(46_000, "DE", 1000, 11), row(46_002, "US", 10, 1)]),
    );
    expect(changes.moves.map((move) => [move.change, ...move.key])).toEqual([
      ["changed", 46_000, "DE"],
      ["removed", 46_001, "FR"],
      ["changed", 46_000, "FR"],
      ["added", 46_002, "US"],
    ]);
    expect(largestMoves(changes, 2)).toHaveLength(2);
    expect(changeLine(changes)).toBe("Revenues 35.00 → 24.00, -11.00 (-31.43 %); 2 rows changed, 1 added, 1 removed");
    expect(moveText(changes.moves[0]!, "2026-01-01 · DE", "revenues")).toBe(
      "2026-01-01 · DE: Revenues 20.00 → 11.00, -9.00",
    );
  });

  it("matches rows by group values whatever the row order, and tells duplicate keys apart", () => {
    const before = table([row(46_000, "FR", 1, 1), row(46_000, "FR", 2, 2), row(46_001, "DE", 3, 3)]);
    const after = table([row(46_001, "DE", 3, 3), row(46_000, "FR", 1, 1), row(46_000, "FR", 2, 2.5)]);
    const changes = tableChanges(before, after);
    expect(changes.changed).toBe(1);
    expect(changes.moves[0]!.after!.revenues).toBe(2.5);
  });

  it("does not call Excel's 15 significant digits a restatement", () => {
    const exact = 1234.5678901234567;
    const changes = tableChanges(
      table([row(46_000, "FR", 10, Number(exact.toPrecision(15)))]),
      table([row(46_000, "FR", 10, exact)]),
    );
    expect(hasChanges(changes)).toBe(false);
    expect(changeLine(changes)).toBe("No change: Revenues 1,234.57, 1 row");
    expect(sameNumber(1, 1.01)).toBe(false);
  });

  it("compares totals but not rows when the query's groups changed", () => {
    const byCountry: TableRows = {
      columns: [
        { key: "country", isMetric: false },
        { key: "revenues", isMetric: true },
      ],
      rows: [
        ["FR", 10],
        ["DE", 5],
      ],
    };
    const byDate: TableRows = {
      columns: [
        { key: "date", isMetric: false },
        { key: "revenues", isMetric: true },
      ],
      rows: [[46_000, 16]],
    };
    const changes = tableChanges(byCountry, byDate);
    expect(changes.matched).toBe(false);
    expect(changes.moves).toEqual([]);
    expect(changeLine(changes)).toBe(
      "Revenues 15.00 → 16.00, +1.00 (+6.67 %); 2 rows → 1 row (the query changed, rows not compared)",
    );
  });

  it("ignores comparison columns and reports no eCPM total without revenues and impressions", () => {
    const columns: TableRows["columns"] = [
      { key: "country", isMetric: false },
      { key: "ecpm", isMetric: true },
      { key: "ecpm_change_pct" as MetricName, isMetric: true },
    ];
    const changes = tableChanges({ columns, rows: [["FR", 2, 0.1]] }, { columns, rows: [["FR", 3, 0.5]] });
    expect(changes.totals).toEqual([]);
    expect(changes.changed).toBe(1);
  });

  it("flags a revenue move beyond the threshold either way, and revenue from nothing", () => {
    const at = (revenues: number) => table([row(46_000, "FR", 1000, revenues)]);
    expect(movedBeyond(tableChanges(at(100), at(101.5)), 1)).toBe(true);
    expect(movedBeyond(tableChanges(at(100), at(98.9)), 1)).toBe(true);
    expect(movedBeyond(tableChanges(at(100), at(100.9)), 1)).toBe(false);
    expect(movedBeyond(tableChanges(at(0), at(5)), 1)).toBe(true);
    expect(movedBeyond(tableChanges(at(5), at(5)), 0)).toBe(false);
  });
});
