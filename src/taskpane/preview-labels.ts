import { labelLookupOf, type LabelLookup, type ReferenceLists } from "../core/preview";
import type { ReportingRuntime } from "../core/runtime/reporting-runtime";

export interface PreviewReference {
  labelOf: LabelLookup;
  /** The last day with data (`/dates`), when the service said. */
  dataThrough?: string;
}

/**
 * The names of codes and the last day with data, for a preview. Read through the runtime's cache
 * (the pickers loaded the same lists); a list that cannot be loaded just leaves its codes as they
 * are: a preview is never refused for want of a name.
 */
export async function loadPreviewReference(runtime: Pick<ReportingRuntime, "reference">): Promise<PreviewReference> {
  const settle = async <T>(load: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await load();
    } catch {
      return undefined;
    }
  };
  const [countries, formats, integrationTypes, deviceTypes, assetTypes, assets, details, dates] = await Promise.all([
    settle(() => runtime.reference("countries")),
    settle(() => runtime.reference("formats")),
    settle(() => runtime.reference("integrationTypes")),
    settle(() => runtime.reference("deviceTypes")),
    settle(() => runtime.reference("assetTypes")),
    settle(() => runtime.reference("assets")),
    settle(() => runtime.reference("details")),
    settle(() => runtime.reference("dates")),
  ]);
  const lists: ReferenceLists = {
    ...(countries ? { countries } : {}),
    ...(formats ? { formats } : {}),
    ...(integrationTypes ? { integrationTypes } : {}),
    ...(deviceTypes ? { deviceTypes } : {}),
    ...(assetTypes ? { assetTypes } : {}),
    ...(assets ? { assets } : {}),
    ...(details ? { organizations: details.organizations } : {}),
  };
  return { labelOf: labelLookupOf(lists), ...(dates ? { dataThrough: dates.to } : {}) };
}
