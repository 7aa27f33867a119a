import { loadWithDocument, startupBehaviorSupported } from "../../../office/tables/startup";
import { pageQueries } from "../../../office/tables/page-queries";
import type { PaneContext } from "../../shell/context";
import { refreshOnOpenText } from "./queries-text";

/** The workbook's "Refresh when this workbook opens" box, stored in the workbook. */
export class RefreshOnOpenOption {
  constructor(
    private readonly context: PaneContext,
    private readonly box: HTMLInputElement,
  ) {
    box.addEventListener("change", () => void this.save());
    box.setAttribute("data-startup-supported", String(startupBehaviorSupported()));
  }

  show(on: boolean): void {
    this.box.checked = on;
  }

  private async save(): Promise<void> {
    const on = this.box.checked;
    try {
      await pageQueries().store.setOptions({ refreshOnOpen: on });
      this.context.status.success(refreshOnOpenText(on, await loadWithDocument(on)));
    } catch (error) {
      this.box.checked = !on;
      this.context.status.error(error);
    }
  }
}
