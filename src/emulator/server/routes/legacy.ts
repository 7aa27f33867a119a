import { LEGACY_ROUTES, legacyStatsQuery, type Application } from "../../../api";
import type { LegacyCredential } from "../../store/types";
import { legacyPeriod } from "../legacy-period";
import { sendJson } from "../respond";
import type { Route, RouteContext } from "../router";
import { parseOrRefuse } from "../validation";

const INFO =
  "Statistics from the local Reporting emulator. Its rules (default periods, limits) are in the project's docs/emulator.md.";

/** The legacy interface spells the Apple platform `iOS` in applicationInfos (known-facts). */
function legacyPlatform(platform: string): string {
  return platform.toUpperCase() === "IOS" ? "iOS" : platform.toUpperCase();
}

/** Reads the query as the schema expects it: `group_by` split on commas, repeated values joined. */
function queryOf(url: URL): unknown {
  const params = url.searchParams;
  const groupBy = params.getAll("group_by");
  return {
    from_date: params.get("from_date") ?? undefined,
    to_date: params.get("to_date") ?? undefined,
    group_by:
      groupBy.length === 0
        ? undefined
        : groupBy
            .join(",")
            .split(",")
            .map((name) => name.trim())
            .filter((name) => name !== ""),
  };
}

async function applications(context: RouteContext, caller: LegacyCredential): Promise<void> {
  const records: Application[] = await context.store.applications(caller.applications);
  sendJson(context.res, 200, { applications: records });
}

async function stats(context: RouteContext, caller: LegacyCredential): Promise<void> {
  const query = parseOrRefuse(legacyStatsQuery, queryOf(context.url), "statistics query");
  const groupBy = query.group_by ?? [];
  const period = legacyPeriod(query, context.today);
  const [answer, records] = await Promise.all([
    context.store.legacyStats({ appKeys: caller.applications, from: period.from, to: period.to, groupBy }),
    context.store.applications(caller.applications),
  ]);
  sendJson(context.res, 200, {
    info: INFO,
    // The period the rules chose, not the store's: with group_by=month and no dates it ends
    // today (rule 2), where the store's month rounding would name the last day of the month.
    fromDate: period.from,
    toDate: period.to,
    applications: records.map((record) => record.app_key),
    applicationInfos: records.map((record) => ({ apiKey: record.app_key, platform: legacyPlatform(record.platform) })),
    aggregationDescription: groupBy.join(","),
    ...(answer.aggregation !== undefined ? { aggregation: answer.aggregation } : {}),
    ...(answer.stats !== undefined ? { stats: answer.stats } : {}),
  });
}

export function legacyRoutes(prefix: string): Route[] {
  return [
    { path: prefix + LEGACY_ROUTES.applications, method: "GET", auth: "legacy", handle: applications },
    { path: prefix + LEGACY_ROUTES.stats, method: "GET", auth: "legacy", handle: stats },
  ];
}
