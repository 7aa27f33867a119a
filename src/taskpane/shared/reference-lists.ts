import type { FilterName } from "../../api";
import type { ReferenceLists } from "../../core/preview";
import type { ReferenceOptions, ReportingRuntime } from "../../core/runtime/reporting-runtime";

type Reference = Pick<ReportingRuntime, "reference">;
type Lists = Required<ReferenceLists>;
export type ListName = keyof Lists;

/**
 * The pane's one table of reference lists: which route each comes from, read through the
 * runtime's cache (which the REPORTING functions share), so that the pickers, the preview's names
 * for codes and the exports' labels ask for each list once between them. `options.profile` names
 * the profile whose lists they are (a query's profile=): two accounts name their codes apart.
 */
const LOADERS: { [Name in ListName]: (runtime: Reference, options: ReferenceOptions) => Promise<Lists[Name]> } = {
  organizations: async (runtime, options) => (await runtime.reference("details", options)).organizations,
  countries: (runtime, options) => runtime.reference("countries", options),
  formats: (runtime, options) => runtime.reference("formats", options),
  integrationTypes: (runtime, options) => runtime.reference("integrationTypes", options),
  deviceTypes: (runtime, options) => runtime.reference("deviceTypes", options),
  assetTypes: (runtime, options) => runtime.reference("assetTypes", options),
  assets: (runtime, options) => runtime.reference("assets", options),
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
export function loadFilterList(
  runtime: Reference,
  filter: ListedFilter,
  options: ReferenceOptions = {},
): Promise<Lists[ListName]> {
  return LOADERS[FILTER_LISTS[filter]](runtime, options);
}

/** Every list that loads; one that fails is left out, so that its codes just stay codes. */
export async function loadReferenceLists(runtime: Reference, options: ReferenceOptions = {}): Promise<ReferenceLists> {
  const loaded = await Promise.all(
    (Object.keys(LOADERS) as ListName[]).map(async (name) => {
      try {
        return [[name, await LOADERS[name](runtime, options)]];
      } catch {
        return [];
      }
    }),
  );
  return Object.fromEntries(loaded.flat()) as ReferenceLists;
}
