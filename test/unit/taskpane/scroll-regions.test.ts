import { needsScrollStop, type ScrollBox } from "../../../src/taskpane/scroll-regions";

const fits: ScrollBox = { scrollWidth: 288, clientWidth: 288, scrollHeight: 400, clientHeight: 400, overflowX: "auto", overflowY: "visible", holdsFocusable: false };

describe("needsScrollStop", () => {
  it("makes a tab stop of a table wider than its box", () => {
    expect(needsScrollStop({ ...fits, scrollWidth: 520 })).toBe(true);
  });

  it("leaves alone a box that fits, or is off by a rounding pixel", () => {
    expect(needsScrollStop(fits)).toBe(false);
    expect(needsScrollStop({ ...fits, scrollWidth: 289 })).toBe(false);
  });

  it("leaves alone a box whose content can take the focus, which scrolls it into view", () => {
    expect(needsScrollStop({ ...fits, scrollWidth: 520, holdsFocusable: true })).toBe(false);
  });

  it("counts only the directions the box lets scroll", () => {
    expect(needsScrollStop({ ...fits, scrollHeight: 900 })).toBe(false);
    expect(needsScrollStop({ ...fits, scrollHeight: 900, overflowY: "scroll" })).toBe(true);
    expect(needsScrollStop({ ...fits, scrollWidth: 520, overflowX: "hidden" })).toBe(false);
  });
});
