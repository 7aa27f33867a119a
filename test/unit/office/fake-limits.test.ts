import type { Box } from "../../support/fake-office/addresses";
import { namespaceOf } from "../../support/fake-office/custom-xml";
import {
  checkAnswerSize,
  checkDataSourceString,
  checkFilterCriteria,
  checkFilterRange,
  checkRequestSize,
  checkRowWidth,
  checkShape,
  checkValuesAsJson,
  isNameSyntax,
  isSheetName,
  jsonBytes,
  readsAsFormula,
  supportsSet,
  utf8Bytes,
} from "../../support/fake-office/limits";
import { syncBatch, type Batch } from "../../support/fake-office/recording";
import type { FakeOfficeState } from "../../support/fake-office/types";

/**
 * Each limit of real Excel the shared fake enforces (/work/shared/excel-limits.md), checked on
 * the fake's own limits module: if one stopped refusing, every test written against the fake
 * would pass where Excel fails.
 */
describe("the fake's Excel limits", () => {
  const sheet = { id: "sheet-1", name: "Sheet1" };
  const box = (row: number, column: number, rows: number, columns: number): Box => ({
    sheet,
    row,
    column,
    rows,
    columns,
  });
  const offering =
    (...sets: string[]) =>
    (name: string, version: string) =>
      supportsSet(sets, name, version);

  describe("5 MB per request on Excel on the web, both ways", () => {
    const emptyState = (): FakeOfficeState => ({
      workbook: {
        sheets: [sheet],
        tables: [],
        pivots: [],
        customXmlParts: [],
        settings: {},
        startupBehavior: "None",
        counter: 1,
      },
      writes: [],
      settings: {},
      runtimeStorage: {},
      associated: [],
      syncs: [],
      formulaLike: [],
    });

    it("refuses a request over 5,000,000 bytes and accepts one at the limit", () => {
      expect(() => checkRequestSize(5_000_001)).toThrow(
        expect.objectContaining({ name: "RichApi.Error", code: "RequestPayloadSizeLimitExceeded" }),
      );
      expect(() => checkRequestSize(5_000_000)).not.toThrow();
    });

    it("refuses an answer over 5,000,000 bytes", () => {
      expect(() => checkAnswerSize(5_000_001)).toThrow(
        expect.objectContaining({ code: "ResponsePayloadSizeLimitExceeded" }),
      );
      expect(() => checkAnswerSize(5_000_000)).not.toThrow();
    });

    it("measures UTF-8 bytes of the JSON sent, dates included, not characters", () => {
      expect(utf8Bytes("é🚀")).toBe(6);
      expect(jsonBytes([["é"]])).toBe(8);
      expect(jsonBytes(new Date(0))).toBe('"1970-01-01T00:00:00.000Z"'.length);
    });

    it("applies nothing of a sync over the limit, and marks an answer over it refused", async () => {
      const state = emptyState();
      const applied: string[] = [];
      const tooBig: Batch = [
        { bytes: 10, apply: () => void applied.push("small") },
        { bytes: 5_000_000, apply: () => void applied.push("large") },
      ];
      await expect(syncBatch(state, tooBig)).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
      expect(applied).toEqual([]);
      await expect(syncBatch(state, [{ bytes: 40, apply: () => 5_000_001 }])).rejects.toMatchObject({
        code: "ResponsePayloadSizeLimitExceeded",
      });
      expect(state.syncs).toEqual([
        { bytes: 5_000_010, refused: true },
        { bytes: 5_000_041, refused: true },
      ]);
    });
  });

  describe("writing cells", () => {
    it("reads a text starting with = + - or @ as a formula unless the cell is formatted as text", () => {
      for (const text of ["=SUM(A1)", "+33 1 23", "-5%", "@mention"]) {
        expect(readsAsFormula(text, "General")).toBe(true);
        expect(readsAsFormula(text, "@")).toBe(false);
      }
      expect(readsAsFormula("a=b", "General")).toBe(false);
      expect(readsAsFormula(-5, "General")).toBe(false);
    });

    it("refuses arrays that are not exactly as large as their range", () => {
      expect(() => checkShape(box(0, 0, 2, 2), [[1, 2]], "values")).toThrow("values of Sheet1!A1:B2 must be 2x2");
      expect(() => checkShape(box(0, 0, 2, 2), [[1, 2], [3]], "numberFormat")).toThrow("must be 2x2");
      expect(() =>
        checkShape(
          box(0, 0, 2, 2),
          [
            [1, 2],
            [3, 4],
          ],
          "formulas",
        ),
      ).not.toThrow();
    });

    it("refuses a table row without one value per column", () => {
      expect(() => checkRowWidth([1, 2], 3)).toThrow(expect.objectContaining({ code: "InvalidArgument" }));
      expect(() => checkRowWidth([1, 2, 3], 3)).not.toThrow();
    });
  });

  describe("hosts and requirement sets", () => {
    it("offers a set at its version and every lower one, and every set when none are given", () => {
      expect(supportsSet(["ExcelApi 1.14"], "ExcelApi", "1.14")).toBe(true);
      expect(supportsSet(["ExcelApi 1.14"], "ExcelApi", "1.3")).toBe(true);
      expect(supportsSet(["ExcelApi 1.14"], "ExcelApi", "1.15")).toBe(false);
      expect(supportsSet(["ExcelApi 1.14"], "CustomFunctionsRuntime", "1.1")).toBe(false);
      expect(supportsSet(undefined, "CustomFunctionsRuntime", "1.4")).toBe(true);
    });

    it("refuses valuesAsJson where ExcelApi 1.16 comes without CustomFunctionsRuntime 1.4 (office-js 3504)", () => {
      expect(() => checkValuesAsJson(offering("ExcelApi 1.16", "CustomFunctionsRuntime 1.3"))).toThrow(
        expect.objectContaining({ code: "ApiNotFound" }),
      );
      expect(() => checkValuesAsJson(offering("ExcelApi 1.14", "CustomFunctionsRuntime 1.4"))).toThrow(
        expect.objectContaining({ code: "ApiNotFound" }),
      );
      expect(() => checkValuesAsJson(offering("ExcelApi 1.16", "CustomFunctionsRuntime 1.4"))).not.toThrow();
    });

    it("refuses PivotTable.getDataSourceString on Office 2021 (ExcelApi 1.14)", () => {
      expect(() => checkDataSourceString(offering("ExcelApi 1.14"))).toThrow(
        expect.objectContaining({ code: "ApiNotFound" }),
      );
      expect(() => checkDataSourceString(offering("ExcelApi 1.15"))).not.toThrow();
    });
  });

  describe("tables as users shape them", () => {
    it("filters a table over its header row and body only, never its totals row", () => {
      const headerAndBody = box(3, 2, 5, 5);
      expect(() => checkFilterRange("Sales", box(3, 2, 6, 5), headerAndBody)).toThrow(
        "the table Sales filters Sheet1!C4:G8 (header row and body), not Sheet1!C4:G9",
      );
      expect(() => checkFilterRange("Sales", box(3, 2, 5, 5), headerAndBody)).not.toThrow();
    });

    it("refuses filter criteria read back from Excel with null properties (office-js 1226)", () => {
      expect(() => checkFilterCriteria({ filterOn: "Values", values: ["FR"], color: null })).toThrow(
        expect.objectContaining({ code: "InvalidArgument" }),
      );
      expect(() => checkFilterCriteria(null)).toThrow(expect.objectContaining({ code: "InvalidArgument" }));
      expect(() => checkFilterCriteria({ filterOn: "Values", values: ["FR"] })).not.toThrow();
    });

    it("takes sheet names of 1 to 31 characters without [ ] : * ? / \\", () => {
      expect(isSheetName("Reporting 2026")).toBe(true);
      for (const name of ["", "x".repeat(32), "Q1/Q2", "a:b", "[x]", "why?", "a*b", "back\\slash"])
        expect(isSheetName(name)).toBe(false);
    });

    it("takes table and defined names that start with a letter, _ or \\ and are not cell references", () => {
      for (const name of ["Sales", "_daily", "Report.2026"]) expect(isNameSyntax(name)).toBe(true);
      for (const name of ["2026Sales", "my table", "A1", "xfd100", "R1C1", "R", "C"])
        expect(isNameSyntax(name)).toBe(false);
    });
  });

  describe("custom XML parts", () => {
    it("takes the namespace of the root element, with or without an XML declaration, and refuses what is not XML", () => {
      expect(namespaceOf('<report xmlns="urn:reporting"><q/></report>')).toBe("urn:reporting");
      expect(namespaceOf('<?xml version="1.0"?>\n<report xmlns="urn:reporting"/>')).toBe("urn:reporting");
      expect(() => namespaceOf("not xml")).toThrow(expect.objectContaining({ code: "InvalidArgument" }));
    });
  });
});
