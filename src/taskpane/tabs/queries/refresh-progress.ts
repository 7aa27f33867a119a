import type { RefreshProgress, RefreshReport } from "../../../core/workbook-queries/refresh-run";
import { el } from "../../widgets/dom";
import { DEFAULT_CHANGE_THRESHOLD } from "../../../core/workbook-queries/workbook-options";
import { isFlagged, resultChangeText, summaryChanges } from "./change-text";
import { progressText, refreshSummary, resultText } from "./queries-text";

export interface RefreshProgressElements {
  root: HTMLElement;
  bar: HTMLProgressElement;
  text: HTMLElement;
  cancel: HTMLButtonElement;
}

/** The bar and line of a running refresh, and its Cancel, shown only while it runs. */
export class RefreshProgressView {
  constructor(private readonly elements: RefreshProgressElements) {}

  start(): void {
    this.elements.cancel.hidden = false;
  }

  show(step: RefreshProgress): void {
    const { root, bar, text } = this.elements;
    root.hidden = false;
    bar.max = Math.max(1, step.total);
    bar.value = step.done;
    text.textContent = progressText(step);
  }

  /** `more`: what the summary adds (the flagged tables). */
  finish(report: RefreshReport, more = ""): void {
    this.show(report);
    this.elements.text.textContent = `${refreshSummary(report)}${more}`;
  }

  stop(): void {
    this.elements.cancel.hidden = true;
  }
}

/**
 * One line per refreshed thing, with its state as a class for the colours, and for a table what
 * the refresh changed; a table whose revenue moved more than `threshold` percent says so in words
 * (and is marked data-flagged, for the bar beside it).
 */
export class RefreshResults {
  threshold = DEFAULT_CHANGE_THRESHOLD;

  constructor(private readonly list: HTMLUListElement) {}

  show(step: RefreshProgress): void {
    this.list.hidden = false;
    this.list.replaceChildren(
      ...step.items.map((item) => {
        const flagged =
          item.state === "refreshed" && isFlagged(summaryChanges(item.changes, item.rows), this.threshold);
        return el("li", {
          className: item.state,
          attrs: { "data-id": item.id, ...(flagged ? { "data-flagged": "true" } : {}) },
          text: `${resultText(item)}${resultChangeText(item, this.threshold)}`,
        });
      }),
    );
  }
}
