import { rovingTarget } from "../../../../src/taskpane/widgets/roving-focus";

const tabs = { orientation: "horizontal", wrap: true } as const;
const list = { orientation: "vertical", wrap: false } as const;

describe("rovingTarget", () => {
  it("moves between tabs with Left and Right, wrapping around, and jumps with Home and End", () => {
    expect(rovingTarget("ArrowRight", 0, 4, tabs)).toBe(1);
    expect(rovingTarget("ArrowRight", 3, 4, tabs)).toBe(0);
    expect(rovingTarget("ArrowLeft", 0, 4, tabs)).toBe(3);
    expect(rovingTarget("Home", 2, 4, tabs)).toBe(0);
    expect(rovingTarget("End", 1, 4, tabs)).toBe(3);
  });

  it("leaves the other axis and other keys alone", () => {
    expect(rovingTarget("ArrowDown", 0, 4, tabs)).toBeUndefined();
    expect(rovingTarget("ArrowRight", 0, 4, list)).toBeUndefined();
    expect(rovingTarget(" ", 1, 4, list)).toBeUndefined();
    expect(rovingTarget("Tab", 1, 4, tabs)).toBeUndefined();
  });

  it("stops at the ends of a list that does not wrap, so that Up can leave it", () => {
    expect(rovingTarget("ArrowDown", 0, 3, list)).toBe(1);
    expect(rovingTarget("ArrowDown", 2, 3, list)).toBeUndefined();
    expect(rovingTarget("ArrowUp", 0, 3, list)).toBeUndefined();
    expect(rovingTarget("End", 0, 3, list)).toBe(2);
  });

  it("has nowhere to go in an empty list", () => {
    expect(rovingTarget("Home", 0, 0, tabs)).toBeUndefined();
  });
});
