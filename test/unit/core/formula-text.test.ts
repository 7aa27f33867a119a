import { readLegacyQuery } from "../../../src/core/arguments/legacy-query";
import { readStatsQuery } from "../../../src/core/arguments/stats-query";
import {
  EXCEL_FORMULA_MAX_LENGTH,
  formulaProblem,
  legacyArgumentsOf,
  legacyStatsFormula,
  quoteFormulaText,
  statsArgumentsOf,
  statsFormula,
  type StatsQueryModel,
} from "../../../src/core/formula-text";
import { formulaArguments } from "../../e2e/support/formula-arguments";

const TODAY = () => "2025-03-15";

function model(overrides: Partial<StatsQueryModel> = {}): StatsQueryModel {
  return { period: { word: "LAST_30_DAYS" }, groups: [], metrics: [], filters: {}, orders: [], ...overrides };
}

function argumentsOfFormula(formula: string, name = "REPORTING.STATS"): (string | undefined)[] {
  return formulaArguments(formula, name);
}

function parseBack(formula: string) {
  const [from, to, groups, metrics, filters, orders, options] = argumentsOfFormula(formula);
  return readStatsQuery({ from, to, groups, metrics, filters, orders, options }, TODAY);
}

describe("statsFormula", () => {
  it("writes a period word alone and drops the empty trailing arguments", () => {
    expect(statsFormula(model(), "REPORTING")).toBe('=REPORTING.STATS("LAST_30_DAYS")');
  });

  it("keeps an empty argument in the middle as a bare comma", () => {
    expect(statsFormula(model({ groups: ["date"] }), "REPORTING")).toBe('=REPORTING.STATS("LAST_30_DAYS",,"date")');
  });

  it("writes every argument readably, groups in the user's order and filters in a fixed order", () => {
    const formula = statsFormula(
      model({
        period: { from: "2025-01-01", to: "2025-01-31" },
        groups: ["country", "date"],
        metrics: ["revenues", "impressions"],
        filters: { formats: ["interstitial"], countries: ["FR", "DE"] },
        orders: ["revenues:desc", "date"],
        dateGroup: "week",
        limit: 500,
        headers: "api",
      }),
      "REPORTING",
    );
    expect(formula).toBe(
      '=REPORTING.STATS("2025-01-01","2025-01-31","country,date","revenues,impressions",' +
        '"countries=FR,DE; formats=interstitial","revenues:desc,date","date_group=week; limit=500; headers=api")',
    );
  });

  it("leaves out the defaults: daily dates, readable headers, no offset, empty filters", () => {
    const formula = statsFormula(
      model({ dateGroup: "day", headers: "readable", offset: 0, filters: { countries: [] }, metrics: ["ecpm"] }),
      "REPORTING",
    );
    expect(formula).toBe('=REPORTING.STATS("LAST_30_DAYS",,,"ecpm")');
  });

  it("doubles quotes inside a profile name", () => {
    expect(statsFormula(model({ profile: 'Team "A"' }), "REPORTING")).toBe(
      '=REPORTING.STATS("LAST_30_DAYS",,,,,,"profile=Team ""A""")',
    );
    expect(quoteFormulaText('say "hi"')).toBe('"say ""hi"""');
  });
});

