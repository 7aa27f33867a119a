import type { Application } from "../../../api";
import { LEGACY_FUNCTION_GROUPS, type LegacyFunctionGroup } from "../../../core/legacy/group-by";
import { hasLegacyCredentials, type Profile } from "../../../core/profiles/profile";

/**
 * The words and choices of the Legacy tab, apart from the page so that they are tested in Node:
 * which groupings can still be added, what an application's line says, what the preview's
 * summary says, and when the applications must be loaded again.
 */

/**
 * The time grouping: by day or by month, never both (the service nests by one). The list and the
 * Add list name it Date; "Dates by" (Day, Month) says which, as on the Query tab.
 */
export const LEGACY_TIME_GROUPS = ["day", "month"] as const;
export type LegacyTimeGroup = (typeof LEGACY_TIME_GROUPS)[number];

function isTimeGroup(group: string): group is LegacyTimeGroup {
  return (LEGACY_TIME_GROUPS as readonly string[]).includes(group);
}

/** The time grouping chosen, if any. */
export function timeGroupOf(chosen: readonly string[]): LegacyTimeGroup | undefined {
  return chosen.find(isTimeGroup);
}

/**
 * The groupings the Add list offers, in the service's order: Date (by day) while there is no
 * time grouping; Month is never a choice of its own there, but the "Dates by" switch of Date.
 */
export function groupChoices(chosen: readonly string[]): LegacyFunctionGroup[] {
  const picked = new Set(chosen);
  const timed = timeGroupOf(chosen) !== undefined;
  return LEGACY_FUNCTION_GROUPS.filter(
    (group) => !picked.has(group) && group !== "month" && !(timed && group === "day"),
  );
}

/** The groupings with the time grouping switched to `by`, in the same place; unchanged without one. */
export function withTimeGroup(chosen: readonly LegacyFunctionGroup[], by: LegacyTimeGroup): LegacyFunctionGroup[] {
  return chosen.map((group) => (isTimeGroup(group) ? by : group));
}

export const NO_APPLICATION = "This key reaches no application.";

/** The line of an application that opens its ad units. */
export function applicationSummaryText(application: Application): string {
  return `${application.name} (${application.platform}) · ${application.ad_unit_details.length} ad units`;
}

export function applicationHintText(application: Application): string {
  return `App key ${application.app_key} · ${application.bundle} · ${application.publisher_name}`;
}

/** What the preview says when the period has no statistics. */
export const NO_LEGACY_STATISTICS = "No statistics for this period.";

/** The active profile when it can reach the legacy service. */
export function usableLegacyProfile(active: Profile | undefined): Profile | undefined {
  return active && hasLegacyCredentials(active) ? active : undefined;
}

/**
 * What the list of applications was loaded for: it changes when the profile, its address or its
 * key changes, and only then is the list loaded again. Kept in memory only, never shown.
 */
export function legacyIdentity(usable: Profile | undefined): string | undefined {
  return usable ? `${usable.name}|${usable.legacyBaseUrl}|${usable.apiKey}|${usable.apiSecret}` : undefined;
}
