import type { ReportingRuntime } from "../../../core/runtime/reporting-runtime";
import { filterListLoadedText, filterListsFailedText } from "../../widgets/picker-text";
import { PICKER_FILTERS, type PickerFilter, type QueryForm } from "./query-form";
import { loadFilterList } from "../../shared/reference-lists";
import { plainMessage, type StatusBar } from "../../shell/status";
import type { PeriodNote } from "./period-note";

const TITLES: Record<PickerFilter, string> = Object.fromEntries(PICKER_FILTERS) as Record<PickerFilter, string>;

/**
 * The pickers' lists and the data's last day, loaded through the runtime's cache, which the
 * REPORTING reference functions share. A load started for a profile that is no longer the one in
 * use is ignored when it answers: the lists never mix two profiles. A list that failed offers
 * Retry in its picker, which asks for that list alone again.
 */
export class PickerLists {
  private generation = 0;

  constructor(
    private readonly form: QueryForm,
    private readonly periodNote: PeriodNote,
    private readonly runtime: Pick<ReportingRuntime, "reference">,
    /** The pane's status bar: it hears from this load only when a list failed, and from Retry. */
    private readonly status: StatusBar,
    /** A polite live line under Filters: says that the lists are on their way. */
    private readonly loadingNote: HTMLElement,
  ) {}

  /** Empties the lists (signed out): an answer still on its way is dropped. */
  clear(): void {
    this.generation += 1;
    this.loadingNote.textContent = "";
    for (const picker of Object.values(this.form.pickers)) picker.setOptions([]);
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const { form, runtime } = this;
    for (const [filter] of PICKER_FILTERS) form.setFilterLoading(filter);
    this.loadingNote.textContent = "Loading the filter lists…";
    // Runs by itself after a profile change: the status bar keeps the answer to what the user did
    // ("Now using profile ...") and hears from this load only when a list failed.
    const dates = runtime.reference("dates").then((period) => {
      if (!current()) return;
      form.setAvailablePeriod(period);
      this.periodNote.dataThrough(period.to);
    });
    // Both are settled from the start: a last day that fails before the lists answer must not be
    // an unhandled rejection (the page's uncaught error) while it waits for them.
    const [lists, dated] = await Promise.all([
      Promise.allSettled(PICKER_FILTERS.map(([filter]) => this.fill(filter, generation))),
      Promise.allSettled([dates]),
    ]);
    const results = [...lists, ...dated];
    if (!current()) return;
    this.loadingNote.textContent = "";
    const failed = PICKER_FILTERS.filter((_, index) => lists[index]?.status === "rejected").map(([, title]) => title);
    const failure = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (!failure) return;
    const reason = plainMessage(failure.reason);
    this.status.show(
      failed.length > 0
        ? filterListsFailedText(failed, reason)
        : `The last day with data could not be loaded. ${reason}`,
      "error",
    );
  }

  /** Loads `filter`'s list into its picker; a failure leaves Retry there and is thrown on. */
  private async fill(filter: PickerFilter, generation: number): Promise<number> {
    const current = () => generation === this.generation;
    try {
      const options = await loadFilterList(this.runtime, filter);
      if (current()) this.form.setFilterOptions(filter, options);
      return options.length;
    } catch (error) {
      if (current())
        this.form.setFilterUnavailable(
          filter,
          `Could not load this list. ${plainMessage(error)}`,
          () => void this.retry(filter),
        );
      throw error;
    }
  }

  /** The picker's Retry: that list alone, again; the status bar says how it went. */
  private async retry(filter: PickerFilter): Promise<void> {
    const generation = this.generation;
    this.form.setFilterLoading(filter);
    try {
      const offered = await this.fill(filter, generation);
      if (generation === this.generation) this.status.success(filterListLoadedText(TITLES[filter], offered));
    } catch (error) {
      if (generation === this.generation)
        this.status.show(filterListsFailedText([TITLES[filter]], plainMessage(error)), "error");
    }
  }
}
