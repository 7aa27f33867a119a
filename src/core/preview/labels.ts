import type { AssetOption, Option } from "../../api";

/** The name a reference route gives a code of a group ("country", "US") -> "United States"; undefined when unknown. */
export type LabelLookup = (group: string, code: string) => string | undefined;

/** The reference lists the pane loads for its pickers, as the runtime's reference(...) returns them. */
export interface ReferenceLists {
  countries?: readonly Option[];
  formats?: readonly Option[];
  integrationTypes?: readonly Option[];
  deviceTypes?: readonly Option[];
  assetTypes?: readonly Option[];
  assets?: readonly AssetOption[];
  /** details.organizations */
  organizations?: readonly Option[];
}

function indexOf(options: readonly Option[] | undefined): Map<string, string> {
  const index = new Map<string, string>();
  for (const option of options ?? []) {
    // A list that gives no name repeats the code as the label: nothing to show instead.
    if (option.label !== option.value && !index.has(option.value)) index.set(option.value, option.label);
  }
  return index;
}

/**
 * A lookup over the lists, by the group names of STATS (and LEGACY.STATS's "country" and
 * "ad_unit_type"). Codes are matched as the service writes them; a country code also in another
 * case ("us") finds its name.
 */
export function labelLookupOf(lists: ReferenceLists): LabelLookup {
  const countries = indexOf(lists.countries);
  const formats = indexOf(lists.formats);
  const byGroup = new Map<string, Map<string, string>>([
    ["country", countries],
    ["format", formats],
    // LEGACY.STATS's ad unit types are the format names (banner_320x50, optin_video, ...).
    ["ad_unit_type", formats],
    ["integration_type", indexOf(lists.integrationTypes)],
    ["device_types", indexOf(lists.deviceTypes)],
    ["asset_type", indexOf(lists.assetTypes)],
    ["asset", indexOf(lists.assets)],
    ["ad_unit", indexOf(lists.assets?.flatMap((asset) => asset.adUnits))],
    ["organization", indexOf(lists.organizations)],
  ]);
  return (group, code) => {
    const index = byGroup.get(group);
    if (!index) return undefined;
    return index.get(code) ?? (group === "country" ? index.get(code.toUpperCase()) : undefined);
  };
}

/** For a preview before the lists have loaded, or where there are none: codes stay as they are. */
export const NO_LABELS: LabelLookup = () => undefined;
