/**
 * The texts the pane's preview shows for numbers. The service reports money in US dollars, and a
 * finance user reads "$1,234.56" faster than "1234.56"; formatting is fixed to en-US so that a
 * figure reads the same on every machine. The workbook always gets the full value: display only.
 */
const COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const SIGNED_COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, signDisplay: "exceptZero" });
const DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SIGNED_DOLLARS = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: "exceptZero",
});
// Below a cent, two decimals would show a misleading $0.00: three significant digits stay visible.
const SMALL_DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumSignificantDigits: 3 });
const SIGNED_SMALL_DOLLARS = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumSignificantDigits: 3,
  signDisplay: "exceptZero",
});
const PERCENT = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
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

/** Revenues and eCPM: "$1,234.56"; "$0.00457" below a cent. */
export function dollarText(value: number, options: NumberTextOptions = {}): string {
  if (value !== 0 && Math.abs(value) < 0.005) return (options.signed ? SIGNED_SMALL_DOLLARS : SMALL_DOLLARS).format(value);
  return (options.signed ? SIGNED_DOLLARS : DOLLARS).format(value);
}

/** A fraction as a percentage: 0.125 reads "12.5%". */
export function percentText(fraction: number, options: NumberTextOptions = {}): string {
  return (options.signed ? SIGNED_PERCENT : PERCENT).format(fraction);
}
