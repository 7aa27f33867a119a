import { addDays } from "../core/calendar";
import type { QueryPeriod } from "../core/formula-text";
import { CUSTOM_PERIOD, readPeriodChoice, type PeriodReading } from "../core/period-choice";
import { PERIOD_LABELS, PERIOD_WORDS, periodDatesText, type DateRange } from "../core/periods";
import { optionElement } from "./dom";

export interface PeriodFieldElements {
  choice: HTMLSelectElement;
  customRange: HTMLElement;
  from: HTMLInputElement;
  to: HTMLInputElement;
  /** Says which days the chosen word covers. */
  dates: HTMLElement;
}

/**
 * The period of a query, as the Query and Legacy tabs both offer it: a preset word (Today...
 * Last year) or a custom range of two days, read and checked by the one rule of
 * core/period-choice.ts.
 */
export class PeriodField {
  constructor(
    private readonly elements: PeriodFieldElements,
    private readonly today: () => string,
  ) {
    const { choice } = elements;
    for (const word of PERIOD_WORDS) choice.append(optionElement(word, PERIOD_LABELS[word]));
    choice.append(optionElement(CUSTOM_PERIOD, "Custom range…"));
    choice.value = "LAST_30_DAYS";
    choice.addEventListener("change", () => this.show());
    this.show();
  }

  read(): PeriodReading {
    const { choice, from, to } = this.elements;
    return readPeriodChoice(choice.value, from.value, to.value, this.today());
  }

  field(name: "from" | "to"): HTMLInputElement {
    return this.elements[name];
  }

  /** Shows `period`, as a loaded formula has it. */
  set(period: QueryPeriod): void {
    const { choice, from, to } = this.elements;
    if ("word" in period) {
      choice.value = period.word;
    } else {
      choice.value = CUSTOM_PERIOD;
      from.value = period.from;
      to.value = period.to;
    }
    this.show();
  }

  /** Limits the date pickers to the days the service has statistics for (none: no limit). */
  setBounds(available: DateRange | undefined): void {
    for (const input of [this.elements.from, this.elements.to]) {
      input.min = available?.from ?? "";
      input.max = available?.to ?? "";
    }
  }

  /**
   * Fills the days of the custom range still empty with the 30 days ending on `lastDay` (none
   * before `firstDay`), ready to adjust; returns whether a day was filled.
   */
  offerRangeEndingOn(lastDay: string, firstDay?: string): boolean {
    const { from, to } = this.elements;
    const filled = !to.value || !from.value;
    if (!to.value) to.value = lastDay;
    if (!from.value) {
      const monthBefore = addDays(lastDay, -29);
      from.value = firstDay !== undefined && monthBefore < firstDay ? firstDay : monthBefore;
    }
    return filled;
  }

  /** Shows the custom range only when chosen, and the days a word covers today. */
  private show(): void {
    const { choice, customRange, dates } = this.elements;
    const custom = choice.value === CUSTOM_PERIOD;
    customRange.hidden = !custom;
    const reading = this.read();
    dates.textContent = custom ? "Both days included." : "range" in reading ? periodDatesText(reading.range) : "";
  }
}
