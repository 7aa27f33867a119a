import { loadWithDocument } from "../../office/tables/startup";
import { readWorkbookOptions } from "../../office/tables/workbook-options";
import type { PaneContext } from "./context";
import type { QueriesView } from "../tabs/queries/queries-tab";
import { plainMessage } from "./status";

const WHY = "This workbook refreshes when it opens.";

/**
 * The refresh when the workbook opens: once per page, when the workbook says so. The page is the
 * shared runtime Excel loads with the document (Office.addin.setStartupBehavior), pane shown or not.
 * Only the workbook's flag is read at start; the Queries view, which refreshes, is loaded when it says yes.
 */
export async function refreshIfOpenedToRefresh(
  context: PaneContext,
  queriesView: () => Promise<QueriesView>,
): Promise<void> {
  if (context.host !== "excel") return;
  const options = await readWorkbookOptions().catch(() => undefined);
  if (!options?.refreshOnOpen) return;
  // A copy of the file (or one opened where the behaviour was never set) loads with it from now on.
  await loadWithDocument(true).catch(() => false);
  let view: QueriesView;
  try {
    view = await queriesView();
  } catch (error) {
    context.status.show(`${WHY} ${plainMessage(error)}`, "error");
    return;
  }
  await view.refreshAll(WHY);
}
