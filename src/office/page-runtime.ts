import { localToday } from "../core/periods";
import { createReportingRuntime, type ReportingRuntime } from "../core/runtime/reporting-runtime";
import { excelRunAvailable } from "./excel-run";
import { detectHost } from "./page-environment";
import { browserIsOnline, browserProbe } from "./network-status";
import { createProfileStore } from "./storage";
import { recalculateWorkbook } from "./workbook";

/**
 * Recalculates every REPORTING formula. Custom functions are not volatile, so only a full
 * calculation (every cell marked dirty, Excel.CalculationType.full, ExcelApi 1.1) reruns them;
 * recalculating just their cells would need Range.calculate, which Excel does not document
 * as forcing non-dirty custom functions, so the whole workbook is recalculated.
 */
async function recalculateReportingFormulas(): Promise<void> {
  if (!excelRunAvailable()) return;
  if ((await detectHost()) !== "excel") return;
  await recalculateWorkbook();
}

function pageOrigin(): string | undefined {
  return typeof location === "undefined" ? undefined : location.origin;
}

let runtime: ReportingRuntime | undefined;

/**
 * The page's one runtime, created on first use by whichever bundle asks first: the functions
 * and the task pane are two entries of one webpack build sharing one module registry (a single
 * runtime chunk), so this module, and with it the runtime, exists once per page.
 */
export function pageRuntime(): ReportingRuntime {
  runtime ??= createReportingRuntime({
    store: createProfileStore(),
    // Period words follow the user's own calendar day, read afresh on every call.
    today: localToday(),
    recalculate: recalculateReportingFormulas,
    // Lets a failed request say it was most likely blocked by the browser (another origin
    // without CORS, or http:// from this https:// page) rather than blame the network.
    // A failure to connect says which: no network, nothing at the address, or CORS.
    transport: { pageOrigin: pageOrigin(), isOnline: browserIsOnline, probeReachable: browserProbe },
  });
  // When Excel never starts the add-in, the pane and each formula awaiting `ready` report it;
  // a page where nothing awaits it yet must not log it as unhandled.
  runtime.ready.catch(() => undefined);
  return runtime;
}
