import { createProfileConnect } from "../core/profiles";
import { localToday } from "../core/periods";
import { createReportingFunctions } from "../core/reporting-functions";
import { publishedRuntime, publishRuntime, type ReportingRuntime } from "./runtime-bridge";
import { sharedProfileStore } from "./storage";
import { recalculateWorkbook } from "./workbook";

/**
 * Recalculates every REPORTING formula. Custom functions are not volatile, so only a full
 * calculation (every cell marked dirty, Excel.CalculationType.full, ExcelApi 1.1) reruns them;
 * recalculating just their cells would need Range.calculate, which Excel does not document
 * as forcing non-dirty custom functions, so the whole workbook is recalculated.
 */
async function recalculateReportingFormulas(): Promise<void> {
  if (typeof Excel === "undefined" || typeof Excel.run !== "function") return;
  await recalculateWorkbook();
}

/**
 * The one REPORTING runtime of the page: the formulas and the task pane (a separate bundle in
 * the same shared runtime) must share its cache and profiles, so it lives on the page through
 * runtime-bridge, and the profile store through storage.ts's own page-wide instance. A second
 * load of this bundle reuses the published runtime instead of starting a second cache.
 */
export function functionsRuntime(): ReportingRuntime {
  const published = publishedRuntime();
  if (published) return published;
  const functions = createReportingFunctions({
    connect: createProfileConnect(sharedProfileStore()),
    // Period words follow the user's own calendar day, read afresh on every call.
    today: localToday(),
  });
  const runtime: ReportingRuntime = {
    functions,
    async refreshAll() {
      functions.clearCache();
      await recalculateReportingFormulas();
    },
  };
  publishRuntime(runtime);
  return runtime;
}
