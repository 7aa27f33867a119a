import { previewNumberText } from "../../../src/taskpane/number-text";

describe("previewNumberText", () => {
  it("shows counts as whole numbers with thousands separators", () => {
    expect(previewNumberText(1234567, "en-US")).toBe("1,234,567");
    expect(previewNumberText(0, "en-US")).toBe("0");
  });

  it("shows revenues and eCPM with two decimals", () => {
    expect(previewNumberText(1230.690274, "en-US")).toBe("1,230.69");
    expect(previewNumberText(5.7, "en-US")).toBe("5.70");
    expect(previewNumberText(0.016, "en-US")).toBe("0.02");
    expect(previewNumberText(-12.345, "en-US")).toBe("-12.35");
  });

  it("keeps amounts below a cent visible instead of showing 0.00", () => {
    expect(previewNumberText(1.2e-7, "en-US")).toBe("0.00000012");
    expect(previewNumberText(0.004567, "en-US")).toBe("0.00457");
  });

  it("follows the locale's separators", () => {
    expect(previewNumberText(1230.69, "de-DE")).toBe("1.230,69");
  });
});
