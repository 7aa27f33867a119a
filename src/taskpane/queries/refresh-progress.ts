import type { RefreshProgress, RefreshReport } from "../../core/workbook-queries/refresh-run";
import { el } from "../dom";
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

  finish(report: RefreshReport): void {
    this.show(report);
    this.elements.text.textContent = refreshSummary(report);
  }

  stop(): void {
    this.elements.cancel.hidden = true;
  }
}

/** One line per refreshed thing, with its state as a class for the colours. */
export class RefreshResults {
  constructor(private readonly list: HTMLUListElement) {}

  show(step: RefreshProgress): void {
    this.list.hidden = false;
    this.list.replaceChildren(...step.items.map((item) => el("li", { className: item.state, attrs: { "data-id": item.id }, text: resultText(item) })));
  }
}
