import type { QueryPeriod } from "./formula-text";
import { PERIOD_WORDS, periodOfWord, type DateRange, type PeriodWord } from "./periods";

/**
 * A period as the pane's Query and Legacy tabs let the user choose it (src/taskpane/widgets/period-field.ts):
 * a period word (Today... Last year) or a custom range of two days.
 */

export const CUSTOM_PERIOD = "CUSTOM";

export type PeriodReading =
  /** `period` is what the formula says (the word, or both days); `range` the days it covers today. */
  { period: QueryPeriod; range: DateRange } | { problem: string; field: "from" | "to" };

function isPeriodWord(choice: string): choice is PeriodWord {
  return (PERIOD_WORDS as readonly string[]).includes(choice);
}

export function readPeriodChoice(choice: string, from: string, to: string, today: string): PeriodReading {
  if (isPeriodWord(choice)) return { period: { word: choice }, range: periodOfWord(choice, today) };
  if (!from) return { problem: "Choose the first day of the custom range.", field: "from" };
  if (!to) return { problem: "Choose the last day of the custom range.", field: "to" };
  // Both days are named: the user sees where the mistake is without reading the two boxes again.
  if (to < from)
    return { problem: `The last day (${to}) comes before the first day (${from}): swap them.`, field: "to" };
  return { period: { from, to }, range: { from, to } };
}

/**
 * The days a custom range starts with when the user turns to it from `previous`, the choice
 * shown before: that word's own days today (Last month, then Custom range: last month, not the
 * last 30 days), so the query stays the same until a day is changed. Undefined from anything but
 * a word: the range then keeps its days.
 */
export function customRangeAfter(previous: string, today: string): DateRange | undefined {
  return isPeriodWord(previous) ? periodOfWord(previous, today) : undefined;
}
