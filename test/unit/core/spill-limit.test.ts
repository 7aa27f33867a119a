import type { SpillRows } from "../../../src/core/cell-values";
import { spillTable } from "../../../src/core/rows/spill-table";
import { estimateCellBytes, limitSpill, omittedRowsMessage } from "../../../src/core/spill-limit";

function table(dataRows: number, withHeader = true) {
  const rows: SpillRows = withHeader ? [["Date", "Country", "Revenues"]] : [];
  for (let index = 0; index < dataRows; index++) rows.push([45658 + (index % 30), "FR", index * 1.5]);
  return spillTable(rows, [0], dataRows, 3);
}

describe("spill budget", () => {
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

  it("stays within the budget by its own estimate, and under a JSON serialization of the kept rows", () => {
    const limited = limitSpill(table(200_000), 2_000_000);
    expect(JSON.stringify(limited.rows).length).toBeLessThanOrEqual(2_000_000);
    const estimate = limited.rows.reduce((sum, row) => sum + 2 + row.reduce<number>((cells, cell) => cells + estimateCellBytes(cell), 0), 0);
    expect(estimate).toBeLessThanOrEqual(2_000_000);
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
});
