import { excelSerialFromIsoDate } from "../../../src/core/excel-dates";
import {
  formulaProfile,
  freezePlan,
  frozenSheetName,
  isReportingFormula,
  localTimestamp,
  periodLabel,
  type FreezeNoteInput,
} from "../../../src/core/freeze-note";

const TODAY = () => "2026-07-03";

describe("periodLabel", () => {
  it("names whole months, quarters and years as people say them", () => {
    expect(periodLabel({ from: "2026-06-01", to: "2026-06-30" })).toBe("Jun 2026");
    expect(periodLabel({ from: "2024-02-01", to: "2024-02-29" })).toBe("Feb 2024");
    expect(periodLabel({ from: "2026-04-01", to: "2026-06-30" })).toBe("Q2 2026");
    expect(periodLabel({ from: "2025-01-01", to: "2025-12-31" })).toBe("2025");
  });

  it("gives one day, or both ends short enough for a sheet name", () => {
    expect(periodLabel({ from: "2026-06-15", to: "2026-06-15" })).toBe("2026-06-15");
    expect(periodLabel({ from: "2026-06-03", to: "2026-07-02" })).toBe("2026-06-03 to 07-02");
    expect(periodLabel({ from: "2025-12-01", to: "2026-01-31" })).toBe("2025-12-01–2026-01-31");
    expect(periodLabel({ from: "2026-05-01", to: "2026-06-30" })).toBe("2026-05-01 to 06-30");
  });
});

describe("frozenSheetName", () => {
  it("adds (frozen), numbered past the names taken whatever their case", () => {
    expect(frozenSheetName("Jun 2026", ["Sheet1"])).toBe("Jun 2026 (frozen)");
    expect(frozenSheetName("Jun 2026", ["JUN 2026 (FROZEN)", "Jun 2026 (frozen 2)"])).toBe("Jun 2026 (frozen 3)");
  });

  it("keeps within Excel's rules: 31 characters, none of []:*?/\\, no apostrophe at the ends", () => {
    const long = frozenSheetName("2025-12-01–2026-01-31 and some more words", []);
    expect(long.length).toBeLessThanOrEqual(31);
    expect(long.endsWith(" (frozen)")).toBe(true);
    expect(frozenSheetName("a[b]:c*d?e/f\\g", [])).toBe("a-b--c-d-e-f-g (frozen)");
    expect(frozenSheetName("'quoted'", [])).toBe("quoted (frozen)");
    expect(frozenSheetName("", [])).toBe("Values (frozen)");
    const names: string[] = [];
    for (let n = 0; n < 12; n++) names.push(frozenSheetName("x".repeat(40), names));
    expect(new Set(names).size).toBe(12);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
  });
});

describe("localTimestamp", () => {
  it("writes the local day and time", () => {
    expect(localTimestamp(new Date(2026, 6, 3, 9, 5))).toBe("2026-07-03 09:05");
  });
});

describe("isReportingFormula", () => {
  it("knows REPORTING calls, placeholders included, from anything else", () => {
    expect(isReportingFormula('=REPORTING.STATS("YTD")')).toBe(true);
    expect(isReportingFormula('=_xldudf_REPORTING_STATS("YTD")')).toBe(true);
    expect(isReportingFormula("=REPORTING.COUNTRIES()")).toBe(true);
    expect(isReportingFormula("=SORT(A1:A3)")).toBe(false);
    expect(isReportingFormula("=REPORTING.STATS()+1")).toBe(false);
    expect(isReportingFormula("")).toBe(false);
  });
});

describe("formulaProfile", () => {
  it("is the profile a formula pins, so that the note's data-through day is that account's", () => {
    expect(formulaProfile('=REPORTING.STATS("YTD",,"date",,,,"profile=Wide")', TODAY)).toBe("Wide");
    expect(formulaProfile('=REPORTING.STATS("YTD",,"date")', TODAY)).toBeUndefined();
    expect(formulaProfile("=SUM(A1:A3)", TODAY)).toBeUndefined();
  });
});

