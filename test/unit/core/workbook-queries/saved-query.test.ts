import {
  builderModelOf,
  byName,
  readSavedQueryXml,
  savedModelOf,
  savedQueryNameProblem,
  savedQueryXml,
  type SavedQuery,
} from "../../../../src/core/workbook-queries/saved-query";

const QUERY = savedModelOf({
  period: { from: "2026-01-01", to: "2026-01-31" },
  groups: ["date", "country"],
  metrics: ["revenues", "impressions"],
  filters: { organizations: ["6f1c2a4e-0000-4000-8000-000000000001"], formats: [] },
  orders: ["revenues:desc"],
  headers: "none",
  cacheSeconds: 0,
  compare: "previous_year",
});

const named = (id: string, name: string, savedAt = "2026-04-01T08:00:00Z"): SavedQuery => ({
  version: 1,
  id,
  name,
  query: QUERY,
  savedAt,
});

describe("a saved query", () => {
  it("keeps the builder's whole query, formula-only options included, and gives it back", () => {
    expect(QUERY).toEqual({
      period: { from: "2026-01-01", to: "2026-01-31" },
      groups: ["date", "country"],
      metrics: ["revenues", "impressions"],
      filters: { organizations: ["6f1c2a4e-0000-4000-8000-000000000001"] },
      orders: ["revenues:desc"],
      headers: "none",
      cacheSeconds: 0,
      compare: "previous_year",
    });
    expect(builderModelOf(QUERY)).toEqual(QUERY);
  });

  it("reads back what it writes, and nothing of another shape", () => {
    const query = named("s-11111111-aaaa-bbbbbbbbbbbb", 'Revenue <"EMEA"> & more');
    const xml = savedQueryXml(query);
    expect(xml.startsWith("<?xml")).toBe(false);
    expect(readSavedQueryXml(xml)).toEqual(query);
    expect(readSavedQueryXml(xml.replace("&quot;version&quot;:1", "&quot;version&quot;:2"))).toBeUndefined();
    expect(readSavedQueryXml("<savedQuery/>")).toBeUndefined();
  });

  it("needs a name, not one another saved query has (ignoring case and spaces); its own is no clash when renamed", () => {
    const others = [
      named("s-11111111-aaaa-bbbbbbbbbbbb", "Revenue by country"),
      named("s-22222222-aaaa-bbbbbbbbbbbb", "Costs"),
    ];
    expect(savedQueryNameProblem("   ", others)).toBe("Type a name for the query, such as Revenue by country.");
    expect(savedQueryNameProblem(" revenue BY country ", others)).toBe(
      "This workbook already has a saved query named Revenue by country: choose another name, or delete that one in the Queries tab.",
    );
    expect(savedQueryNameProblem("Revenue by Country", others, "s-11111111-aaaa-bbbbbbbbbbbb")).toBeUndefined();
    expect(savedQueryNameProblem("x".repeat(61), others)).toBe("Use at most 60 characters (this name has 61).");
    expect(savedQueryNameProblem("Margins", others)).toBeUndefined();
  });

  it("is listed by name, as a person reads a list", () => {
    const list = byName([named("s-1aaaaaaa", "beta"), named("s-2aaaaaaa", "Alpha"), named("s-3aaaaaaa", "alpha 2")]);
    expect(list.map((query) => query.name)).toEqual(["Alpha", "alpha 2", "beta"]);
  });
});
