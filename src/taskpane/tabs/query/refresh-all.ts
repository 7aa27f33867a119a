import type { PaneContext } from "../../shell/context";
import type { ActionRunner } from "./action-runner";
import { refreshedText } from "./refresh-text";

/** Refresh all: forgets every cached answer and recalculates every REPORTING formula. */
export function setUpRefreshAll(
  button: HTMLButtonElement,
  deps: { context: PaneContext; runner: ActionRunner; onRefresh: () => void },
): void {
  const { context, runner, onRefresh } = deps;
  async function refreshAll(): Promise<void> {
    context.status.busy("Refreshing every REPORTING formula…");
    onRefresh();
    await context.runtime.refreshAll();
    context.status.success(refreshedText(context.host));
  }
  // Not cancellable: the workbook recalculates whatever the pane does.
  button.addEventListener("click", () => void runner.run(button, refreshAll, { cancellable: false }));
}