describe("freezePlan", () => {
  const base: Omit<FreezeNoteInput, "source"> = {
    today: TODAY,
    copiedAt: "2026-07-03 09:05",
    activeProfile: "Finance",
    dataThrough: { day: "2026-07-02" },
  };

  it("names a spill's sheet after its formula's period and notes the query, profile, refresh and data-through day", () => {
    const formula = '=REPORTING.STATS("LAST_MONTH",,"date,country","revenues",,,"profile=EU team")';
    const plan = freezePlan({
      ...base,
      source: { kind: "spill", address: "Sheet1!B2:D40", formula, rows: [["Date"]] },
    });
    expect(plan).toEqual({
      sheetBase: "Jun 2026",
      note: [
        ["Frozen values", "Copied from Sheet1!B2:D40 at 2026-07-03 09:05. They no longer refresh."],
        ["Query", formula],
        ["Period", "2026-06-01 to 2026-06-30 (LAST_MONTH when copied)"],
        ["Profile", "EU team"],
        ["Last refreshed", "when Excel last calculated the formula, before 2026-07-03 09:05"],
        ["Data through", "2026-07-02"],
      ],
    });
  });

  it("takes a table's period from its Date column, else its name", () => {
    const rows = [
      ["Date", "Country", "Revenues"],
      [excelSerialFromIsoDate("2026-06-30"), "FR", 1],
      [excelSerialFromIsoDate("2026-06-01"), "DE", 2],
    ];
    const plan = freezePlan({
      ...base,
      source: { kind: "table", address: "Reporting!A1:C3", tableName: "Table1", rows },
    });
    expect(plan.sheetBase).toBe("Jun 2026");
    expect(plan.note).toContainEqual(["Period", "2026-06-01 to 2026-06-30 (the dates in the table)"]);
    expect(plan.note).toContainEqual(["Query", "The table Table1"]);
    expect(plan.note).toContainEqual(["Profile", "Finance"]);
    expect(plan.note).toContainEqual(["Last refreshed", "not recorded"]);

    const undated = freezePlan({
      ...base,
      dataThrough: { unknown: "offline" },
      source: { kind: "table", address: "S!A1:B2", tableName: "Costs", rows: [["Country", "X"]] },
    });
    expect(undated.sheetBase).toBe("Costs");
    expect(undated.note).toContainEqual(["Period", "not set by the query"]);
    expect(undated.note).toContainEqual(["Data through", "not known (offline)"]);
  });

  it("uses what the workbook stored of a table's query when there is something", () => {
    const plan = freezePlan({
      ...base,
      source: { kind: "table", address: "R!A1:B9", tableName: "Stats", rows: [["Date"], [1]] },
      storedQuery: {
        words: "Revenues by country, last month",
        period: { from: "2026-04-01", to: "2026-06-30" },
        profile: "Ops",
        refreshedAt: "2026-07-01 08:00",
        dataThrough: "2026-06-30",
      },
    });
    expect(plan.sheetBase).toBe("Q2 2026");
    expect(plan.note.slice(1)).toEqual([
      ["Query", "Revenues by country, last month"],
      ["Period", "2026-04-01 to 2026-06-30"],
      ["Profile", "Ops"],
      ["Last refreshed", "2026-07-01 08:00"],
      ["Data through", "2026-06-30"],
    ]);
  });

  it("falls back to the function's name when the period is not typed in", () => {
    expect(
      freezePlan({
        ...base,
        source: { kind: "spill", address: "S!A1:B9", formula: "=REPORTING.COUNTRIES()", rows: [] },
      }).sheetBase,
    ).toBe("COUNTRIES");
    expect(
      freezePlan({
        ...base,
        source: { kind: "spill", address: "S!A1:B9", formula: "=REPORTING.STATS(A1,B1)", rows: [] },
      }).sheetBase,
    ).toBe("STATS");
    const legacy = freezePlan({
      ...base,
      source: { kind: "spill", address: "S!A1", formula: '=REPORTING.LEGACY.STATS(,,"day")', rows: [] },
    });
    expect(legacy.note).toContainEqual(["Period", "the service's default period"]);
    const value = freezePlan({
      ...base,
      source: {
        kind: "cell",
        address: "S!A1",
        formula: '=REPORTING.VALUE("revenues","2026-01-01","2026-03-31")',
        rows: [[5]],
      },
    });
    expect(value.sheetBase).toBe("Q1 2026");
  });
});
