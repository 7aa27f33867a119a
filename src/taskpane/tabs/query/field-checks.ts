import { MAX_CACHE_SECONDS } from "../../../core/arguments/options";

/**
 * The Query tab's checks of one field each, run as the user types so that the reason shows
 * next to the field rather than later in the status bar. Pure: text in, value or words out.
 */

export type Checked<Value> = { value: Value } | { problem: string };

/** What a number box holds: its text, or "unreadable" when the browser could not read what was typed. */
export type NumberText = string | "unreadable";

interface WholeNumberRule {
  /** The field's name as its label reads, e.g. "Maximum rows". */
  label: string;
  min: number;
  max?: number;
  /** What leaving the field empty means, e.g. "all". */
  emptyMeans: string;
}

function range(rule: WholeNumberRule): string {
  return rule.max === undefined ? `${rule.min} or more` : `from ${rule.min} to ${rule.max.toLocaleString("en-US")}`;
}

/** A whole number within the rule's range, or undefined when left empty. */
export function checkWholeNumber(text: NumberText, rule: WholeNumberRule): Checked<number | undefined> {
  const tail = `or leave it empty for ${rule.emptyMeans}.`;
  if (text === "unreadable") return { problem: `${rule.label}: type a whole number ${range(rule)}, ${tail}` };
  const trimmed = text.trim();
  if (trimmed === "") return { value: undefined };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { problem: `${rule.label}: type a whole number ${range(rule)}, ${tail}` };
  if (!Number.isInteger(value))
    return {
      problem: `${rule.label} must be a whole number: ${trimmed} has decimals. Type one ${range(rule)}, ${tail}`,
    };
  if (value < rule.min || (rule.max !== undefined && value > rule.max)) {
    return { problem: `${rule.label} must be ${range(rule)}, not ${trimmed}: change it, ${tail}` };
  }
  return { value };
}

export const checkMaximumRows = (text: NumberText) =>
  checkWholeNumber(text, { label: "Maximum rows", min: 1, emptyMeans: "all rows" });
export const checkSkippedRows = (text: NumberText) =>
  checkWholeNumber(text, { label: "Skip the first rows", min: 1, emptyMeans: "none" });
export const checkRecentPeriods = (text: NumberText) =>
  checkWholeNumber(text, { label: "Most recent periods", min: 1, emptyMeans: "every period" });
export const checkCacheSeconds = (text: NumberText) =>
  checkWholeNumber(text, { label: "Reuse answers", min: 0, max: MAX_CACHE_SECONDS, emptyMeans: "the default minute" });

export function checkMetricCount(count: number): string | undefined {
  return count === 0 ? "Choose at least one metric." : undefined;
}
