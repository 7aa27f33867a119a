import type { FilterName, Option } from "../../api";
import { isoTimeWithZone, type FilterLabels } from "../../core/exports/query-sheet";
import type { QueryPeriod } from "../../core/formula-text";
import type { ReportingRuntime } from "../../core/runtime/reporting-runtime";
import type { PaneContext } from "../context";
import { PERIOD_LABELS } from "../query-form";

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

/** The last day the service has statistics for; undefined when /dates does not answer (the file still goes). */
export async function dataThroughOf(runtime: ReportingRuntime): Promise<string | undefined> {
  try {
    return (await runtime.reference("dates")).to;
  } catch {
    return undefined;
  }
}

const LABEL_SOURCES: Partial<Record<FilterName, (runtime: ReportingRuntime) => Promise<readonly Option[]>>> = {
  organizations: async (runtime) => (await runtime.reference("details")).organizations,
  countries: (runtime) => runtime.reference("countries"),
  formats: (runtime) => runtime.reference("formats"),
  integration_types: (runtime) => runtime.reference("integrationTypes"),
  device_types: (runtime) => runtime.reference("deviceTypes"),
  asset_types: (runtime) => runtime.reference("assetTypes"),
  assets: (runtime) => runtime.reference("assets"),
};

/**
 * The labels of the filters a query uses, from the reference lists the pickers already loaded
 * (the runtime's cache). A list that fails leaves its codes unlabelled: no reason to refuse a file.
 */
export async function filterLabelsOf(runtime: ReportingRuntime, filters: Partial<Record<FilterName, readonly string[]>>): Promise<FilterLabels> {
  const labels: FilterLabels = {};
  await Promise.all(
    Object.entries(filters).map(async ([name, values]) => {
      const source = LABEL_SOURCES[name as FilterName];
      if (!source || !values || values.length === 0) return;
      try {
        const options = await source(runtime);
        labels[name as FilterName] = Object.fromEntries(options.map((option) => [option.value, option.label]));
      } catch {
        // Codes alone, then.
      }
    }),
  );
  return labels;
}
