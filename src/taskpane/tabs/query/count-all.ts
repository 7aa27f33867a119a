import type { PagesProgress } from "../../../client";
import { countAllOffer, countProgressText, type CountAllOffer, type PreviewReachFacts } from "./count-all-text";

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
 * progress: pages read of pages known, as the client reads them. The offer belongs to the preview
 * shown: while the query differs from it (the preview is out of date) it is not made.
 */
export class CountAll {
  private offered: CountAllOffer | undefined;
  private outOfDate = false;

  constructor(
    private readonly elements: CountAllElements,
    private readonly pageSize: number,
  ) {}

  /** Offers Count all rows after a preview that read only part of its answer; hides it otherwise. */
  offer(facts: PreviewReachFacts | undefined): void {
    this.offered = facts ? countAllOffer(facts, this.pageSize) : undefined;
    this.show();
  }

  /**
   * Follows the preview: out of date, it asks to preview again, and counting would read another
   * query than the rows shown, so the offer goes; the query back as previewed, it returns.
   */
  previewOutOfDate(outOfDate: boolean): void {
    this.outOfDate = outOfDate;
    this.show();
  }

  private show(): void {
    const offer = this.outOfDate ? undefined : this.offered;
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
