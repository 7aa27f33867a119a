import { readFormulaCall, type FormulaCall } from "../../../src/core/formula-call";
import { callsAddinFunction } from "../../../src/core/formula-namespace";

function call(formula: string): FormulaCall {
  const read = readFormulaCall(formula);
  if ("problem" in read) throw new Error(`refused ${formula}: ${read.problem}`);
  return read.call;
}

function problem(formula: string): string {
  const read = readFormulaCall(formula);
  if (!("problem" in read)) throw new Error(`accepted ${formula}`);
  return read.problem;
}

describe("readFormulaCall", () => {
  it("reads texts in quotes, doubled quotes inside, and empty arguments in the middle", () => {
    expect(call('=REPORTING.STATS("LAST_MONTH",,"date","revenues",,,"profile=Team ""A""")')).toEqual({
      name: "REPORTING.STATS",
      placeholder: false,
      args: [
        { kind: "text", value: "LAST_MONTH" },
        { kind: "empty" },
        { kind: "text", value: "date" },
        { kind: "text", value: "revenues" },
        { kind: "empty" },
        { kind: "empty" },
        { kind: "text", value: 'profile=Team "A"' },
      ],
    });
  });

  it("keeps separators, parentheses and line breaks inside a text as text", () => {
    expect(call('=REPORTING.STATS("a,b;(c)","x\ny")').args).toEqual([
      { kind: "text", value: "a,b;(c)" },
      { kind: "text", value: "x\ny" },
    ]);
    expect(call('=F("")').args).toEqual([{ kind: "text", value: "" }]);
    expect(call('=F("""")').args).toEqual([{ kind: "text", value: '"' }]);
  });

  it("reads numbers (date serials, decimals, signs, exponents) and booleans", () => {
    expect(call("=REPORTING.STATS(46174,46203.5,-1,1E+3,.5,TRUE,false)").args).toEqual([
      { kind: "number", value: 46174 },
      { kind: "number", value: 46203.5 },
      { kind: "number", value: -1 },
      { kind: "number", value: 1000 },
      { kind: "number", value: 0.5 },
      { kind: "boolean", value: true },
      { kind: "boolean", value: false },
    ]);
  });

  it("allows spaces and line breaks around the name and the arguments, and any case", () => {
    const read = call('= reporting.stats ( "LAST_7_DAYS" ,\n , "country" ) ');
    expect(read.name).toBe("REPORTING.STATS");
    expect(read.args).toEqual([
      { kind: "text", value: "LAST_7_DAYS" },
      { kind: "empty" },
      { kind: "text", value: "country" },
    ]);
  });

  it("keeps references and calculations as their source, commas inside them included", () => {
    expect(call("=REPORTING.STATS(A1,$B$1,'Q2 sheet'!D2:D3,\"countries=\"&A5,TODAY(),SUM(A1,B1),{1,2})").args).toEqual([
      { kind: "expression", source: "A1" },
      { kind: "expression", source: "$B$1" },
      { kind: "expression", source: "'Q2 sheet'!D2:D3" },
      { kind: "expression", source: '"countries="&A5' },
      { kind: "expression", source: "TODAY()" },
      { kind: "expression", source: "SUM(A1,B1)" },
      { kind: "expression", source: "{1,2}" },
    ]);
  });

  it("tells a call without arguments from a call with one empty argument", () => {
    expect(call("=REPORTING.VERSION()").args).toEqual([]);
    expect(call("=REPORTING.STATS(,)").args).toEqual([{ kind: "empty" }, { kind: "empty" }]);
  });

  it("reads Excel's placeholder for a custom function it has not loaded yet, behind a workbook prefix or not", () => {
    for (const formula of [
      '=_xldudf_REPORTING_STATS("YTD")',
      '=[2]!_xldudf_REPORTING_STATS("YTD")',
      "='Book 1.xlsx'!_xldudf_REPORTING_STATS(\"YTD\")",
    ]) {
      const read = call(formula);
      expect(read).toEqual({ name: "REPORTING_STATS", placeholder: true, args: [{ kind: "text", value: "YTD" }] });
      expect(callsAddinFunction(read, "STATS")).toBe(true);
      expect(callsAddinFunction(read, "LEGACY.STATS")).toBe(false);
    }
    expect(callsAddinFunction(call("=REPORTING.STATS()"), "STATS")).toBe(true);
    expect(callsAddinFunction(call("=REPORTING_STATS()"), "STATS")).toBe(false);
  });

  it("refuses values, formulas that do more than one call, and broken text", () => {
    expect(problem("REPORTING.STATS()")).toMatch(/value, not a formula/);
    expect(problem('=REPORTING.STATS("YTD")*2')).toMatch(/does more than call REPORTING\.STATS: "\*2" follows/);
    expect(problem('=IFERROR(REPORTING.STATS("YTD"),"")+1')).toMatch(/does more than call IFERROR/);
    expect(problem("=A1+1")).toMatch(/not a function call/);
    expect(problem('=@REPORTING.STATS("YTD")')).toMatch(/not a function call/);
    expect(problem('=REPORTING.STATS("YTD)')).toMatch(/quotes are not closed/);
    expect(problem('=REPORTING.STATS("YTD"')).toMatch(/parentheses are not closed/);
  });
});
