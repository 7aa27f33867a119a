import type { SpillRows } from "../../../src/core/cell-values";
import { spillTable } from "../../../src/core/rows/spill-table";
import { omittedRowsMessage } from "../../../src/core/spill-limit";
import { SPILL_DATE_FORMAT } from "../../../src/office/formatted-values";
import { fitSpill } from "../../../src/office/spill-fit";

function table(dataRows: number, withHeader = true) {
  const rows: SpillRows = withHeader ? [["Date", "Country", "Revenues"]] : [];
  for (let index = 0; index < dataRows; index++) rows.push([45658 + (index % 30), "FR", index * 1.5]);
  return spillTable(rows, [0], dataRows, 3);
}

/** What Excel receives, measured independently of the code under test. */
const sentBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

describe("the one cut of a spill", () => {
  it("sends a table that fits whole, with nothing appended", () => {
    const small = table(10);
    const fitted = fitSpill(small, "serial", 1_000_000);
    expect(fitted.rows).toEqual(small.rows);
    expect(fitted).toMatchObject({ headerRows: 1, shownRows: 10, omittedRowCount: 0 });
  });

  it("keeps the header and the first rows, then says how many were left out", () => {
    const big = table(100_000);
    const fitted = fitSpill(big, "serial", 1_000_000);
    const { rows } = fitted;
    expect(rows[0]).toEqual(["Date", "Country", "Revenues"]);
    const shown = rows.length - 2;
    expect(fitted.shownRows).toBe(shown);
    expect(rows[1]).toEqual(big.rows[1]);
    expect(rows[shown]).toEqual(big.rows[shown]);
    expect(fitted.omittedRowCount).toBe(100_000 - shown);
    const last = rows[rows.length - 1]!;
    expect(last).toEqual([omittedRowsMessage(100_000 - shown), "", ""]);
    expect(last[0]).toMatch(
      /^\d{1,3}(,\d{3})* more rows not shown: use Insert as table in the Reporting task pane to bring them all\.$/,
    );
    expect(sentBytes(rows)).toBeLessThanOrEqual(1_000_000);
  });

  it("measures UTF-8 bytes of the JSON, not characters, and keeps every row that fits", () => {
    // 4-byte emoji, 3-byte CJK and escaped quotes: one character is far more than one byte.
    const rows: SpillRows = [["Asset"]];
    for (let index = 0; index < 20_000; index++) rows.push([`🚀広告 "${index}"\\`]);
    const fitted = fitSpill(spillTable(rows, [], 20_000, 1), "double", 200_000);
    expect(sentBytes(fitted.rows)).toBeLessThanOrEqual(200_000);
    const oneMore = [...rows.slice(0, 1 + fitted.shownRows + 1), [omittedRowsMessage(fitted.omittedRowCount - 1)]];
    expect(sentBytes(oneMore)).toBeGreaterThan(200_000);
  });

  it("measures and returns the rows as this Excel receives them: dated values weigh more than serials", () => {
    const big = table(50_000);
    const serial = fitSpill(big, "serial", 500_000);
    const dated = fitSpill(big, "double", 500_000);
    expect(dated.omittedRowCount).toBeGreaterThan(serial.omittedRowCount);
    expect(dated.rows[1]).toEqual([
      { type: "Double", basicValue: big.rows[1]![0], numberFormat: SPILL_DATE_FORMAT },
      "FR",
      0,
    ]);
    expect(fitSpill(big, "formattedNumber", 500_000).rows[1]![0]).toMatchObject({ type: "FormattedNumber" });
    expect(sentBytes(dated.rows)).toBeLessThanOrEqual(500_000);
    expect(sentBytes(serial.rows)).toBeLessThanOrEqual(500_000);
  });

  it("handles tables without a header and budgets smaller than one row", () => {
    expect(fitSpill(table(5, false), "serial", 10)).toEqual({
      rows: [[omittedRowsMessage(5), "", ""]],
      headerRows: 0,
      shownRows: 0,
      omittedRowCount: 5,
    });
    expect(fitSpill(table(3), "double", 10).rows).toEqual([
      ["Date", "Country", "Revenues"],
      [omittedRowsMessage(3), "", ""],
    ]);
  });

  it("sends the blank row of an empty answer as it is", () => {
    expect(fitSpill(spillTable([], [0], 0, 3), "double", 10)).toEqual({
      rows: [["", "", ""]],
      headerRows: 1,
      shownRows: 0,
      omittedRowCount: 0,
    });
  });
});
