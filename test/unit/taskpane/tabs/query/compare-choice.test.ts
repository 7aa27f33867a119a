import type { StatsQueryModel } from "../../../../../src/core/formula-text";
import { statsFormula } from "../../../../../src/core/formula-text";
import { compareChoiceOf, withCompare } from "../../../../../src/taskpane/tabs/query/compare-choice";

const MODEL: StatsQueryModel = {
  period: { word: "LAST_MONTH" },
  groups: ["date"],
  metrics: ["revenues"],
  filters: {},
  orders: [],
};

describe("the Compare with choice", () => {
  it("reads the select's values and nothing else", () => {
    expect(compareChoiceOf("previous_period")).toBe("previous_period");
    expect(compareChoiceOf("previous_year")).toBe("previous_year");
    expect(compareChoiceOf("")).toBeUndefined();
    expect(compareChoiceOf("previous_week")).toBeUndefined();
  });

  it("puts the choice in the formula, and leaves a model without one as it was", () => {
    expect(statsFormula(withCompare(MODEL, "previous_year"), "REPORTING")).toContain('"compare=previous_year"');
    expect(withCompare(MODEL, undefined)).toBe(MODEL);
  });
});
