import { pickerCountText, pickerSearchAnnouncement, pickerSelectionAnnouncement } from "../../../src/taskpane/picker-text";

describe("picker texts", () => {
  it("says on the summary that an empty choice keeps every value", () => {
    expect(pickerCountText(0, 52)).toBe("all (52)");
    expect(pickerCountText(3, 52)).toBe("3 selected");
  });

  it("announces the choice with the picker's name and the list's size", () => {
    expect(pickerSelectionAnnouncement("Countries", 2, 52)).toBe("Countries: 2 of 52 selected.");
    expect(pickerSelectionAnnouncement("Countries", 0, 52)).toBe("Countries: none selected, all 52 included.");
  });

  it("announces how many values a search finds, and when the list is cut short", () => {
    expect(pickerSearchAnnouncement(0, 300)).toBe("No value matches your search.");
    expect(pickerSearchAnnouncement(1, 300)).toBe("1 value matches.");
    expect(pickerSearchAnnouncement(12, 300)).toBe("12 values match.");
    expect(pickerSearchAnnouncement(1200, 300)).toBe("Showing 300 of 1200: type to narrow the list.");
  });
});
