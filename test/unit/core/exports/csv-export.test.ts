import fc from "fast-check";
import { isFormulaLike, neutraliseCsv, parseCsv } from "../../../../src/core/csv-safety";
import { rowsCsv } from "../../../../src/core/exports/csv-export";
import { csvField } from "../../../../src/core/exports/csv-header";

describe("rowsCsv checks each value as it writes it", () => {
  const value = fc.oneof(
    fc.string({
      unit: fc.constantFrom("a", "1", ",", '"', "\r", "\n", "=", "+", "-", "@", "\t", " ", "'", ".", "e"),
      maxLength: 8,
    }),
    fc.constantFrom("=SUM(A1)", "-3", "+1.5e3", "@x", "\r=x", "", "-", "1e"),
    fc.double({ noNaN: true }),
    fc.integer(),
    fc.boolean(),
  );

  it("property: the same file and count as checking the written file field by field would give", () => {
    fc.assert(
      fc.property(
        fc.option(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { nil: undefined }),
        fc.array(fc.array(value, { maxLength: 4 }), { maxLength: 5 }),
        (header, rows) => {
          const written = [...(header ? [header] : []), ...rows.map((row) => row.map(String))];
          const plain = written.map((values) => `${values.map(csvField).join(",")}\r\n`).join("");
          const checked = neutraliseCsv(plain);
          expect(rowsCsv(header, rows, [])).toEqual({ csv: `\uFEFF${checked.csv}`, neutralised: checked.neutralised });
        },
      ),
    );
  });

  it("property: reading the file back gives every value, a formula-like one behind a `'`", () => {
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const expected = rows.map((row) =>
          row.map((cell) => (isFormulaLike(String(cell)) ? `'${String(cell)}` : String(cell))),
        );
        expect(parseCsv(rowsCsv(undefined, rows, []).csv.slice(1))).toEqual(expected);
      }),
    );
  });
});
