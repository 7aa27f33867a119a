import { describeQuery } from "../../../../src/core/workbook-queries/describe-query";
import { storedModelOf } from "../../../../src/core/workbook-queries/stored-query";

const ORGANIZATION = "6f1c2a4e-9b1d-4c37-8e2a-0d5b7c9e1f20";

describe("a stored query in words", () => {
  const model = storedModelOf({
    period: { word: "LAST_MONTH" },
    groups: ["country"],
    metrics: ["revenues"],
    filters: { organizations: [ORGANIZATION, "unknown-org"], countries: ["FR"] },
    orders: [],
  });

  it("names a filtered organization by its name from the profile's lists, not by its id", () => {
    expect(describeQuery(model, { organizations: { [ORGANIZATION]: "Acme Media" }, countries: { FR: "France" } })).toBe(
      "Revenues by Country; last month; Organizations: Acme Media, unknown-org; Countries: France",
    );
  });

  it("keeps the codes while no list is loaded", () => {
    expect(describeQuery(model)).toBe(
      `Revenues by Country; last month; Organizations: ${ORGANIZATION}, unknown-org; Countries: FR`,
    );
  });
});
