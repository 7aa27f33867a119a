import type { FilterName } from "../../api";
import { isoTimeWithZone, type FilterLabels } from "../../core/exports/query-sheet";
import type { QueryPeriod } from "../../core/formula-text";
import { PERIOD_LABELS } from "../../core/periods";
import type { ReferenceOptions, ReportingRuntime } from "../../core/runtime/reporting-runtime";
import type { PaneContext } from "../shell/context";
import { isListedFilter, loadFilterList } from "../shared/reference-lists";

/** What the pane knows of an export beyond its query: when, with which profile, how far the data reaches. */

/** Now, as the user's clock reads it, with its offset from UTC. */
export function madeNow(now = new Date()): string {
  return isoTimeWithZone(now.getTime(), -now.getTimezoneOffset());
}

/** `Last month` for a period word; undefined for a custom range. */
export function periodNameOf(period: QueryPeriod): string | undefined {
  return "word" in period ? PERIOD_LABELS[period.word] : undefined;
}

/** The profile a query runs with, by name. */
export function profileNameOf(context: PaneContext, pinned: string | undefined): string | undefined {
  return pinned ?? context.current().active?.name;
}

/**
 * The last day the service has statistics for, with the query's profile (`options.profile`);
 * undefined when /dates does not answer (the file still goes).
 */
export async function dataThroughOf(
  runtime: Pick<ReportingRuntime, "reference">,
  options: ReferenceOptions = {},
): Promise<string | undefined> {
  try {
    return (await runtime.reference("dates", options)).to;
  } catch {
    return undefined;
  }
}

/**
 * The labels of the filters a query uses, from the reference lists of the query's profile
 * (`options.profile`) through the runtime's cache, where the pickers loaded the active one's. A
 * list that fails leaves its codes unlabelled: no reason to refuse a file.
 */
export async function filterLabelsOf(
  runtime: Pick<ReportingRuntime, "reference">,
  filters: Partial<Record<FilterName, readonly string[] | undefined>>,
  options: ReferenceOptions = {},
): Promise<FilterLabels> {
  const labels: FilterLabels = {};
  await Promise.all(
    Object.entries(filters).map(async ([name, values]) => {
      if (!isListedFilter(name) || !values || values.length === 0) return;
      try {
        const list = await loadFilterList(runtime, name, options);
        labels[name] = Object.fromEntries(list.map((option) => [option.value, option.label]));
      } catch {
        // Codes alone, then.
      }
    }),
  );
  return labels;
}
