import type { PagesProgress } from "../../client";
import { countAllOffer, countProgressText, type PreviewReachFacts } from "./count-all-text";

export interface CountAllElements {
  box: HTMLElement;
  note: HTMLElement;
  button: HTMLButtonElement;
  progress: HTMLElement;
  meter: HTMLProgressElement;
  progressText: HTMLElement;
}

/**
 * The preview's offer to read every page of its answer ("Count all rows"), and that reading's
 * progress: pages read of pages known, as the client reads them.
 */
export class CountAll {
  constructor(
    private readonly elements: CountAllElements,
    private readonly pageSize: number,
  ) {}

  /** Offers Count all rows after a preview that read only part of its answer; hides it otherwise. */
  offer(facts: PreviewReachFacts | undefined): void {
    const offer = facts ? countAllOffer(facts, this.pageSize) : undefined;
    this.elements.box.hidden = offer === undefined;
    if (!offer) return;
    this.elements.note.textContent = offer.note;
    this.elements.button.textContent = offer.button;
  }

  started(): void {
    const { progress, meter, progressText } = this.elements;
    meter.removeAttribute("value");
    progressText.textContent = "Reading the first page…";
    progress.hidden = false;
  }

  progress(pages: PagesProgress): void {
    const { meter, progressText } = this.elements;
    meter.max = Math.max(1, pages.pagesKnown);
    meter.value = pages.pagesDone;
    progressText.textContent = countProgressText(pages);
  }

  stopped(): void {
    this.elements.progress.hidden = true;
    this.elements.progressText.textContent = "";
  }
}
