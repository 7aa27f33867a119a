import fc from "fast-check";
import { isReportingError } from "../../../src/client/errors";
import { neutraliseCsv, parseCsv } from "../../../src/core/csv-safety";

/**
 * The rule, written out independently of the code under test: a field is neutralised when it
 * starts with =, +, -, @, a tab or a carriage return (OWASP, CSV Injection) and is not a number.
 */
const TRIGGER = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const expectedField = (field: string) => (TRIGGER.test(field) && !NUMBER.test(field) ? `'${field}` : field);

/** RFC 4180 writing, with the choices a service may make: always quote, or only when needed. */
function writeCsv(
  records: string[][],
  options: { quoteAll: boolean[]; newline: string; bom: boolean; finalNewline: boolean },
): string {
  let index = 0;
  const lines = records.map((record) =>
    record
      .map((field) => {
        const quote =
          (options.quoteAll[index++ % options.quoteAll.length] ?? false) ||
          /[",\r\n]/.test(field) ||
          // A record of one empty field would otherwise be an empty line.
          (record.length === 1 && field === "");
        return quote ? `"${field.replaceAll('"', '""')}"` : field;
      })
      .join(","),
  );
  return `${options.bom ? "\uFEFF" : ""}${lines.join(options.newline)}${options.finalNewline && records.length > 0 ? options.newline : ""}`;
}

describe("neutraliseCsv", () => {
  it("point 3: prefixes with ' every text field that starts with =, +, -, @, a tab or a carriage return", () => {
    const csv = 'name,value\r\n=1+2,a\r\n+cmd,b\r\n-2+3,c\r\n@SUM(A1),d\r\n"\tx",e\r\n"\r=1",f\r\n';
    expect(neutraliseCsv(csv)).toEqual({
      csv: "name,value\r\n'=1+2,a\r\n'+cmd,b\r\n'-2+3,c\r\n'@SUM(A1),d\r\n\"'\tx\",e\r\n\"'\r=1\",f\r\n",
      neutralised: 6,
    });
  });

  it("point 3: leaves numbers alone, signed or not, with a fraction or an exponent", () => {
    const csv = "date,revenue\n2025-01-01,-12.5\n2025-01-02,+3\n2025-01-03,-.5\n2025-01-04,-1e-3\n2025-01-05,+2.E+4\n";
    expect(neutraliseCsv(csv)).toEqual({ csv, neutralised: 0 });
  });

  it("point 3: treats what only looks like a number as text: a lone sign, a formula, a locale's comma", () => {
    expect(neutraliseCsv('-,+,--1,-1+1,"-1,5",-1e,- 1\n')).toEqual({
      csv: "'-,'+,'--1,'-1+1,\"'-1,5\",'-1e,'- 1\n",
      neutralised: 7,
    });
  });

  it("point 3: keeps RFC 4180 quoting: the quote goes inside the quotes, embedded quotes, commas and line breaks stay", () => {
    const csv = 'a,"=HYPERLINK(""http://evil.example/?x=1,2"",""Click"")",b\r\n"x\r\n=1","multi\nline"\r\n';
    const result = neutraliseCsv(csv);
    expect(result.csv).toBe(
      'a,"\'=HYPERLINK(""http://evil.example/?x=1,2"",""Click"")",b\r\n"x\r\n=1","multi\nline"\r\n',
    );
    expect(parseCsv(result.csv)).toEqual([
      ["a", `'=HYPERLINK("http://evil.example/?x=1,2","Click")`, "b"],
      ["x\r\n=1", "multi\nline"],
    ]);
  });

  it("point 3: checks the first field after the byte order mark, and keeps the mark", () => {
    expect(neutraliseCsv("\uFEFF=cmd|' /C calc'!A0,x\r\n")).toEqual({
      csv: "\uFEFF'=cmd|' /C calc'!A0,x\r\n",
      neutralised: 1,
    });
    expect(parseCsv("\uFEFFa,b\r\n")).toEqual([["a", "b"]]);
  });

  it("point 3: a lone carriage return ends a record, as spreadsheets read it, so the field after it is checked", () => {
    expect(neutraliseCsv("a,b\r=1,c")).toEqual({ csv: "a,b\r'=1,c", neutralised: 1 });
  });

  it("point 3: returns a safe file unchanged, byte for byte", () => {
    const csv = '\uFEFFdate,country,revenues\r\n2025-01-01,FR,12.5\r\n2025-01-01,"Korea, Republic of",0\r\n';
    expect(neutraliseCsv(csv)).toEqual({ csv, neutralised: 0 });
    expect(neutraliseCsv("")).toEqual({ csv: "", neutralised: 0 });
  });

  it("point 3: refuses a file it cannot read rather than passing it on unchecked", () => {
    let caught: unknown;
    try {
      neutraliseCsv('a,"=1+2\r\nb,c\r\n');
    } catch (error) {
      caught = error;
    }
    expect(isReportingError(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/could not be read/);
  });

  it("point 3: property: parsing the neutralised file gives the service's fields, the risky ones prefixed", () => {
    const character = fc.constantFrom(
      "=",
      "+",
      "-",
      "@",
      "\t",
      "\r",
      "\n",
      '"',
      ",",
      "'",
      " ",
      ".",
      "e",
      "1",
      "9",
      "a",
      "Z",
      "é",
    );
    const field = fc.oneof(
      fc.string({ unit: character, maxLength: 8 }),
      fc.double({ noNaN: true }).map(String),
      fc.integer().map(String),
    );
    const records = fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 6 });
    const options = fc.record({
      quoteAll: fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
      newline: fc.constantFrom("\r\n", "\n"),
      bom: fc.boolean(),
      finalNewline: fc.boolean(),
    });
    fc.assert(
      fc.property(records, options, (fields, how) => {
        const csv = writeCsv(fields, how);
        expect(parseCsv(csv)).toEqual(fields);
        const result = neutraliseCsv(csv);
        const expected = fields.map((record) => record.map(expectedField));
        expect(parseCsv(result.csv)).toEqual(expected);
        const prefixed = expected.flat().filter((value, at) => value !== fields.flat()[at]).length;
        expect(result.neutralised).toBe(prefixed);
        // Only the prefixes were added: everything else is the service's text as sent.
        expect(result.csv.length).toBe(csv.length + prefixed);
        expect(result.csv.startsWith("\uFEFF")).toBe(how.bom);
        // Neutralising twice changes nothing more.
        expect(neutraliseCsv(result.csv)).toEqual({ csv: result.csv, neutralised: 0 });
      }),
      { numRuns: 500 },
    );
  });
});
