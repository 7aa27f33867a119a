import type { FilterName } from "../../api/stats-request";
import type { RequestOptions } from "../../client/client-options";
import type { ReportingClient } from "../../client/reporting-client";
import { daysIncluded, addDays } from "../../core/calendar";
import {
  ASSETS_SET,
  DATES_SET,
  ORGANIZATIONS_SET,
  REFERENCE_SETS,
  type ReferenceSetName,
} from "../../core/odata/feed-model";

/** Days the Dates set lists at most: the service's period is years, not centuries. */
const MAX_DAYS = 40_000;

/** The properties of each reference set, in the order its entities carry them. */
export const REFERENCE_PROPERTIES: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.keys(REFERENCE_SETS).map((name) => [name, ["value", "label"]])),
  [ORGANIZATIONS_SET]: ["value", "label"],
  [ASSETS_SET]: ["value", "label", "bundle", "asset_type"],
  [DATES_SET]: ["date"],
};

export function isReferenceSet(name: string): boolean {
  return Object.hasOwn(REFERENCE_PROPERTIES, name);
}

/** Every entity of a reference set: the service's whole list, read through the client. */
export async function referenceEntities(
  client: ReportingClient,
  set: string,
  options: RequestOptions,
): Promise<Record<string, unknown>[]> {
  if (set === ORGANIZATIONS_SET)
    return (await client.details(options)).organizations.map(({ value, label }) => ({ value, label }));
  if (set === ASSETS_SET) {
    return (await client.assets(options)).map((asset) => ({
      value: asset.value,
      label: asset.label,
      bundle: asset.bundle ?? null,
      asset_type: asset.assetType ?? null,
    }));
  }
  if (set === DATES_SET) {
    const { from, to } = await client.dates(options);
    const days = Math.min(MAX_DAYS, Math.max(0, daysIncluded(from, to)));
    return Array.from({ length: days }, (_, index) => ({ date: addDays(from, index) }));
  }
  const list = await client[REFERENCE_SETS[set as ReferenceSetName]](options);
  return list.map(({ value, label }) => ({ value, label }));
}

/** The values a /stats filter takes, from the list that names them (for `ne`, see withExclusions). */
export async function filterValues(
  client: ReportingClient,
  filter: FilterName,
  options: RequestOptions,
): Promise<string[]> {
  switch (filter) {
    case "organizations":
      return (await client.details(options)).organizations.map((each) => each.value);
    case "assets":
      return (await client.assets(options)).map((each) => each.value);
    case "ad_units":
      return (await client.assets(options)).flatMap((each) => each.adUnits.map((unit) => unit.value));
    case "countries":
      return (await client.countries(options)).map((each) => each.value);
    case "formats":
      return (await client.formats(options)).map((each) => each.value);
    case "integration_types":
      return (await client.integrationTypes(options)).map((each) => each.value);
    case "device_types":
      return (await client.deviceTypes(options)).map((each) => each.value);
    case "asset_types":
      return (await client.assetTypes(options)).map((each) => each.value);
  }
}
