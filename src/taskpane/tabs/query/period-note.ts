import type { DateRange, PeriodWord } from "../../../core/periods";
import { dataThroughText, pastDataWarning } from "./data-through";

/**
 * "Data through <day>" beside the period, and a warning when the chosen period reaches past
 * the last day the service has data for (TODAY, the *TD words, a custom range into the future).
 */
export class PeriodNote {
  private lastDay: string | undefined;
  private range: DateRange | undefined;
  private word: PeriodWord | undefined;

  constructor(
    private readonly through: HTMLElement,
    private readonly warning: HTMLElement,
  ) {}

  /** The last day with data, from the service's /dates; undefined while unknown. */
  dataThrough(lastDay: string | undefined): void {
    this.lastDay = lastDay;
    this.render();
  }

  /** The period chosen; undefined while a custom range is incomplete or reversed. */
  period(range: DateRange | undefined, word: PeriodWord | undefined): void {
    this.range = range;
    this.word = word;
    this.render();
  }

  private render(): void {
    this.through.hidden = this.lastDay === undefined;
    this.through.textContent = this.lastDay === undefined ? "" : dataThroughText(this.lastDay);
    const warning =
      this.lastDay !== undefined && this.range ? pastDataWarning(this.range, this.lastDay, this.word) : undefined;
    this.warning.hidden = warning === undefined;
    this.warning.textContent = warning ?? "";
  }
}
