import { createProfileConnect, type ProfileStore } from "../core/profiles";
import { createReportingFunctions } from "../core/reporting-functions";
import type { HostKind } from "../office/host";
import { publishedRuntime, type ReportingRuntime } from "../office/runtime-bridge";
import { recalculateWorkbook } from "../office/workbook";

/**
 * The REPORTING functions the pane previews with. Inside Excel the functions bundle has
 * published its own instance, so a preview warms the cache the formula then uses; in a plain
 * browser (no custom functions runtime) the pane runs the same code in an instance of its own.
 */
export function createPaneRuntime(store: ProfileStore, today: () => string, host: HostKind): () => ReportingRuntime {
  let own: ReportingRuntime | undefined;
  return () => {
    const published = publishedRuntime();
    if (published) return published;
    if (!own) {
      const functions = createReportingFunctions({ connect: createProfileConnect(store), today });
      own = {
        functions,
        async refreshAll() {
          functions.clearCache();
          if (host === "excel") await recalculateWorkbook();
        },
      };
    }
    return own;
  };
}
