import { spillTable } from "../../../src/core/rows/spill-table";
import type { SpillTable } from "../../../src/core/rows/spill-table";
import {
  SPILL_DATE_FORMAT,
  SPILL_PERCENT_FORMAT,
  rowEncoder,
  supportedDateStyle,
  type DateCellStyle,
} from "../../../src/office/formatted-values";
import { fitSpill } from "../../../src/office/spill-fit";
import { officeSupporting, withGlobals } from "./office-globals";

describe("supportedDateStyle", () => {
  const cases: [string[], string][] = [
    [["CustomFunctionsRuntime 1.4", "ExcelApi 1.19"], "double"],
    [["CustomFunctionsRuntime 1.4", "ExcelApi 1.16"], "formattedNumber"],
    [["CustomFunctionsRuntime 1.4", "ExcelApi 1.15"], "serial"],
    [["CustomFunctionsRuntime 1.3", "ExcelApi 1.19"], "serial"],
  ];
  it.each(cases)("with %j is %s", (sets, style) => {
    const restore = withGlobals({ Office: officeSupporting(sets) });
    try {
      expect(supportedDateStyle()).toBe(style);
    } finally {
      restore();
    }
  });

  it("is serial without Office.js", () => {
    const restore = withGlobals({ Office: undefined });
    try {
      expect(supportedDateStyle()).toBe("serial");
    } finally {
      restore();
    }
  });
});

/** Every row of `table` as Excel receives it in `style`. */
const spillOutput = (table: SpillTable, style: DateCellStyle) => table.rows.map(rowEncoder(table, style));

describe("rowEncoder", () => {
  // A header, two dated rows, and the closing "more rows" note of a cut spill (text: never encoded).
  const table = {
    ...spillTable(
      [
        ["Date", "Country", "Revenues"],
        [46174, "FR", 12.5],
        [46175, "DE", 3],
        ["2 more rows not shown", "", ""],
      ],
      [0],
      3,
      3,
    ),
  };

  it("attaches the date format to the numbers of date columns only", () => {
    expect(spillOutput(table, "double")).toEqual([
      ["Date", "Country", "Revenues"],
      [{ type: "Double", basicValue: 46174, numberFormat: SPILL_DATE_FORMAT }, "FR", 12.5],
      [{ type: "Double", basicValue: 46175, numberFormat: SPILL_DATE_FORMAT }, "DE", 3],
      ["2 more rows not shown", "", ""],
    ]);
  });

  it("uses FormattedNumber values on Excel before 1.19", () => {
    expect(spillOutput(table, "formattedNumber")[1]![0]).toEqual({
      type: "FormattedNumber",
      basicValue: 46174,
      numberFormat: SPILL_DATE_FORMAT,
    });
  });

  it("leaves serial numbers as they are where data types are unavailable", () => {
    expect(spillOutput(table, "serial")).toEqual(table.rows);
  });
});

describe("compare= change % columns", () => {
  const compared = {
    ...spillTable(
      [
        ["Country", "Revenues", "Revenues (previous period)", "Revenues change", "Revenues change %"],
        ["FR", 12.5, 10, 2.5, 0.25],
        ["DE", 3, 0, 3, ""],
      ],
      [],
      2,
      5,
    ),
    percentColumns: [4],
  };

  it("carry a percent format on their numbers, and blanks stay blank", () => {
    const rows = spillOutput(compared, "double");
    expect(rows[1]).toEqual([
      "FR",
      12.5,
      10,
      2.5,
      { type: "Double", basicValue: 0.25, numberFormat: SPILL_PERCENT_FORMAT },
    ]);
    expect(rows[2]).toEqual(["DE", 3, 0, 3, ""]);
    expect(rows[0]).toEqual(compared.rows[0]);
  });

  it("are measured with their format when the spill is cut to its budget", () => {
    const many = {
      ...compared,
      rows: [compared.rows[0]!, ...Array.from({ length: 400 }, (_, i) => [`C${i}`, i, i, 0, 0.5])],
      dataRowCount: 400,
    };
    const plainBytes = JSON.stringify(many.rows).length;
    const cut = fitSpill(many, "double", plainBytes + 100);
    expect(cut.omittedRowCount).toBeGreaterThan(0);
    expect(cut.rows[1]![4]).toEqual({ type: "Double", basicValue: 0.5, numberFormat: SPILL_PERCENT_FORMAT });
  });
});
