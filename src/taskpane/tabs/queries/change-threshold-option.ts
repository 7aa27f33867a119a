import { pageQueries } from "../../../office/tables/page-queries";
import type { PaneContext } from "../../shell/context";
import { readThreshold, thresholdText } from "./change-text";

/** The workbook's threshold: a table whose revenue moves more than this percentage in a refresh is flagged. Stored in the workbook. */
export class ChangeThresholdOption {
  private shown = 0;

  constructor(
    private readonly context: PaneContext,
    private readonly input: HTMLInputElement,
    private readonly changed: (threshold: number) => void,
  ) {
    input.addEventListener("change", () => void this.save());
  }

  show(threshold: number): void {
    this.shown = threshold;
    // Not while the user is typing in it.
    if (document.activeElement !== this.input) this.input.value = String(threshold);
    this.input.removeAttribute("aria-invalid");
  }

  private async save(): Promise<void> {
    const read = readThreshold(this.input.value);
    if ("problem" in read) {
      this.input.setAttribute("aria-invalid", "true");
      this.context.status.show(`${read.problem} The workbook keeps ${thresholdText(this.shown)}.`, "error");
      return;
    }
    this.input.removeAttribute("aria-invalid");
    try {
      await pageQueries().store.setOptions({ changeThreshold: read.threshold });
      this.shown = read.threshold;
      this.input.value = String(read.threshold);
      this.context.status.success(
        `A table whose revenue moves more than ${thresholdText(read.threshold)} in a refresh is flagged from now on. The workbook keeps this choice.`,
      );
      this.changed(read.threshold);
    } catch (error) {
      this.input.value = String(this.shown);
      this.context.status.error(error);
    }
  }
}
