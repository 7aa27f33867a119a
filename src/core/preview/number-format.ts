/**
 * The texts the pane's preview shows for numbers, fixed to en-US so that a figure reads the same on
 * every machine. Money has two decimals and no currency sign, as in the exported files: the
 * currency is said once, in the column's heading (src/core/currency.ts). The workbook always gets
 * the full value: display only.
 */
const COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const SIGNED_COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, signDisplay: "exceptZero" });
const MONEY = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SIGNED_MONEY = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: "exceptZero",
});
const PERCENT = new Intl.NumberFormat("en-US", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const SIGNED_PERCENT = new Intl.NumberFormat("en-US", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: "exceptZero",
});

export interface NumberTextOptions {
  /** Changes read better with their sign: "+1,204" next to "-$12.50". */
  signed?: boolean;
}

/** Impressions, requests and other counts: "1,234,567". */
export function countText(value: number, options: NumberTextOptions = {}): string {
  return (options.signed ? SIGNED_COUNT : COUNT).format(value);
}

/** Revenues and eCPM: "1,234.56", two decimals as the files show them; "+12.50" for a change. */
export function moneyText(value: number, options: NumberTextOptions = {}): string {
  // A loss below half a cent rounds to 0.00, not "-0.00".
  return (options.signed ? SIGNED_MONEY : MONEY).format(Math.abs(value) < 0.005 ? 0 : value);
}

/** A fraction as a percentage: 0.125 reads "12.5%". */
export function percentText(fraction: number, options: NumberTextOptions = {}): string {
  return (options.signed ? SIGNED_PERCENT : PERCENT).format(fraction);
}
