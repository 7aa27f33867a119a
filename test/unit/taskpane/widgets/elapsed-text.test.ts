import { elapsedText } from "../../../../src/taskpane/widgets/elapsed-text";

describe("how long the pane has waited", () => {
  it("counts whole seconds, then minutes", () => {
    expect(elapsedText(0)).toBe("0 s");
    expect(elapsedText(12_900)).toBe("12 s");
    expect(elapsedText(65_000)).toBe("1 min 05 s");
    expect(elapsedText(-5)).toBe("0 s");
  });
});