describe("round trip through the formulas' argument parser", () => {
  it("a period word becomes the same request the preview sends", () => {
    const query = model({ groups: ["date"], metrics: ["revenues"] });
    const fromText = parseBack(statsFormula(query, "REPORTING"));
    const fromArguments = readStatsQuery(statsArgumentsOf(query), TODAY);
    expect(fromText).toEqual(fromArguments);
    expect(fromText.request).toEqual({
      filters: { from: "2025-02-13", to: "2025-03-14" },
      groups: ["date"],
      metrics: ["revenues"],
    });
  });

  it("every field of a full query survives the text", () => {
    const query = model({
      period: { from: "2024-12-01", to: "2025-02-28" },
      groups: ["asset", "date", "country"],
      metrics: ["impressions", "revenues", "ecpm", "requests"],
      filters: {
        organizations: ["0f8fad5b-d9cb-469f-a165-70867728950e"],
        assets: ["ABC-1A2B3C4D"],
        asset_types: ["IOS", "WEB"],
        countries: ["FR", "DE"],
        formats: ["interstitial", "optin_video"],
        integration_types: ["header_bidding"],
        device_types: ["mobile"],
      },
      orders: ["date:desc", "asset"],
      dateGroup: "month",
      dateGroupLimit: 3,
      limit: 250,
      offset: 10,
      headers: "none",
      profile: "Finance EU",
      compare: "previous_period",
    });
    expect(statsFormula(query, "REPORTING")).toContain('headers=none; profile=Finance EU; compare=previous_period")');
    const parsed = parseBack(statsFormula(query, "REPORTING"));
    expect(parsed.request).toEqual({
      filters: {
        from: "2024-12-01",
        to: "2025-02-28",
        organizations: ["0f8fad5b-d9cb-469f-a165-70867728950e"],
        assets: ["ABC-1A2B3C4D"],
        asset_types: ["IOS", "WEB"],
        countries: ["FR", "DE"],
        formats: ["interstitial", "optin_video"],
        integration_types: ["header_bidding"],
        device_types: ["mobile"],
      },
      groups: ["asset", "date", "country"],
      metrics: ["impressions", "revenues", "ecpm", "requests"],
      orders: ["date:desc", "asset"],
      date_group: "month",
      date_group_limit: 3,
      limit: 250,
      offset: 10,
    });
    expect(parsed.headers).toBe("none");
    expect(parsed.profile).toBe("Finance EU");
    expect(parsed.compare).toBe("previous_period");
  });
});

describe("formulaProblem", () => {
  it("accepts a formula up to Excel's limit and explains a longer one", () => {
    expect(formulaProblem("=" + "x".repeat(EXCEL_FORMULA_MAX_LENGTH - 1))).toBeUndefined();
    expect(formulaProblem("=" + "x".repeat(EXCEL_FORMULA_MAX_LENGTH))).toMatch(/at most 8192.*Insert as table/);
  });
});

describe("legacyStatsFormula", () => {
  it("writes the period and the groupings in order, and parses back to the same query", () => {
    const query = { period: { from: "2025-01-01", to: "2025-01-31" }, groupBy: ["day", "ad_unit_type"] as const };
    const formula = legacyStatsFormula(query, "REPORTING");
    expect(formula).toBe('=REPORTING.LEGACY.STATS("2025-01-01","2025-01-31","day,ad_unit_type")');
    const [from, to, groupBy, options] = argumentsOfFormula(formula, "REPORTING.LEGACY.STATS");
    const parsed = readLegacyQuery({ from, to, groupBy, options }, TODAY);
    expect(parsed).toEqual(readLegacyQuery(legacyArgumentsOf(query), TODAY));
    expect(parsed).toMatchObject({
      period: { from: "2025-01-01", to: "2025-01-31" },
      groupBy: ["day", "ad_unit_type"],
      headers: "readable",
    });
  });

  it("carries a period word, headers and profile", () => {
    const formula = legacyStatsFormula(
      { period: { word: "LAST_MONTH" }, groupBy: ["month", "country"], headers: "api", profile: "Apps" },
      "REPORTING",
    );
    expect(formula).toBe('=REPORTING.LEGACY.STATS("LAST_MONTH",,"month,country","headers=api; profile=Apps")');
    const [from, to, groupBy, options] = argumentsOfFormula(formula, "REPORTING.LEGACY.STATS");
    expect(readLegacyQuery({ from, to, groupBy, options }, TODAY)).toMatchObject({
      period: { from: "2025-02-01", to: "2025-02-28" },
      groupBy: ["month", "country"],
      headers: "api",
      profile: "Apps",
    });
  });
});
