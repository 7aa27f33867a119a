import {
  filterListLoadedText,
  filterListsFailedText,
  pickerCountText,
  pickerLoadingText,
  pickerSearchAnnouncement,
  pickerSelectionAnnouncement,
} from "../../../../src/taskpane/widgets/picker-text";

describe("picker texts", () => {
  it("says on the summary that an empty choice keeps every value", () => {
    expect(pickerCountText(0, 52)).toBe("all (52)");
    expect(pickerCountText(3, 52)).toBe("3 selected");
  });

  it("says loading, not all (0), while the list is on its way; unavailable once it failed", () => {
    expect(pickerCountText(0, 0, "loading")).toBe("loading…");
    expect(pickerCountText(2, 52, "loading")).toBe("loading…");
    expect(pickerCountText(0, 0, "unavailable")).toBe("unavailable");
    expect(pickerLoadingText("Countries")).toBe("Loading the list of countries…");
  });

  it("names the lists that failed and where Retry is", () => {
    const reason = "The reporting service has a problem right now. Try again in a few minutes.";
    expect(filterListsFailedText(["Countries"], reason)).toBe(
      `The list of countries could not be loaded. ${reason} Open it under Filters and press Retry.`,
    );
    expect(filterListsFailedText(["Countries", "Formats", "Assets"], reason)).toBe(
      `The lists of countries, formats and assets could not be loaded. ${reason} Open each under Filters and press Retry.`,
    );
    expect(filterListLoadedText("Formats", 6)).toBe("The list of formats is loaded: 6 values.");
    expect(filterListLoadedText("Assets", 1)).toBe("The list of assets is loaded: 1 value.");
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
