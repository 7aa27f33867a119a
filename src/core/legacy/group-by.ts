import { LEGACY_GROUP_BY, type LegacyGroupBy } from "../../api";

/** Groupings LEGACY.STATS offers: the service's own, and three it derives from the ad unit. */
export const DERIVED_AD_UNIT_GROUPS = ["ad_unit_type", "ad_unit_name", "application"] as const;
export type DerivedAdUnitGroup = (typeof DERIVED_AD_UNIT_GROUPS)[number];
export const LEGACY_FUNCTION_GROUPS = [...LEGACY_GROUP_BY, ...DERIVED_AD_UNIT_GROUPS] as const;
export type LegacyFunctionGroup = (typeof LEGACY_FUNCTION_GROUPS)[number];

export function isDerivedAdUnitGroup(group: LegacyFunctionGroup): group is DerivedAdUnitGroup {
  return (DERIVED_AD_UNIT_GROUPS as readonly string[]).includes(group);
}

/**
 * The group_by to send: each derived grouping needs the ad unit id, which takes the place of the
 * first derived or ad_unit_id grouping; the function regroups the ad unit rows itself (spec 4.3
 * rule 4). [day, ad_unit_type] is sent as [day, ad_unit_id].
 */
export function serviceGroupBy(groups: readonly LegacyFunctionGroup[]): LegacyGroupBy[] {
  const sent: LegacyGroupBy[] = [];
  for (const group of groups) {
    const service: LegacyGroupBy = isDerivedAdUnitGroup(group) ? "ad_unit_id" : group;
    if (!sent.includes(service)) sent.push(service);
  }
  return sent;
}

export function needsRegrouping(groups: readonly LegacyFunctionGroup[]): boolean {
  return groups.some(isDerivedAdUnitGroup);
}
