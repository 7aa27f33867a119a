import { leadingGroupColumns, pinnedColumnCount } from "../../../../src/core/preview";

describe("the preview's pinned columns", () => {
  it("takes the date and every group before the first figure as candidates, the first column at least", () => {
    expect(leadingGroupColumns(["date", "group", "count", "currency"])).toBe(2);
    expect(leadingGroupColumns(["group", "group", "date", "count"])).toBe(3);
    expect(leadingGroupColumns(["date", "count", "group"])).toBe(1);
    expect(leadingGroupColumns(["count", "currency"])).toBe(1);
    expect(leadingGroupColumns(["text", "text"])).toBe(1);
    expect(leadingGroupColumns(["date", "group"])).toBe(2);
  });

  it("pins every group column that fits within two thirds of the 288 px a 320 px pane shows", () => {
    // Date (78 px) and country (104 px): 182 px pinned, 106 px left for the figures.
    expect(pinnedColumnCount([78, 104], 288)).toBe(2);
    expect(pinnedColumnCount([78, 72, 30], 288)).toBe(3);
  });

  it("leaves the figures room: a group that would take more stays scrollable", () => {
    expect(pinnedColumnCount([78, 104, 104], 288)).toBe(2);
    expect(pinnedColumnCount([78, 120], 288)).toBe(1);
    // The first column is pinned whatever its width.
    expect(pinnedColumnCount([200, 50], 288)).toBe(1);
  });

  it("pins only the first column of a view not measured yet, and none of a table without columns", () => {
    expect(pinnedColumnCount([78, 104], 0)).toBe(1);
    expect(pinnedColumnCount([], 288)).toBe(0);
  });
});
