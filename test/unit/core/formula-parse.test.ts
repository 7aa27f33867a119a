import { builderProblem } from "../../../src/core/builder-limits";
import { statsModelOfFormula } from "../../../src/core/formula-parse";
import { statsFormula, type StatsQueryModel } from "../../../src/core/formula-text";
import { excelSerialFromIsoDate } from "../../../src/core/excel-dates";

const TODAY = () => "2026-07-03";
const PICKERS = [
  "organizations",
  "countries",
  "formats",
  "integration_types",
  "device_types",
  "asset_types",
  "assets",
] as const;

function model(formula: string): StatsQueryModel {
  const read = statsModelOfFormula(formula, TODAY, "REPORTING");
  if ("problem" in read) throw new Error(`refused ${formula}: ${read.problem}`);
  return read.model;
}

function problem(formula: string): string {
  const read = statsModelOfFormula(formula, TODAY, "REPORTING");
  if (!("problem" in read)) throw new Error(`loaded ${formula}`);
  return read.problem;
}

describe("statsModelOfFormula", () => {
  it("loads every argument the builder writes, and writes the same text back", () => {
    const formula =
      '=REPORTING.STATS("2026-06-01","2026-06-30","country,date","revenues,ecpm","countries=FR,DE; formats=interstitial",' +
      '"revenues:desc,date","date_group=week; date_group_limit=3; limit=500; offset=20; headers=api; profile=Team ""A""; cache=0; compare=previous_year")';
    const loaded = model(formula);
    expect(loaded).toEqual({
      period: { from: "2026-06-01", to: "2026-06-30" },
      groups: ["country", "date"],
      metrics: ["revenues", "ecpm"],
      filters: { countries: ["FR", "DE"], formats: ["interstitial"] },
      orders: ["revenues:desc", "date"],
      dateGroup: "week",
      dateGroupLimit: 3,
      limit: 500,
      offset: 20,
      headers: "api",
      profile: 'Team "A"',
      cacheSeconds: 0,
      compare: "previous_year",
    });
    expect(statsFormula(loaded, "REPORTING")).toBe(formula);
  });

  it("reads compare= as typed by hand into the builder's words, and leaves it out when absent", () => {
    expect(model('=REPORTING.STATS("LAST_MONTH",,,,,,"Compare = Previous period")').compare).toBe("previous_period");
    expect(model('=REPORTING.STATS("LAST_MONTH")')).not.toHaveProperty("compare");
    expect(problem('=REPORTING.STATS("LAST_MONTH",,,,,,"compare=last_year")')).toContain(
      "compare=last_year is not accepted. Use compare=previous_period or compare=previous_year",
    );
  });

  it("keeps a period word as a word, whatever its case, so the formula keeps moving", () => {
    expect(model('=REPORTING.STATS("last_month")').period).toEqual({ word: "LAST_MONTH" });
    expect(model('=REPORTING.STATS(" Last 7 days ",,"date")')).toEqual({
      period: { word: "LAST_7_DAYS" },
      groups: ["date"],
      metrics: [],
      filters: {},
      orders: [],
    });
  });

  it("reads date serials as the days they are, the way the function does", () => {
    const from = excelSerialFromIsoDate("2026-06-01");
    const to = excelSerialFromIsoDate("2026-06-30");
    expect(model(`=REPORTING.STATS(${from},${to})`).period).toEqual({ from: "2026-06-01", to: "2026-06-30" });
    expect(model(`=REPORTING.STATS(${from}, "2026-06-30")`).period).toEqual({ from: "2026-06-01", to: "2026-06-30" });
  });

  it("reads readable names and lower-case text the way the function does", () => {
    const loaded = model(
      '=reporting.stats("MTD",,"Country; Device type","Revenue, eCPM","country=fr","Revenue desc","headers=API; dategroup=monthly")',
    );
    expect(loaded).toMatchObject({
      groups: ["country", "device_types"],
      metrics: ["revenues", "ecpm"],
      filters: { countries: ["FR"] },
      orders: ["revenues:desc"],
      dateGroup: "month",
      headers: "api",
    });
  });

  it("loads the registered name from Excel's placeholder of a function not loaded yet", () => {
    expect(model('=_xldudf_REPORTING_STATS("YTD",,"date")').groups).toEqual(["date"]);
  });

  it("says plainly that an argument referring to a cell cannot be loaded", () => {
    expect(problem('=REPORTING.STATS(A1,B1,"date")')).toBe(
      "The from argument is A1, a cell reference or a calculation: the builder loads only texts and numbers typed into the formula. " +
        "Edit it in the cell instead; the builder leaves it as it is.",
    );
    expect(problem('=REPORTING.STATS("LAST_30_DAYS",,D2:D3)')).toMatch(
      /^The groups argument is D2:D3, a cell reference/,
    );
    expect(problem('=REPORTING.STATS("YTD",,,,"countries=" & A5)')).toMatch(
      /^The filters argument is "countries=" & A5/,
    );
  });

  it("names the function when it is not REPORTING.STATS", () => {
    expect(problem('=REPORTING.LEGACY.STATS("LAST_7_DAYS",,"day")')).toMatch(
      /REPORTING\.LEGACY\.STATS formula; the Query tab edits REPORTING\.STATS formulas only/,
    );
    expect(problem('=REPORTING.VALUE("revenues","YTD")')).toMatch(/REPORTING\.VALUE formula/);
    expect(problem('=_xldudf_REPORTING_LEGACY_STATS("YTD")')).toMatch(/REPORTING\.LEGACY\.STATS formula/);
    expect(problem("=SUM(1,2)")).toBe(
      "This cell's formula calls SUM, not REPORTING.STATS, so the builder cannot load it.",
    );
    expect(problem('=REPORTING.STATS("YTD")/1000')).toMatch(/does more than call REPORTING\.STATS/);
  });

  it("passes on the function's own refusal of a wrong argument, and too many arguments", () => {
    expect(problem('=REPORTING.STATS("YTD",,"planet")')).toMatch(
      /^This formula has an error, so the builder cannot load it: groups: "planet" is not a group/,
    );
    expect(problem('=REPORTING.STATS("2026-06-30","2026-06-01")')).toMatch(/to: 2026-06-01 is before from/);
    expect(problem('=REPORTING.STATS("YTD",,,,,,,"x")')).toMatch(/at most 7 arguments and this formula has 8/);
  });
});

