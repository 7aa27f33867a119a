import type { SpillCell, SpillRows } from "../../../src/core/cell-values";
import { spillTable } from "../../../src/core/rows/spill-table";
import { DEFAULT_SPILL_BUDGET_BYTES, jsonBytes, limitSpill, omittedRowsMessage, utf8Bytes } from "../../../src/core/spill-limit";

function table(dataRows: number, withHeader = true) {
  const rows: SpillRows = withHeader ? [["Date", "Country", "Revenues"]] : [];
  for (let index = 0; index < dataRows; index++) rows.push([45658 + (index % 30), "FR", index * 1.5]);
  return spillTable(rows, [0], dataRows, 3);
}

/** What Excel receives, measured independently of the code under test. */
const sentBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

describe("spill budget", () => {
  it("leaves about 1 MB of Excel's 5 MB for its own envelope", () => {
    expect(DEFAULT_SPILL_BUDGET_BYTES).toBeLessThanOrEqual(4_000_000);
    expect(DEFAULT_SPILL_BUDGET_BYTES).toBeGreaterThanOrEqual(3_500_000);
  });

  it("returns a table that fits unchanged", () => {
    const small = table(10);
    expect(limitSpill(small, 1_000_000)).toBe(small);
  });

  it("keeps the header and the first rows, then says how many were left out", () => {
    const big = table(100_000);
    const limited = limitSpill(big, 1_000_000);
    expect(limited.rows[0]).toEqual(["Date", "Country", "Revenues"]);
    const last = limited.rows[limited.rows.length - 1]!;
    const shown = limited.rows.length - 2;
    expect(limited.rows[1]).toEqual(big.rows[1]);
    expect(limited.rows[shown]).toEqual(big.rows[shown]);
    expect(limited.omittedRowCount).toBe(100_000 - shown);
    expect(last).toEqual([omittedRowsMessage(100_000 - shown), "", ""]);
    expect(last[0]).toMatch(/^\d{1,3}(,\d{3})* more rows not shown: use Insert as table in the Reporting task pane to bring them all\.$/);
    expect(limited.dataRowCount).toBe(100_000);
    expect(limited.dateColumns).toEqual([0]);
  });

  it("measures UTF-8 bytes of the JSON, not characters, and keeps every row that fits", () => {
    // 4-byte emoji, 3-byte CJK and escaped quotes: one character is far more than one byte.
    const rows: SpillRows = [["Asset"]];
    for (let index = 0; index < 20_000; index++) rows.push([`🚀広告 "${index}"\\`]);
    const limited = limitSpill(spillTable(rows, [], 20_000, 1), 200_000);
    expect(sentBytes(limited.rows)).toBeLessThanOrEqual(200_000);
    const kept = limited.dataRowCount - limited.omittedRowCount;
    const oneMore = [...rows.slice(0, 1 + kept + 1), [omittedRowsMessage(limited.omittedRowCount - 1)]];
    expect(sentBytes(oneMore)).toBeGreaterThan(200_000);
  });

  it("measures rows as the caller encodes them", () => {
    const big = table(50_000);
    const asObjects = (row: readonly SpillCell[]) => row.map((cell, column) => (column === 0 && typeof cell === "number" ? { type: "Double", basicValue: cell, numberFormat: "yyyy-mm-dd" } : cell));
    const plain = limitSpill(big, 500_000);
    const encoded = limitSpill(big, 500_000, asObjects);
    expect(encoded.omittedRowCount).toBeGreaterThan(plain.omittedRowCount);
    expect(sentBytes(encoded.rows.map(asObjects))).toBeLessThanOrEqual(500_000);
  });

  it("cuts an already cut table again, counting the rows left out from the whole answer", () => {
    const once = limitSpill(table(50_000), 800_000);
    const twice = limitSpill(once, 300_000);
    expect(twice.dataRowCount).toBe(50_000);
    const kept = twice.rows.length - 2;
    expect(twice.omittedRowCount).toBe(50_000 - kept);
    expect(twice.rows.filter((row) => /not shown/.test(String(row[0])))).toEqual([[omittedRowsMessage(50_000 - kept), "", ""]]);
    expect(limitSpill(once, 800_000)).toBe(once);
  });

  it("handles tables without a header and budgets smaller than one row", () => {
    const limited = limitSpill(table(5, false), 10);
    expect(limited.rows).toEqual([[omittedRowsMessage(5), "", ""]]);
    expect(limitSpill(table(3), 10).rows).toEqual([["Date", "Country", "Revenues"], [omittedRowsMessage(3), "", ""]]);
  });

  it("writes counts with thousands separators and a singular for one row", () => {
    expect(omittedRowsMessage(12_345)).toBe("12,345 more rows not shown: use Insert as table in the Reporting task pane to bring them all.");
    expect(omittedRowsMessage(1)).toMatch(/^1 more row not shown/);
  });

  it("counts UTF-8 bytes as Node does, escapes included", () => {
    for (const text of ["", "abc", "é", "広告", "🚀", "a\u0001b", '"\\', "\ud800"]) {
      expect(utf8Bytes(JSON.stringify(text))).toBe(sentBytes(text));
      expect(jsonBytes(text)).toBe(sentBytes(text));
    }
  });
});
