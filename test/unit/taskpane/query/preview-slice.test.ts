import { previewSlice } from "../../../../src/taskpane/query/preview-slice";

const table = (dataRows: number, header = true) => ({
  rows: [...(header ? [["Date", "Revenues"]] : []), ...Array.from({ length: dataRows }, (_, index) => [45_000 + index, index * 1.5])],
  dataRowCount: dataRows,
});

describe("the slice of a table a preview shows", () => {
  it("keeps the header apart and shows the first rows, saying how many there are in all", () => {
    const slice = previewSlice(table(1234), true, 20);
    expect(slice.header).toEqual(["Date", "Revenues"]);
    expect(slice.rows).toHaveLength(20);
    expect(slice.rows[0]).toEqual([45_000, 0]);
    expect(slice.summary).toBe("1,234 rows in total; the first 20 are shown.");
  });

  it("shows every row when they fit, and one row in the singular", () => {
    expect(previewSlice(table(3), true, 20).summary).toBe("3 rows in total.");
    expect(previewSlice(table(1), true, 20).summary).toBe("1 row in total.");
  });

  it("starts at the first row without a header", () => {
    const slice = previewSlice(table(2, false), false, 20);
    expect(slice.header).toBeUndefined();
    expect(slice.rows[0]).toEqual([45_000, 0]);
  });

  it("says what to try when nothing matches, without the blank row Excel needs", () => {
    const slice = previewSlice({ rows: [[""]], dataRowCount: 0 }, false, 20);
    expect(slice.rows).toEqual([]);
    expect(slice.summary).toBe("No statistics match this query: try a longer period or fewer filters.");
  });
});
