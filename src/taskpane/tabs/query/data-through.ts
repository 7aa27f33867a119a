import type { DateRange, PeriodWord } from "../../../core/periods";

/**
 * "Data through": the last day the service has statistics for (the /dates route), and what to
 * say when the chosen period reaches past it. The service's newest day is usually yesterday,
 * so TODAY and the *TD words silently include a day with no figures yet.
 */

export function dataThroughText(lastDay: string): string {
  return `Data through ${lastDay}.`;
}

const TO_DATE_WORDS: Partial<Record<PeriodWord, string>> = {
  MTD: "Month to date",
  QTD: "Quarter to date",
  YTD: "Year to date",
};

/** Why the period's figures stop short of its last day, or undefined when the data covers it. */
export function pastDataWarning(period: DateRange, lastDay: string, word?: PeriodWord): string | undefined {
  if (period.to <= lastDay) return undefined;
  const where = `the last day with data is ${lastDay}`;
  if (period.from > lastDay) {
    return word === "TODAY"
      ? `Today has no data yet: ${where}.`
      : `This period has no data yet: ${where}. Choose an earlier period.`;
  }
  const toDate = word ? TO_DATE_WORDS[word] : undefined;
  if (toDate) return `${toDate} includes today, which has no data yet: ${where}, so the figures stop there.`;
  return `The days after ${lastDay} have no data yet: ${where}, so the figures stop there.`;
}
