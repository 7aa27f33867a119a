import {
  pivotSheetNameFor,
  safeTableName,
  sheetNameFor,
  statsTableName,
  addinTableName,
} from "../../../../src/core/workbook-queries/names";

describe("names the add-in gives in a workbook", () => {
  it("names a table after its groups, readable and free", () => {
    expect(statsTableName(["date", "country"], [])).toBe("Stats_by_Date_Country");
    expect(statsTableName(["device_types"], [])).toBe("Stats_by_DeviceType");
    expect(statsTableName([], [])).toBe("Stats_Totals");
    expect(statsTableName(["date"], ["stats_by_date", "Stats_by_Date_2"])).toBe("Stats_by_Date_3");
  });

  it("names a Legacy tab's table apart from a Query tab's with the same groupings", () => {
    expect(addinTableName("Legacy", ["Date", "Ad unit type"], ["Stats_by_Date_AdUnitType"])).toBe(
      "Legacy_by_Date_AdUnitType",
    );
    expect(addinTableName("Legacy", [], [])).toBe("Legacy_Totals");
    expect(addinTableName("Legacy", ["Application"], ["legacy_by_application"])).toBe("Legacy_by_Application_2");
  });

  it("makes any wanted name a valid table name", () => {
    expect(safeTableName("2026 sales", [])).toBe("_2026_sales");
    expect(safeTableName("A1", [])).toBe("A1_");
    expect(safeTableName("R1C1", [])).toBe("R1C1_");
    expect(safeTableName("x".repeat(300), []).length).toBe(255);
  });

  it("names sheets as Excel allows", () => {
    expect(sheetNameFor("Reporting", ["reporting"])).toBe("Reporting 2");
    expect(sheetNameFor("a/b:c", [])).toBe("a b c");
    expect(sheetNameFor("Stats_by_Date_Country_Format Pivot", []).length).toBeLessThanOrEqual(31);
    expect(pivotSheetNameFor("Stats_by_Date_Country_Format", [])).toBe("Stats_by_Date_Country_F Pivot");
    expect(pivotSheetNameFor("Sales", ["sales pivot"])).toBe("Sales Pivot 2");
  });
});
