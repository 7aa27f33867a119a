import { notChosen } from "../../../../src/taskpane/widgets/add-list";

describe("notChosen", () => {
  it("offers the values not chosen, in their own order rather than the order chosen", () => {
    expect(notChosen(["impressions", "revenues", "ecpm", "requests"], ["ecpm", "impressions"])).toEqual([
      "revenues",
      "requests",
    ]);
  });

  it("offers nothing once every value is chosen", () => {
    expect(notChosen(["date", "country"], ["country", "date"])).toEqual([]);
  });
});
