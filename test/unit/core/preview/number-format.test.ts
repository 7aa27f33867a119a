import { countText, dollarText, percentText } from "../../../../src/core/preview";

describe("preview number texts", () => {
  it("writes dollars the way a US finance user does, whatever the machine's locale", () => {
    expect(dollarText(1234.5678)).toBe("$1,234.57");
    expect(dollarText(0)).toBe("$0.00");
    expect(dollarText(-12.345)).toBe("-$12.35");
    expect(dollarText(12.5, { signed: true })).toBe("+$12.50");
  });

  it("keeps amounts below half a cent visible instead of $0.00", () => {
    expect(dollarText(0.004567)).toBe("$0.00457");
    expect(dollarText(0.005)).toBe("$0.01");
  });

  it("writes counts with thousands separators and changes with a sign", () => {
    expect(countText(1234567)).toBe("1,234,567");
    expect(countText(-1204, { signed: true })).toBe("-1,204");
    expect(countText(1204, { signed: true })).toBe("+1,204");
    expect(countText(0, { signed: true })).toBe("0");
  });

  it("writes fractions as percentages with one decimal", () => {
    expect(percentText(0.125)).toBe("12.5%");
    expect(percentText(-0.5, { signed: true })).toBe("-50.0%");
    expect(percentText(2, { signed: true })).toBe("+200.0%");
  });
});
