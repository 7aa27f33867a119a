import fc from "fast-check";
import { streamedDiff } from "../../../../src/core/changes/streamed-diff";
import { tableChanges, type TableRows } from "../../../../src/core/changes/table-changes";
import type { TableCell } from "../../../../src/core/workbook-queries/table-columns";

type Columns = TableRows["columns"];

/** Group columns, then metrics, some of them absent, with a comparison column now and then. */
const columnsArbitrary: fc.Arbitrary<Columns> = fc
  .record({
    groups: fc.subarray(["date", "country"], { minLength: 0 }),
    metrics: fc.subarray(["impressions", "revenues", "ecpm", "requests"], { minLength: 0 }),
    comparison: fc.boolean(),
  })
  .map(({ groups, metrics, comparison }) => [
    ...groups.map((key) => ({ key, isMetric: false })),
    ...metrics.map((key) => ({ key, isMetric: true })),
    ...(comparison ? [{ key: "revenues_change_pct", isMetric: true }] : []),
  ]) as fc.Arbitrary<Columns>;

/** Few distinct keys (repeats are frequent) of every type a cell read back can hold. */
const groupCell: fc.Arbitrary<TableCell | undefined> = fc.oneof(
  fc.constantFrom<TableCell | undefined>(46_000, 46_001, -0, 0, "0", "FR", "DE", "", true, "true", undefined),
  fc.integer({ min: 46_000, max: 46_003 }),
);
/** Small whole numbers (ties in size are frequent), cents, and what a user may type over a number. */
const metricCell: fc.Arbitrary<TableCell | undefined> = fc.oneof(
  fc.integer({ min: 0, max: 5 }),
  fc.integer({ min: 0, max: 100_000 }).map((value) => value / 100),
  fc.constantFrom<TableCell | undefined>("", "n/a", undefined, -0),
);

const rowsOf = (columns: Columns) =>
  fc.array(fc.tuple(...columns.map((column) => (column.isMetric ? metricCell : groupCell))), { maxLength: 30 });

const scenario = columnsArbitrary.chain((columns) =>
  fc.record({
    columns: fc.constant(columns),
    before: rowsOf(columns),
    after: fc.oneof(rowsOf(columns), fc.constant(null)),
    keep: fc.integer({ min: 1, max: 12 }),
    // What the table said it held: the rows' count, or a wrong one (a sheet with rows left out, a hint too large).
    expected: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  }),
);

describe("streamedDiff", () => {
  it("gives tableChanges's report, its moves cut to the largest `keep` in the same order", () => {
    fc.assert(
      fc.property(scenario, ({ columns, before, after: fresh, keep, expected }) => {
        // Half the time the new rows are the old ones, some changed and reordered: matched rows are the usual case.
        const after =
          fresh ??
          [...before]
            .reverse()
            .map((row, index) => (index % 3 === 0 ? row.map((cell, at) => (columns[at]!.isMetric ? 1 : cell)) : row));
        const diff = streamedDiff(columns, keep);
        if (expected !== undefined) diff.expectRows(expected);
        for (const row of before) diff.before(row);
        for (const row of after) diff.after(row);
        const cells = (rows: (TableCell | undefined)[][]) => rows.map((row) => row.map((cell) => cell ?? ""));
        const whole = tableChanges({ columns, rows: cells(before) }, { columns, rows: cells(after) });
        expect(diff.changes()).toEqual({ ...whole, moves: whole.moves.slice(0, keep) });
      }),
      { numRuns: 500 },
    );
  });

  it("reads a removed row's group values back as they were typed", () => {
    const columns: Columns = [
      { key: "date", isMetric: false },
      { key: "country", isMetric: false },
      { key: "revenues", isMetric: true },
    ];
    const diff = streamedDiff(columns);
    diff.before([46_000, "46000", 5]);
    diff.before([true, "true", 2]);
    diff.before([-0, "", 1]);
    expect(diff.changes().moves.map((move) => move.key)).toEqual([
      [46_000, "46000"],
      [true, "true"],
      [-0, ""],
    ]);
  });

  it("refuses an old row heard after the new ones", () => {
    const diff = streamedDiff([{ key: "country", isMetric: false }]);
    diff.after(["FR"]);
    expect(() => diff.before(["FR"])).toThrow(/before/);
  });
});
