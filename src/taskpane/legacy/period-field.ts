import { addDays } from "../../core/calendar";
import { CUSTOM_PERIOD, periodDatesText, readPeriodChoice, type PeriodReading } from "../../core/legacy/period-choice";
import { PERIOD_LABELS, PERIOD_WORDS } from "../../core/periods";
import { optionElement } from "../dom";

export interface PeriodFieldElements {
  choice: HTMLSelectElement;
  customRange: HTMLElement;
  from: HTMLInputElement;
  to: HTMLInputElement;
  /** Says which days the chosen word covers. */
  dates: HTMLElement;
}

/** The period of the Legacy tab: the Query tab's presets and words, or a custom range. */
export class PeriodField {
  constructor(
    private readonly elements: PeriodFieldElements,
    private readonly today: () => string,
  ) {
    const { choice, from, to } = elements;
    for (const word of PERIOD_WORDS) choice.append(optionElement(word, PERIOD_LABELS[word]));
    choice.append(optionElement(CUSTOM_PERIOD, "Custom range…"));
    choice.value = "LAST_30_DAYS";
    // A custom range starts as the last 30 whole days, ready to adjust.
    const yesterday = addDays(today(), -1);
    to.value = yesterday;
    from.value = addDays(yesterday, -29);
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

  /** Shows the custom range only when chosen, and the days a word covers today. */
  show(): void {
    const { choice, customRange, dates } = this.elements;
    const custom = choice.value === CUSTOM_PERIOD;
    customRange.hidden = !custom;
    const reading = this.read();
    dates.textContent = custom ? "Both days included." : "range" in reading ? periodDatesText(reading.range) : "";
  }
}
