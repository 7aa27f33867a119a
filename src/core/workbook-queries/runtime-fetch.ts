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
    fetchLegacy: (args, signal) => runtime.functions.legacyStats(args.from, args.to, args.groupBy, args.options, signal),
    async dataThrough(profile, signal) {
      // The runtime's own clients of that profile: a refresh wants today's answer, not a cached one.
      const client = runtime.clients(profile).reporting;
      return client ? (await client.dates({ signal })).to : undefined;
    },
    activeProfile: () => runtime.profiles().active?.name,
  };
}
