import fc from "fast-check";
import type { SpillCell, SpillRows } from "../../../src/core/cell-values";
import { spillTable, type SpillTable } from "../../../src/core/rows/spill-table";
import { limitSpill, omittedRowsMessage, type RowEncoder } from "../../../src/core/spill-limit";

const sentBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.constantFrom("🚀", "広", "é", '"', "\\", "\u0001", "a"), maxLength: 40 }),
);
const cell: fc.Arbitrary<SpillCell> = fc.oneof(text, fc.double(), fc.integer(), fc.boolean());

const tables = fc
  .record({
    width: fc.integer({ min: 1, max: 6 }),
    header: fc.boolean(),
    dateColumn: fc.option(fc.nat(5), { nil: undefined }),
    pool: fc.array(cell, { minLength: 1, maxLength: 30 }),
    rowCount: fc.integer({ min: 0, max: 400 }),
  })
  .map(({ width, header, dateColumn, pool, rowCount }): SpillTable => {
    const rows: SpillRows = header ? [Array.from({ length: width }, (_, column) => `Column ${column}`)] : [];
    for (let row = 0; row < rowCount; row++) rows.push(Array.from({ length: width }, (_, column) => pool[(row * 7 + column * 3) % pool.length]!));
    const dates = dateColumn !== undefined && dateColumn < width ? [dateColumn] : [];
    return spillTable(rows, dates, rowCount, width);
  });

const identity: RowEncoder = (row) => row;
const dated =
  (columns: readonly number[]): RowEncoder =>
  (row) =>
    row.map((value, column) => (columns.includes(column) && typeof value === "number" ? { type: "FormattedNumber", basicValue: value, numberFormat: "yyyy-mm-dd" } : value));

describe("spill budget, for any table", () => {
  it("keeps a prefix of the rows within the budget as sent, and as many rows as fit", () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: 50, max: 20_000 }), fc.boolean(), (table, budget, withDates) => {
        const encode = withDates ? dated(table.dateColumns) : identity;
        const limited = limitSpill(table, budget, encode);
        const headerCount = table.rows.length - table.dataRowCount;
        if (limited.omittedRowCount === 0) {
          expect(limited).toBe(table);
          expect(sentBytes(table.rows.map(encode))).toBeLessThanOrEqual(budget);
          return;
        }
        const kept = table.dataRowCount - limited.omittedRowCount;
        expect(limited.rows.slice(0, headerCount + kept)).toEqual(table.rows.slice(0, headerCount + kept));
        const message = limited.rows[limited.rows.length - 1]!;
        expect(message[0]).toBe(omittedRowsMessage(limited.omittedRowCount));
        expect(limited.rows).toHaveLength(headerCount + kept + 1);
        const sent = sentBytes(limited.rows.map(encode));
        // Only the header and the message can overrun a budget too small for them.
        if (kept > 0) expect(sent).toBeLessThanOrEqual(budget);
        // One row more (with its own message, or none when it was the last) would not fit.
        const width = message.length;
        const more = table.rows.slice(0, headerCount + kept + 1);
        if (limited.omittedRowCount > 1) more.push([omittedRowsMessage(limited.omittedRowCount - 1), ...new Array<string>(width - 1).fill("")]);
        expect(sentBytes(more.map(encode))).toBeGreaterThan(budget);
      }),
      { numRuns: 300 },
    );
  });
});
