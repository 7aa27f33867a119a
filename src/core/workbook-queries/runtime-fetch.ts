import type { StatsEntry } from "../../api";
import type { StatsQuery } from "../arguments/stats-query";
import { MissingCredentialsError } from "../missing-credentials";
import { localToday } from "../periods";
import type { ReportingRuntime } from "../runtime/reporting-runtime";
import type { TableRefreshDependencies } from "./table-refresh";

/** What refreshing a table asks of the service, whoever writes the rows: the pane into Excel, the headless command into a file. */
export type TableFetchDependencies = Omit<TableRefreshDependencies, "write" | "save">;

/**
 * A table's STATS or LEGACY.STATS query through `runtime`'s functions (cache and clients of the
 * profile the record names), as the pane and the headless refresh both run it.
 */
export function runtimeFetchDependencies(runtime: ReportingRuntime): TableFetchDependencies {
  return {
    today: localToday(),
    now: () => Date.now(),
    fetch: (query, signal) => runtime.functions.statsTable(query, signal),
    fetchLegacy: (args, signal) =>
      runtime.functions.legacyStats(args.from, args.to, args.groupBy, args.options, signal),
    async dataThrough(profile, signal) {
      // The runtime's own clients of that profile: a refresh wants today's answer, not a cached one.
      const client = runtime.clients(profile).reporting;
      return client ? (await client.dates({ signal })).to : undefined;
    },
    activeProfile: () => runtime.profiles().active?.name,
  };
}

/**
 * Every page of a STATS query through the client of the profile it names (or the active one),
 * handed to `onPage` in order and not kept, and not cached: the headless refresh writes a table
 * of any length in the memory of a few pages.
 */
export async function runtimeStatsPages(
  runtime: ReportingRuntime,
  query: StatsQuery,
  signal: AbortSignal,
  onPage: (entries: readonly StatsEntry[]) => void,
): Promise<void> {
  const client = runtime.clients(query.profile).reporting;
  if (!client) {
    const known =
      query.profile === undefined ||
      runtime.profiles().profiles.some((profile) => profile.name.toLowerCase() === query.profile!.toLowerCase());
    throw new MissingCredentialsError({
      profile: query.profile ?? runtime.profiles().active?.name,
      ...(known ? { needs: "bearer" } : { unknownProfile: true }),
    });
  }
  await client.statsAll(query.request, { signal, onPage });
}
