/**
 * The development add-in registers REPORTINGDEV, production REPORTING (installed together under
 * one namespace, both give #REF!). Formulas of either are read; each build writes its own.
 */
import { readFormulaCall } from "../../../src/core/formula-call";
import { addinFunctionOf, functionNamespaceOf, mentionsAddinFunction } from "../../../src/core/formula-namespace";
import { statsModelOfFormula } from "../../../src/core/formula-parse";
import { legacyStatsFormula, statsFormula, type StatsQueryModel } from "../../../src/core/formula-text";
import { formulaProfile, freezePlan, isReportingFormula } from "../../../src/core/freeze-note";

const TODAY = () => "2026-07-03";
const QUERY: StatsQueryModel = {
  period: { word: "LAST_MONTH" },
  groups: ["date", "country"],
  metrics: ["revenues"],
  filters: { countries: ["FR"] },
  orders: [],
  profile: "EU team",
};
const DEV_FORMULA = '=REPORTINGDEV.STATS("LAST_MONTH",,"date,country","revenues","countries=FR",,"profile=EU team")';

describe("the formulas each build writes", () => {
  it("call the functions under the namespace of the build", () => {
    expect(statsFormula(QUERY, "REPORTINGDEV")).toBe(DEV_FORMULA);
    expect(statsFormula(QUERY, "REPORTING")).toBe(DEV_FORMULA.replace("REPORTINGDEV.", "REPORTING."));
    expect(legacyStatsFormula({ period: { word: "LAST_7_DAYS" }, groupBy: ["day"] }, "REPORTINGDEV")).toBe(
      '=REPORTINGDEV.LEGACY.STATS("LAST_7_DAYS",,"day")',
    );
  });

  it("use production's namespace when the build names none or an unknown one", () => {
    expect(functionNamespaceOf(undefined)).toBe("REPORTING");
    expect(functionNamespaceOf("OTHER")).toBe("REPORTING");
    expect(functionNamespaceOf("REPORTINGDEV")).toBe("REPORTINGDEV");
  });
});

describe("Edit selected formula", () => {
  it("loads a development formula in a production pane, and writes it back under production's namespace", () => {
    const read = statsModelOfFormula(DEV_FORMULA, TODAY, "REPORTING");
    expect(read).toEqual({ model: QUERY });
    expect("model" in read && statsFormula(read.model, "REPORTING")).toBe(
      DEV_FORMULA.replace("REPORTINGDEV.", "REPORTING."),
    );
  });

  it("loads a production formula in a development pane, and Excel's placeholder of either", () => {
    for (const formula of [
      DEV_FORMULA.replace("REPORTINGDEV.", "REPORTING."),
      DEV_FORMULA.replace("=REPORTINGDEV.STATS", "=_xldudf_REPORTINGDEV_STATS"),
    ]) {
      expect([formula, statsModelOfFormula(formula, TODAY, "REPORTINGDEV")]).toEqual([formula, { model: QUERY }]);
    }
  });

  it("names the other functions of either namespace as the add-in's, and its own namespace in what to select", () => {
    expect(statsModelOfFormula('=REPORTINGDEV.LEGACY.STATS("LAST_7_DAYS")', TODAY, "REPORTING")).toEqual({
      problem:
        "This cell holds a REPORTINGDEV.LEGACY.STATS formula; the Query tab edits REPORTING.STATS formulas only. Edit it in the cell instead; the builder leaves it as it is.",
    });
    expect(statsModelOfFormula('=REPORTINGX.STATS("YTD")', TODAY, "REPORTINGDEV")).toEqual({
      problem: "This cell's formula calls REPORTINGX.STATS, not REPORTINGDEV.STATS, so the builder cannot load it.",
    });
    expect(statsModelOfFormula("=A1+1", TODAY, "REPORTINGDEV")).toEqual({
      problem:
        "The formula is not a function call such as =REPORTING.STATS(...). Select a cell holding =REPORTINGDEV.STATS(...).",
    });
  });
});

describe("Freeze", () => {
  it("freezes a development formula's result with its period and profile", () => {
    expect(isReportingFormula(DEV_FORMULA)).toBe(true);
    expect(isReportingFormula('=_xldudf_REPORTINGDEV_VALUE("revenues","MTD")')).toBe(true);
    expect(isReportingFormula('=REPORTINGX.STATS("YTD")')).toBe(false);
    expect(formulaProfile(DEV_FORMULA, TODAY)).toBe("EU team");
    const plan = freezePlan({
      today: TODAY,
      copiedAt: "2026-07-03 09:05",
      dataThrough: { day: "2026-07-02" },
      source: { kind: "spill", address: "Sheet1!B2:D40", formula: DEV_FORMULA, rows: [["Date"]] },
    });
    expect(plan.sheetBase).toBe("Jun 2026");
    expect(plan.note).toContainEqual(["Profile", "EU team"]);
  });
});

describe("the Queries tab's formula count", () => {
  it.each([
    [DEV_FORMULA, true],
    ['=SUM(reportingdev.value("revenues","MTD"),1)', true],
    ['=_xldudf_REPORTINGDEV_VALUE("revenues","MTD")', true],
    ['=REPORTING.VALUE("revenues","MTD")', true],
    ['=REPORTINGX.VALUE("revenues","MTD")', false],
    ["=MYREPORTING.VALUE(1)", false],
    ["=REPORTING_TOTAL*2", false],
  ])("counts %s: %s", (formula, counted) => {
    expect(mentionsAddinFunction(formula)).toBe(counted);
  });
});

describe("addinFunctionOf", () => {
  it("is the function without its namespace, or undefined for any other function", () => {
    const of = (formula: string) => {
      const read = readFormulaCall(formula);
      return "problem" in read ? read.problem : addinFunctionOf(read.call);
    };
    expect(of("=REPORTINGDEV.LEGACY.STATS()")).toBe("LEGACY.STATS");
    expect(of("=_xldudf_REPORTING_LEGACY_STATS()")).toBe("LEGACY.STATS");
    expect(of("=REPORTING.VERSION()")).toBe("VERSION");
    expect(of("=SUM(1)")).toBeUndefined();
  });
});
