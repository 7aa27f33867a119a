import type { FilterName } from "../api";
import type { ReferenceLists } from "../core/preview";
import type { ReportingRuntime } from "../core/runtime/reporting-runtime";

type Reference = Pick<ReportingRuntime, "reference">;
type Lists = Required<ReferenceLists>;
export type ListName = keyof Lists;

/**
 * The pane's one table of reference lists: which route each comes from, read through the
 * runtime's cache (which the REPORTING functions share), so that the pickers, the preview's names
 * for codes and the exports' labels ask for each list once between them.
 */
const LOADERS: { [Name in ListName]: (runtime: Reference, signal: AbortSignal | undefined) => Promise<Lists[Name]> } = {
  organizations: async (runtime, signal) => (await runtime.reference("details", { signal })).organizations,
  countries: (runtime, signal) => runtime.reference("countries", { signal }),
  formats: (runtime, signal) => runtime.reference("formats", { signal }),
  integrationTypes: (runtime, signal) => runtime.reference("integrationTypes", { signal }),
  deviceTypes: (runtime, signal) => runtime.reference("deviceTypes", { signal }),
  assetTypes: (runtime, signal) => runtime.reference("assetTypes", { signal }),
  assets: (runtime, signal) => runtime.reference("assets", { signal }),
};

/** The list whose values each filter takes. */
export const FILTER_LISTS = {
  organizations: "organizations",
  countries: "countries",
  formats: "formats",
  integration_types: "integrationTypes",
  device_types: "deviceTypes",
  asset_types: "assetTypes",
  assets: "assets",
} as const satisfies Partial<Record<FilterName, ListName>>;

export type ListedFilter = keyof typeof FILTER_LISTS;

export function isListedFilter(name: string): name is ListedFilter {
  return Object.prototype.hasOwnProperty.call(FILTER_LISTS, name);
}

/** The values `filter` takes, with their names. */
export function loadFilterList(runtime: Reference, filter: ListedFilter, signal?: AbortSignal): Promise<Lists[ListName]> {
  return LOADERS[FILTER_LISTS[filter]](runtime, signal);
}

/** Every list that loads; one that fails is left out, so that its codes just stay codes. */
export async function loadReferenceLists(runtime: Reference, signal?: AbortSignal): Promise<ReferenceLists> {
  const loaded = await Promise.all(
    (Object.keys(LOADERS) as ListName[]).map(async (name) => {
      try {
        return [[name, await LOADERS[name](runtime, signal)]];
      } catch {
        return [];
      }
    }),
  );
  return Object.fromEntries(loaded.flat()) as ReferenceLists;
}
