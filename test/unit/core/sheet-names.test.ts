import fc from "fast-check";
import { frozenSheetName } from "../../../src/core/freeze-note";
import { SHEET_NAME_MAX_LENGTH, uniqueSheetName, type SheetNaming } from "../../../src/core/sheet-names";
import { pivotSheetNameFor, sheetNameFor } from "../../../src/core/workbook-queries/names";

/** Excel's rules for a worksheet name, written out independently of the code under test. */
function isValidSheetName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= SHEET_NAME_MAX_LENGTH &&
    !/[[\]:*?/\\]/.test(name) &&
    !name.startsWith("'") &&
    !name.endsWith("'") &&
    name.toLowerCase() !== "history" &&
    // A cut must not leave half of a character outside the Basic Multilingual Plane.
    !/[\uD800-\uDBFF]$/.test(name)
  );
}

const PLAIN: SheetNaming = { replacement: " ", fallback: "Sheet" };

describe("uniqueSheetName", () => {
  it("replaces refused characters, numbers past the names taken whatever their case", () => {
    expect(uniqueSheetName("a/b:c", [], PLAIN)).toBe("a b c");
    expect(uniqueSheetName("Query", ["QUERY", "query 2"], PLAIN)).toBe("Query 3");
    expect(uniqueSheetName("Query", ["Sheet1"], PLAIN)).toBe("Query");
  });

  it("never starts or ends a name with an apostrophe, even where a cut leaves one last", () => {
    expect(uniqueSheetName("' quoted '", [], PLAIN)).toBe("quoted");
    expect(uniqueSheetName(`${"x".repeat(30)}'abc`, [], PLAIN)).toBe("x".repeat(30));
    expect(uniqueSheetName("''' ", [], PLAIN)).toBe("Sheet");
  });

  it("does not take History, the name Excel keeps for itself", () => {
    expect(uniqueSheetName("History", [], PLAIN)).toBe("History 2");
  });

  it("property: always a valid Excel sheet name, unique among those taken", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 45 }),
      fc.string({
        unit: fc.constantFrom("'", " ", "[", "]", ":", "*", "?", "/", "\\", "a", "Z", "é", "😀", "-"),
        maxLength: 45,
      }),
      fc.constantFrom("History", "Query", "'", "Reporting", "x".repeat(40)),
    );
    const naming = fc.constantFrom<SheetNaming>(PLAIN, {
      replacement: "-",
      fallback: "Values",
      suffix: (n) => (n === 1 ? " (frozen)" : ` (frozen ${n})`),
    });
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 6 }), naming, (wanted, others, chosen) => {
        // The names already in a workbook are valid ones, some of them made from the same wish.
        const taken: string[] = [];
        for (const other of [...others, wanted, wanted]) taken.push(uniqueSheetName(other, taken, chosen));
        const name = uniqueSheetName(wanted, taken, chosen);
        expect(isValidSheetName(name)).toBe(true);
        expect(taken.map((other) => other.toLowerCase())).not.toContain(name.toLowerCase());
        for (const other of taken) expect(isValidSheetName(other)).toBe(true);
      }),
    );
  });

  it("is the rule of every sheet the add-in creates", () => {
    expect(sheetNameFor("'Reporting'", [])).toBe("Reporting");
    expect(pivotSheetNameFor("History", [])).toBe("History Pivot");
    expect(frozenSheetName("History", [])).toBe("History (frozen)");
  });
});
