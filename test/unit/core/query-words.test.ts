import { chosenFilters, coarserDateGroup, sortText } from "../../../src/core/query-words";

describe("chosenFilters", () => {
  it("keeps the filters holding values, in the service's order whatever the model's, with their titles", () => {
    const chosen = chosenFilters({
      device_types: ["phone"],
      countries: ["FR", "DE"],
      formats: [],
      organizations: ["org-1"],
    });
    expect(chosen).toEqual([
      { name: "organizations", title: "Organizations", values: ["org-1"] },
      { name: "countries", title: "Countries", values: ["FR", "DE"] },
      { name: "device_types", title: "Device types", values: ["phone"] },
    ]);
  });

  it("is empty when no filter holds a value", () => {
    expect(chosenFilters({ countries: [] })).toEqual([]);
  });
});

describe("coarserDateGroup", () => {
  it("names a grouping coarser than days only when the query has a date column", () => {
    expect(coarserDateGroup({ groups: ["country", "date"], dateGroup: "week" })).toBe("week");
    expect(coarserDateGroup({ groups: ["country"], dateGroup: "month" })).toBeUndefined();
    expect(coarserDateGroup({ groups: ["date"], dateGroup: "day" })).toBeUndefined();
    expect(coarserDateGroup({ groups: ["date"] })).toBeUndefined();
  });
});

describe("sortText", () => {
  it("names the column readably and says the direction", () => {
    expect(sortText("revenues:desc")).toBe("Revenues, descending");
    expect(sortText("ad_unit")).toBe("Ad unit, ascending");
    expect(sortText("odd_field:desc")).toBe("odd_field, descending");
  });
});
