import { previewSummaryText } from "../../../../src/taskpane/widgets/preview-summary";

describe("the line above a preview's rows", () => {
  const none = "No statistics match this query: try a longer period or fewer filters.";

  it.each([
    [1234, 20, "1,234 rows in total; the first 20 are shown."],
    [20, 20, "20 rows in total."],
    [3, 3, "3 rows in total."],
    [1, 1, "1 row in total."],
  ])("%d rows with %d shown", (total, shown, text) => {
    expect(previewSummaryText(total, shown, none)).toBe(text);
  });

  it("says 'at least' when the service did not count the rows of an answer longer than a page", () => {
    expect(previewSummaryText(10_000, 20, none, false)).toBe("At least 10,000 rows; the first 20 are shown.");
  });

  it("says what the tab advises when nothing matches", () => {
    expect(previewSummaryText(0, 0, none)).toBe(none);
  });
});
