import { formulaMetrics, shownMetrics } from "../../../../../src/taskpane/tabs/query/metric-choice";

describe("the metrics of the query, in the analyst's order", () => {
  it("names the metrics in the order they were lined up, all four included", () => {
    expect(formulaMetrics(["revenues", "impressions"])).toEqual(["revenues", "impressions"]);
    expect(formulaMetrics(["requests", "impressions", "revenues", "ecpm"])).toEqual([
      "requests",
      "impressions",
      "revenues",
      "ecpm",
    ]);
  });

  it("leaves metrics= empty only for every metric in the service's order, which it means", () => {
    expect(formulaMetrics(["impressions", "revenues", "ecpm", "requests"])).toEqual([]);
  });

  it("lists a formula's metrics as it names them, and every metric for none", () => {
    expect(shownMetrics(["ecpm", "revenues"])).toEqual(["ecpm", "revenues"]);
    expect(shownMetrics([])).toEqual(["impressions", "revenues", "ecpm", "requests"]);
  });
});
