import { addedSheetsText } from "../../../../src/taskpane/exports/added-sheets-text";

describe("what Open as worksheet says", () => {
  it("names the sheets Excel added, as Excel named them, and which one describes the query", () => {
    expect(addedSheetsText(["Statistics", "Query"])).toBe(
      'Added the worksheets "Statistics" and "Query" to this workbook; the last one describes the query.',
    );
    expect(addedSheetsText(["Statistics (2)", "Query (2)"])).toBe(
      'Added the worksheets "Statistics (2)" and "Query (2)" to this workbook; the last one describes the query.',
    );
  });

  it("speaks of one sheet in the singular, and says what to do when none was added", () => {
    expect(addedSheetsText(["Statistics"])).toBe('Added the worksheet "Statistics" to this workbook.');
    expect(addedSheetsText([])).toBe(
      "Excel added no worksheet from the file. Try again, or use Export Excel and open the downloaded file.",
    );
  });
});
