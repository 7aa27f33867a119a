import type { HostKind } from "../../../office/page-environment";

/** What Refresh all did, said for where the pane runs: outside Excel there are no formulas to recalculate. */
export function refreshedText(host: HostKind): string {
  return host === "excel"
    ? "Cached answers cleared; every REPORTING formula is recalculating."
    : "Cached answers cleared. Formulas live in Excel: open the add-in there to recalculate them.";
}
