import type { QueryPeriod } from "../../core/formula-text";
import { CUSTOM_PERIOD, customRangeAfter, readPeriodChoice, type PeriodReading } from "../../core/period-choice";
import { PERIOD_LABELS, PERIOD_WORDS, periodDatesText, type DateRange } from "../../core/periods";
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
 * core/period-choice.ts. Turning to the custom range fills it with the days of the word chosen
 * before, ready to adjust.
 */
export class PeriodField {
  /** The choice as last shown: what "Custom range…" starts from. */
  private shown: string;

  constructor(
    private readonly elements: PeriodFieldElements,
    private readonly today: () => string,
  ) {
    const { choice } = elements;
    for (const word of PERIOD_WORDS) choice.append(optionElement(word, PERIOD_LABELS[word]));
    choice.append(optionElement(CUSTOM_PERIOD, "Custom range…"));
    choice.value = "LAST_30_DAYS";
    this.shown = choice.value;
    // On "input", which reaches the select before the form hears it: the form then reads the filled range.
    choice.addEventListener("input", () => this.chosen());
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

  /** The user chose in the list: from a word to the custom range, the range starts as that word's days. */
  private chosen(): void {
    const { choice, from, to } = this.elements;
    const range = choice.value === CUSTOM_PERIOD ? customRangeAfter(this.shown, this.today()) : undefined;
    if (range) {
      from.value = range.from;
      to.value = range.to;
    }
    this.show();
  }

  /** Shows the custom range only when chosen, and the days a word covers today. */
  private show(): void {
    const { choice, customRange, dates } = this.elements;
    this.shown = choice.value;
    const custom = choice.value === CUSTOM_PERIOD;
    customRange.hidden = !custom;
    const reading = this.read();
    dates.textContent = custom ? "Both days included." : "range" in reading ? periodDatesText(reading.range) : "";
  }
}
