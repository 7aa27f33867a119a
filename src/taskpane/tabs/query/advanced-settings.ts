import type { StatsQueryModel } from "../../../core/formula-text";

/**
 * Whether a query sets any of the fields under the Query tab's "Advanced" disclosure (most recent
 * periods, skipped rows, reuse of answers, the pinned profile). A formula loaded with one of them
 * set opens the disclosure: a value hidden under a closed one would change the query unseen.
 */
export function advancedSettingsInUse(
  model: Pick<StatsQueryModel, "groups" | "dateGroupLimit" | "offset" | "cacheSeconds" | "profile">,
): boolean {
  // The form reads the recent periods only while Date is a group, and shows no skip of 0 rows.
  const recentPeriods = model.groups.includes("date") && model.dateGroupLimit !== undefined;
  return recentPeriods || Boolean(model.offset) || model.cacheSeconds !== undefined || Boolean(model.profile);
}