describe("builderProblem", () => {
  const base: StatsQueryModel = { period: { word: "YTD" }, groups: ["date"], metrics: [], filters: {}, orders: [] };

  it("accepts what the form can show", () => {
    expect(
      builderProblem(
        { ...base, metrics: ["impressions", "ecpm"], dateGroup: "month", dateGroupLimit: 2, limit: 1 },
        PICKERS,
      ),
    ).toBeUndefined();
    expect(
      builderProblem({ ...base, metrics: ["impressions", "revenues", "ecpm", "requests"] }, PICKERS),
    ).toBeUndefined();
    // The metrics' order is the analyst's: the form lists them so, and the columns keep it.
    expect(builderProblem({ ...base, metrics: ["ecpm", "revenues"] }, PICKERS)).toBeUndefined();
    expect(
      builderProblem({ ...base, metrics: ["requests", "impressions", "revenues", "ecpm"] }, PICKERS),
    ).toBeUndefined();
    expect(builderProblem({ ...base, groups: [], dateGroup: "day" }, PICKERS)).toBeUndefined();
  });

  it("refuses what the form would quietly change", () => {
    expect(builderProblem({ ...base, filters: { ad_units: ["u1"] } }, PICKERS)).toMatch(
      /filters on ad_units, which the builder has no picker for/,
    );
    expect(builderProblem({ ...base, groups: ["country"], dateGroup: "week" }, PICKERS)).toMatch(
      /date_group=week without grouping by date/,
    );
    expect(builderProblem({ ...base, groups: ["country"], dateGroupLimit: 2 }, PICKERS)).toMatch(
      /date_group_limit without grouping by date/,
    );
    expect(builderProblem({ ...base, limit: 0 }, PICKERS)).toMatch(/limit=0/);
    expect(builderProblem({ ...base, dateGroupLimit: 0 }, PICKERS)).toMatch(/date_group_limit=0/);
  });
});
