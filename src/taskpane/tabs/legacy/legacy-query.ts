import { legacyArgumentsOf, legacyStatsFormula, type LegacyQueryModel } from "../../../core/formula-text";
import type { DateRange } from "../../../core/periods";
import type { SpillTable } from "../../../core/rows/spill-table";
import type { PaneContext } from "../../shell/context";
import type { GroupField } from "./group-field";
import type { PeriodField } from "../../widgets/period-field";
import { headerStyleOf, tableHeaderNoteShown, withHeaders } from "./header-choice";
import { BUILD_NAMESPACE } from "../../shared/build-namespace";

export interface LegacyFormElements {
  formula: HTMLTextAreaElement;
  /** Column headers: readable, service names or none. */
  headers: HTMLSelectElement;
  /** Says that Insert as table keeps a header row, when the choice is none. */
  headersNote: HTMLElement;
}

export interface LegacyQuery {
  model: LegacyQueryModel;
  /** The days asked for, as the period reads today. */
  range: DateRange;
}

/**
 * The query the Legacy form describes, its formula in the formula box, and its rows. A question
 * the form cannot answer yet (e.g. a reversed range) is said in the status bar with its field focused.
 */
export class LegacyQueryForm {
  constructor(
    private readonly context: PaneContext,
    private readonly period: PeriodField,
    private readonly groups: GroupField,
    private readonly elements: LegacyFormElements,
  ) {}

  private read(): LegacyQuery | { problem: string; field: HTMLElement } {
    const reading = this.period.read();
    if ("problem" in reading) return { problem: reading.problem, field: this.period.field(reading.field) };
    const model = withHeaders(
      { period: reading.period, groupBy: this.groups.values() },
      headerStyleOf(this.elements.headers.value),
    );
    return { model, range: reading.range };
  }

  showFormula(): void {
    const { formula, headers, headersNote } = this.elements;
    const read = this.read();
    formula.value = "problem" in read ? "" : legacyStatsFormula(read.model, BUILD_NAMESPACE);
    headersNote.hidden = !tableHeaderNoteShown(headerStyleOf(headers.value));
  }

  /** The query, or undefined once the problem is shown and its field focused. */
  current(): LegacyQuery | undefined {
    const read = this.read();
    if ("problem" in read) {
      this.context.status.show(read.problem, "error");
      read.field.focus();
      return undefined;
    }
    return read;
  }

  /** Every row of the query, from the cache the preview and LEGACY.STATS formulas share. */
  rowsOf(model: LegacyQueryModel, signal?: AbortSignal): Promise<SpillTable> {
    const args = legacyArgumentsOf(model);
    return this.context.runtime.functions.legacyStats(args.from, args.to, args.groupBy, args.options, signal);
  }
}
