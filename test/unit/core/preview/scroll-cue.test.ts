import { bucketNote, columnsHiddenRight, scrollCueText } from "../../../../src/core/preview";

describe("scroll cue", () => {
  const columns = [
    { left: 0, right: 90 },
    { left: 90, right: 190 },
    { left: 190, right: 260 },
    { left: 260, right: 340 },
    { left: 340, right: 400 },
  ];

  it("counts the columns that end beyond the visible width, and fewer as the table scrolls", () => {
    expect(columnsHiddenRight(columns, 0, 288)).toBe(2);
    expect(columnsHiddenRight(columns, 60, 288)).toBe(1);
    expect(columnsHiddenRight(columns, 112, 288)).toBe(0);
    // Sub-pixel layout: a column ending half a pixel beyond the edge is in view.
    expect(columnsHiddenRight(columns, 0, 339.5)).toBe(1);
  });

  it("names the count of hidden columns in words, and says nothing when all are in view", () => {
    expect(scrollCueText(3)).toBe("Scroll sideways for 3 more columns");
    expect(scrollCueText(1)).toBe("Scroll sideways for 1 more column");
    expect(scrollCueText(0)).toBe("");
  });
});

describe("bucketNote", () => {
  it("says nothing of a whole week or month, or of a week starting on the period's first day", () => {
    expect(
      bucketNote("2024-05-06", { bucket: "week", period: { from: "2024-05-06", to: "2024-05-12" } }),
    ).toBeUndefined();
    expect(
      bucketNote("2024-02-01", { bucket: "month", period: { from: "2024-01-01", to: "2024-12-31" } }),
    ).toBeUndefined();
  });

  it("counts February's days in a leap year", () => {
    expect(bucketNote("2024-02-01", { bucket: "month", period: { from: "2024-02-10", to: "2024-12-31" } })).toBe(
      "partial: 20 of 29 days",
    );
  });

  it("keeps a text that is not a day as it is", () => {
    expect(bucketNote("2024-W19", { bucket: "week" })).toBeUndefined();
  });

  it("counts without a period or a last day with data that is not a day", () => {
    expect(
      bucketNote("2024-05-06", {
        bucket: "week",
        period: { from: "2024-05-08", to: "2024-05-12" },
        dataThrough: "soon",
      }),
    ).toBe("partial: 5 of 7 days");
    expect(
      bucketNote("2024-05-06", { bucket: "week", period: { from: "2024-5-8", to: "2024-05-12" } }),
    ).toBeUndefined();
    expect(
      bucketNote("2024-05-06", {
        bucket: "week",
        period: { from: "2024-05-08", to: "2024-05-12" },
        dataThrough: "2024-05-10",
      }),
    ).toBe("partial: 3 of 7 days, data through 2024-05-10");
  });
});
