import fc from "fast-check";
import type { SpillCell, SpillRows } from "../../../src/core/cell-values";
import { spillTable, type SpillTable } from "../../../src/core/rows/spill-table";
import { omittedRowsMessage } from "../../../src/core/spill-limit";
import { SPILL_DATE_FORMAT, SPILL_PERCENT_FORMAT, type DateCellStyle } from "../../../src/office/formatted-values";
import { fitSpill } from "../../../src/office/spill-fit";

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
    percentColumn: fc.option(fc.nat(5), { nil: undefined }),
    pool: fc.array(cell, { minLength: 1, maxLength: 30 }),
    rowCount: fc.integer({ min: 0, max: 400 }),
  })
  .map(({ width, header, dateColumn, percentColumn, pool, rowCount }): SpillTable => {
    const rows: SpillRows = header ? [Array.from({ length: width }, (_, column) => `Column ${column}`)] : [];
    for (let row = 0; row < rowCount; row++)
      rows.push(Array.from({ length: width }, (_, column) => pool[(row * 7 + column * 3) % pool.length]!));
    const dates = dateColumn !== undefined && dateColumn < width ? [dateColumn] : [];
    const percents =
      percentColumn !== undefined && percentColumn < width && percentColumn !== dateColumn ? [percentColumn] : [];
    return { ...spillTable(rows, dates, rowCount, width), percentColumns: percents };
  });

const styles = fc.constantFrom<DateCellStyle>("double", "formattedNumber", "serial");
const TYPES = { double: "Double", formattedNumber: "FormattedNumber" } as const;

/** A row as Excel receives it in `style`, written apart from the code under test. */
function sent(table: SpillTable, style: DateCellStyle, row: readonly SpillCell[]): unknown[] {
  if (style === "serial") return [...row];
  return row.map((value, column) => {
    if (typeof value !== "number") return value;
    if (table.dateColumns.includes(column))
      return { type: TYPES[style], basicValue: value, numberFormat: SPILL_DATE_FORMAT };
    if (table.percentColumns?.includes(column))
      return { type: TYPES[style], basicValue: value, numberFormat: SPILL_PERCENT_FORMAT };
    return value;
  });
}

describe("the one cut of a spill, for any table", () => {
  it("sends a prefix of the rows as Excel receives them, within the budget, and cuts no row that fits", () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: 50, max: 20_000 }), styles, (table, budget, style) => {
        const fitted = fitSpill(table, style, budget);
        const headerCount = table.rows.length - table.dataRowCount;
        const encoded = table.rows.map((row) => sent(table, style, row));
        expect(fitted.headerRows).toBe(headerCount);
        if (fitted.omittedRowCount === 0) {
          expect(fitted.rows).toEqual(encoded);
          expect(fitted.shownRows).toBe(table.dataRowCount);
          if (table.dataRowCount > 0) expect(sentBytes(fitted.rows)).toBeLessThanOrEqual(budget);
          return;
        }
        const kept = fitted.shownRows;
        expect(kept + fitted.omittedRowCount).toBe(table.dataRowCount);
        expect(fitted.rows.slice(0, headerCount + kept)).toEqual(encoded.slice(0, headerCount + kept));
        const note = fitted.rows[fitted.rows.length - 1]!;
        expect(note[0]).toBe(omittedRowsMessage(fitted.omittedRowCount));
        expect(fitted.rows).toHaveLength(headerCount + kept + 1);
        // Only the header and the note can overrun a budget too small for them.
        if (kept > 0) expect(sentBytes(fitted.rows)).toBeLessThanOrEqual(budget);
        // One row more (with its own note, or none when it was the last) would not fit.
        const more = encoded.slice(0, headerCount + kept + 1);
        if (fitted.omittedRowCount > 1)
          more.push([omittedRowsMessage(fitted.omittedRowCount - 1), ...new Array<string>(note.length - 1).fill("")]);
        expect(sentBytes(more)).toBeGreaterThan(budget);
      }),
      { numRuns: 300 },
    );
  });
});
