import { toCellInput } from "../../../src/office/cell-inputs";

describe("toCellInput", () => {
  it("passes plain values and ranges through", () => {
    expect(toCellInput("LAST_MONTH")).toBe("LAST_MONTH");
    expect(toCellInput(46174)).toBe(46174);
    expect(toCellInput(null)).toBeNull();
    expect(
      toCellInput([
        ["country", "FR,DE"],
        ["formats", ""],
      ]),
    ).toEqual([
      ["country", "FR,DE"],
      ["formats", ""],
    ]);
  });

  it("reduces rich values (a date spilled by REPORTING.STATS) to their basic value", () => {
    const date = { type: "Double", basicValue: 46174, numberFormat: "yyyy-mm-dd" };
    expect(toCellInput(date)).toBe(46174);
    expect(toCellInput([[date, { type: "String", basicValue: "FR" }]])).toEqual([[46174, "FR"]]);
  });

  it("turns an object without a basic value into text, for a #VALUE! that names it", () => {
    expect(typeof toCellInput({ type: "Entity", text: "France" })).toBe("string");
  });
});
