import { labelLookupOf, type LabelLookup } from "../../core/preview";
import type { ReportingRuntime } from "../../core/runtime/reporting-runtime";
import { dataThroughOf } from "../exports/export-facts";
import { loadReferenceLists } from "./reference-lists";

export interface PreviewReference {
  labelOf: LabelLookup;
  /** The last day with data (`/dates`), when the service said. */
  dataThrough?: string;
}

/**
 * The names of codes and the last day with data, for a preview of a query on `profile` (the one
 * it pins; the active one when undefined). Read through the runtime's cache (the pickers loaded
 * the active profile's lists); a list that cannot be loaded just leaves its codes as they are: a
 * preview is never refused for want of a name.
 */
export async function loadPreviewReference(
  runtime: Pick<ReportingRuntime, "reference">,
  profile?: string,
): Promise<PreviewReference> {
  const options = { profile };
  const [lists, dataThrough] = await Promise.all([
    loadReferenceLists(runtime, options),
    dataThroughOf(runtime, options),
  ]);
  return { labelOf: labelLookupOf(lists), ...(dataThrough ? { dataThrough } : {}) };
}
