import { legacyStatsFormula, type LegacyQueryModel } from "../../../../../src/core/formula-text";
import { storedLegacyModelOf } from "../../../../../src/core/workbook-queries/stored-query";
import {
  headerStyleOf,
  tableHeaderNoteShown,
  tableModelOf,
  withHeaders,
} from "../../../../../src/taskpane/tabs/legacy/header-choice";

describe("the Legacy tab's Column headers choice", () => {
  const model: LegacyQueryModel = { period: { word: "LAST_7_DAYS" }, groupBy: ["day", "country"] };

  it("writes headers= into the formula as the Query tab does, and leaves the default out", () => {
    expect(legacyStatsFormula(withHeaders(model, "readable"), "REPORTING")).toBe(
      '=REPORTING.LEGACY.STATS("LAST_7_DAYS",,"day,country")',
    );
    expect(legacyStatsFormula(withHeaders(model, "api"), "REPORTING")).toBe(
      '=REPORTING.LEGACY.STATS("LAST_7_DAYS",,"day,country","headers=api")',
    );
    expect(legacyStatsFormula(withHeaders(model, "none"), "REPORTING")).toBe(
      '=REPORTING.LEGACY.STATS("LAST_7_DAYS",,"day,country","headers=none")',
    );
  });

  it("reads an unknown value of the list as the default", () => {
    expect(headerStyleOf("api")).toBe("api");
    expect(headerStyleOf("none")).toBe("none");
    expect(headerStyleOf("")).toBe("readable");
    expect(headerStyleOf("API")).toBe("readable");
  });

  it("fetches Insert as table's rows with the readable header whatever the choice, and keeps the rest of the query", () => {
    for (const headers of ["api", "none"] as const) {
      const table = tableModelOf(withHeaders({ ...model, profile: "Finance" }, headers));
      expect(table).toEqual({ ...model, profile: "Finance" });
      expect(legacyStatsFormula(table, "REPORTING")).toBe(
        '=REPORTING.LEGACY.STATS("LAST_7_DAYS",,"day,country","profile=Finance")',
      );
      expect(storedLegacyModelOf(table)).toEqual(storedLegacyModelOf({ ...model, profile: "Finance" }));
    }
  });

  it("says that the table keeps its header only when the choice is None", () => {
    expect(tableHeaderNoteShown("none")).toBe(true);
    expect(tableHeaderNoteShown("api")).toBe(false);
    expect(tableHeaderNoteShown("readable")).toBe(false);
  });
});
