import type { Application } from "../../../api";
import { textTableModel } from "../../../core/preview";
import { clear, el } from "../../widgets/dom";
import { renderPreviewTable } from "../../widgets/preview-table";
import { plainMessage } from "../../shell/status";
import { NO_APPLICATION, applicationHintText, applicationSummaryText } from "./legacy-text";

/** The applications the key reaches, each opening its ad units. */
export class ApplicationsList {
  constructor(private readonly root: HTMLElement) {}

  show(applications: readonly Application[]): void {
    clear(this.root);
    if (applications.length === 0) {
      this.root.append(el("p", { className: "empty", text: NO_APPLICATION }));
      return;
    }
    this.root.append(
      el(
        "div",
        { className: "applications" },
        applications.map((application) => this.item(application)),
      ),
    );
  }

  showError(error: unknown): void {
    clear(this.root);
    this.root.append(el("p", { className: "result error", text: plainMessage(error) }));
  }

  clear(): void {
    clear(this.root);
  }

  private item(application: Application): HTMLDetailsElement {
    const units = el("div");
    // The same renderer as the previews: at 320 px the Id column scrolls, with a cue, behind a sticky Name.
    renderPreviewTable(
      units,
      textTableModel(
        ["Name", "Type", "Id"],
        application.ad_unit_details.map((unit) => [unit.name, unit.type, unit.id]),
      ),
      { caption: `Ad units of ${application.name}`, label: `Ad units of ${application.name} (${application.app_key})` },
    );
    return el("details", { attrs: { "data-app-key": String(application.app_key) } }, [
      el("summary", { text: applicationSummaryText(application) }),
      el("p", { className: "hint", text: applicationHintText(application) }),
      units,
    ]);
  }
}
