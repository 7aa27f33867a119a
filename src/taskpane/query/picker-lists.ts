import type { ReportingRuntime } from "../../core/runtime/reporting-runtime";
import { PICKER_FILTERS, type PickerFilter, type QueryForm } from "../query-form";
import { loadFilterList } from "../reference-lists";
import { plainMessage, type StatusBar } from "../status";
import type { PeriodNote } from "./period-note";

/**
 * The pickers' lists and the data's last day, loaded through the runtime's cache, which the
 * REPORTING reference functions share. A load started for a profile that is no longer the one in
 * use is ignored when it answers: the lists never mix two profiles.
 */
export class PickerLists {
  private generation = 0;

  constructor(
    private readonly form: QueryForm,
    private readonly periodNote: PeriodNote,
    private readonly runtime: Pick<ReportingRuntime, "reference">,
    /** The pane's status bar: it hears from this load only when a list failed. */
    private readonly status: StatusBar,
  ) {}

  /** Empties the lists (signed out): an answer still on its way is dropped. */
  clear(): void {
    this.generation += 1;
    for (const picker of Object.values(this.form.pickers)) picker.setOptions([]);
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const { form, runtime } = this;
    const fill = async (filter: PickerFilter) => {
      try {
        const options = await loadFilterList(runtime, filter);
        if (current()) form.setFilterOptions(filter, options);
      } catch (error) {
        if (current()) form.setFilterUnavailable(filter, `Could not load this list. ${plainMessage(error)}`);
        throw error;
      }
    };
    // Runs by itself after a profile change: the status bar keeps the answer to what the user did
    // ("Now using profile ...") and hears from this load only when a list failed.
    const results = await Promise.allSettled([
      ...PICKER_FILTERS.map(([filter]) => fill(filter)),
      runtime.reference("dates").then((period) => {
        if (!current()) return;
        form.setAvailablePeriod(period);
        this.periodNote.dataThrough(period.to);
      }),
    ]);
    if (!current()) return;
    const failure = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failure) this.status.show(`Some filter lists could not be loaded. ${plainMessage(failure.reason)}`, "error");
  }
}
