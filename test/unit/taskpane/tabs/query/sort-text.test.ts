import { pendingSortText, sortFieldOf, sortItemOf, sortOf } from "../../../../../src/taskpane/tabs/query/sort-text";

describe("the Sort by words", () => {
  it("reads a sort's column without its direction", () => {
    expect(sortFieldOf("revenues:desc")).toBe("revenues");
    expect(sortFieldOf("country")).toBe("country");
  });

  it("writes the selects' choice as the formula's sort", () => {
    expect(sortOf("revenues", "desc")).toBe("revenues:desc");
    expect(sortOf("revenues", "asc")).toBe("revenues");
  });

  it("shows a sort with the column's readable name and its direction", () => {
    expect(sortItemOf("revenues:desc")).toEqual({ value: "revenues:desc", label: "Revenues, descending" });
    expect(sortItemOf("country")).toEqual({ value: "country", label: "Country, ascending" });
    expect(pendingSortText("ecpm", "desc")).toBe("Not applied yet: choose Add to sort by eCPM, descending.");
  });

  it("says a column chosen but not added is not applied yet", () => {
    expect(pendingSortText("", "asc")).toBe("Choose a column, then Add: a sort applies once it is in the list above.");
    expect(pendingSortText("impressions", "desc")).toBe(
      "Not applied yet: choose Add to sort by Impressions, descending.",
    );
  });
});
