import { periodOfWord } from "../../../../../src/core/periods";
import { dataThroughText, pastDataWarning } from "../../../../../src/taskpane/tabs/query/data-through";

const TODAY = "2026-03-18";
const YESTERDAY = "2026-03-17";

describe("data through", () => {
  it("reads as a sentence with the date as the pane writes dates", () => {
    expect(dataThroughText(YESTERDAY)).toBe("Data through 2026-03-17.");
  });

  it("says nothing when the data covers the period", () => {
    expect(pastDataWarning(periodOfWord("LAST_30_DAYS", TODAY), YESTERDAY, "LAST_30_DAYS")).toBeUndefined();
    expect(pastDataWarning(periodOfWord("YESTERDAY", TODAY), YESTERDAY, "YESTERDAY")).toBeUndefined();
    expect(pastDataWarning({ from: "2026-03-01", to: YESTERDAY }, YESTERDAY)).toBeUndefined();
  });

  it("says that today has no data yet", () => {
    expect(pastDataWarning(periodOfWord("TODAY", TODAY), YESTERDAY, "TODAY")).toBe(
      "Today has no data yet: the last day with data is 2026-03-17.",
    );
  });

  it("says that the *TD words include today", () => {
    for (const [word, label] of [
      ["MTD", "Month to date"],
      ["QTD", "Quarter to date"],
      ["YTD", "Year to date"],
    ] as const) {
      expect(pastDataWarning(periodOfWord(word, TODAY), YESTERDAY, word)).toBe(
        `${label} includes today, which has no data yet: the last day with data is 2026-03-17, so the figures stop there.`,
      );
    }
  });

  it("says where a custom range stops having data, or that it has none", () => {
    expect(pastDataWarning({ from: "2026-03-10", to: "2026-03-20" }, YESTERDAY)).toBe(
      "The days after 2026-03-17 have no data yet: the last day with data is 2026-03-17, so the figures stop there.",
    );
    expect(pastDataWarning({ from: "2026-03-19", to: "2026-03-20" }, YESTERDAY)).toBe(
      "This period has no data yet: the last day with data is 2026-03-17. Choose an earlier period.",
    );
  });
});
