import { countText, moneyText, percentText } from "../../../../src/core/preview";

describe("preview number texts", () => {
  it("writes money with two decimals and no currency sign, as the exported files do, whatever the machine's locale", () => {
    expect(moneyText(1234.5678)).toBe("1,234.57");
    expect(moneyText(0)).toBe("0.00");
    expect(moneyText(-12.345)).toBe("-12.35");
    expect(moneyText(12.5, { signed: true })).toBe("+12.50");
  });

  it("keeps two decimals below a cent, as the files' #,##0.00 does, without a minus on a rounded zero", () => {
    expect(moneyText(0.004567)).toBe("0.00");
    expect(moneyText(0.005)).toBe("0.01");
    expect(moneyText(-0.004)).toBe("0.00");
    expect(moneyText(-0.004, { signed: true })).toBe("0.00");
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
