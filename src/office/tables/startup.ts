import { isSetSupported } from "../requirements";
import { quietForColleaguesWithoutAddin } from "../trust";

/**
 * "Refresh when the workbook opens": the add-in asks Excel to load it with the document
 * (Office.addin.setStartupBehavior, SharedRuntime 1.1), and the page refreshes everything once
 * when it starts. Excel keeps the behaviour with the document; the workbook's own option (in its
 * custom XML) says whether to refresh, so a copy of the file behaves the same.
 */
export function startupBehaviorSupported(): boolean {
  return (
    isSetSupported("SharedRuntime", "1.1") &&
    typeof Office !== "undefined" &&
    typeof Office.addin?.setStartupBehavior === "function"
  );
}

/** Loads the add-in with this document from now on (or stops): false where Excel cannot. */
export async function loadWithDocument(on: boolean): Promise<boolean> {
  if (!startupBehaviorSupported()) return false;
  await Office.addin.setStartupBehavior(on ? Office.StartupBehavior.load : Office.StartupBehavior.none);
  if (on) await quietForColleaguesWithoutAddin();
  return true;
}
